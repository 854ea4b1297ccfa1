import { Link, useLocation } from "react-router";
import { formatDateTime, personName } from "../../../lib/format.ts";
import type { ApiEnum, ResultOf } from "../../../lib/graphql.ts";
import { withParams } from "../../../lib/list-params.ts";
import type { UsersQuery } from "./queries.ts";
import { roleLabels, statusLabels } from "./words.ts";

type UserRow = ResultOf<typeof UsersQuery>["users"]["nodes"][number];

const statusStyles: Record<ApiEnum<"UserStatus">, string> = {
  active: "bg-emerald-50 text-emerald-900 ring-emerald-600/40 dark:bg-emerald-950 dark:text-emerald-100",
  invited: "bg-bdblue-50 text-bdblue-900 ring-bdblue-600/40 dark:bg-bdblue-950 dark:text-bdblue-100",
  disabled: "bg-gray-100 text-gray-900 ring-gray-500/40 dark:bg-gray-800 dark:text-gray-100",
};

export function StatusBadge({ status }: { status: ApiEnum<"UserStatus"> }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset ${statusStyles[status]}`}
    >
      {statusLabels[status]}
    </span>
  );
}

/** One person in the list; their name opens their panel. */
export function UserRowView({ user }: { user: UserRow }) {
  const { search } = useLocation();
  return (
    <tr className="border-t border-gray-200 align-top dark:border-gray-800">
      <th scope="row" className="px-4 py-3 text-left font-normal">
        <Link
          to={withParams(search, { user: user.id })}
          className="font-semibold text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300"
        >
          {personName(user)}
        </Link>
        {user.name && user.email ? (
          <span className="block text-sm break-all text-gray-700 dark:text-gray-300">{user.email}</span>
        ) : null}
      </th>
      <td className="py-3 pr-4">{roleLabels[user.role]}</td>
      <td className="py-3 pr-4">
        <StatusBadge status={user.status} />
      </td>
      <td className="py-3 pr-4">{user.organization?.name ?? "—"}</td>
      <td className="py-3 pr-4">
        {user.status === "invited"
          ? `Invited until ${formatDateTime(user.invitationExpiresAt)}`
          : formatDateTime(user.lastSignInAt)}
      </td>
    </tr>
  );
}
