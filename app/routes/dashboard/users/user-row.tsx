import { Fragment } from "react";
import { Link, useLocation } from "react-router";
import type { Column } from "../../../components/dashboard/data-table.tsx";
import { RelativeTime } from "../../../components/dashboard/relative-time.tsx";
import { personName } from "../../../lib/format.ts";
import type { ApiEnum, ResultOf } from "../../../lib/graphql.ts";
import { withParams } from "../../../lib/list-params.ts";
import type { UsersQuery } from "./queries.ts";
import { roleLabels, statusLabels } from "./words.ts";

export type UserRow = ResultOf<typeof UsersQuery>["users"]["nodes"][number];

const statusStyles: Record<ApiEnum<"UserStatus">, string> = {
  active: "bg-emerald-50 text-emerald-900 ring-emerald-600/40 dark:bg-emerald-950 dark:text-emerald-100",
  invited: "bg-bdblue-50 text-bdblue-900 ring-bdblue-600/40 dark:bg-bdblue-950 dark:text-bdblue-100",
  disabled: "bg-gray-100 text-gray-900 ring-gray-500/40 dark:bg-gray-800 dark:text-gray-100",
};

export function StatusBadge({ status }: { status: ApiEnum<"UserStatus"> }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${statusStyles[status]}`}
    >
      {statusLabels[status]}
    </span>
  );
}

/** An email address that, when it must wrap, wraps before an "@" or a "." rather than inside a word. */
function Email({ address }: { address: string }) {
  return address.split(/(?=[@.])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/** A person's name, which opens their panel, and their address under it. */
function PersonCell({ user }: { user: UserRow }) {
  const { search } = useLocation();
  return (
    <>
      <Link
        to={withParams(search, { user: user.id })}
        preventScrollReset
        className="font-semibold text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300"
      >
        {personName(user)}
      </Link>
      {user.name && user.email ? (
        <span className="block text-gray-700 dark:text-gray-300">
          <Email address={user.email} />
        </span>
      ) : null}
    </>
  );
}

/** The users list's columns: on a phone, the name and status, then role, organization and last sign-in on one line. */
export function userColumns(now: string): Column<UserRow>[] {
  return [
    {
      id: "name",
      header: "Name",
      sort: { key: "name" },
      phone: "primary",
      cell: (user) => <PersonCell user={user} />,
    },
    { id: "role", header: "Role", phone: "fact", cell: (user) => roleLabels[user.role] },
    { id: "status", header: "Status", phone: "aside", cell: (user) => <StatusBadge status={user.status} /> },
    {
      id: "organization",
      header: "Organization",
      phone: "fact",
      cell: (user) => user.organization?.name ?? "—",
      fact: (user) => user.organization?.name ?? "No organization",
    },
    {
      id: "lastSignIn",
      header: "Last sign-in",
      sort: { key: "lastSignIn", defaultDirection: "desc" },
      phone: "fact",
      className: "whitespace-nowrap",
      cell: (user) => (user.lastSignInAt ? <RelativeTime iso={user.lastSignInAt} now={now} /> : "Never"),
      fact: (user) =>
        user.lastSignInAt ? <RelativeTime iso={user.lastSignInAt} now={now} prefix="signed in" /> : "never signed in",
    },
  ];
}
