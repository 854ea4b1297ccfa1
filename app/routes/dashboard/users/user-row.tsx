import { Fragment } from "react";
import { Link, useLocation } from "react-router";
import type { Column } from "../../../components/dashboard/data-table.tsx";
import { RelativeTime } from "../../../components/dashboard/relative-time.tsx";
import { StatusPill, type PillTone } from "../../../components/ui/status-pill.tsx";
import { personName } from "../../../lib/format.ts";
import type { ApiEnum, ResultOf } from "../../../lib/graphql.ts";
import { withParams } from "../../../lib/list-params.ts";
import type { UsersQuery } from "./queries.ts";
import { roleLabels, statusLabels } from "./words.ts";

export type UserRow = ResultOf<typeof UsersQuery>["users"]["nodes"][number];

const statusTones: Record<ApiEnum<"UserStatus">, PillTone> = {
  active: "green",
  invited: "blue",
  disabled: "gray",
};

export function StatusBadge({ status }: { status: ApiEnum<"UserStatus"> }) {
  return <StatusPill tone={statusTones[status]}>{statusLabels[status]}</StatusPill>;
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
