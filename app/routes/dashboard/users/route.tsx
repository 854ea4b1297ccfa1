import { UserPlus } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, useActionData, useLocation, useNavigate } from "react-router";
import { failureFor, useFailureToast } from "../../../components/dashboard/action-feedback.tsx";
import { DashboardErrorBoundary } from "../../../components/dashboard/error-boundary.tsx";
import { DataTable } from "../../../components/dashboard/data-table.tsx";
import { EmptyList, ListAlert, Pagination, useListLoading } from "../../../components/dashboard/list.tsx";
import { ListFilters, SearchField, SelectField, type FilterChip } from "../../../components/dashboard/list-filters.tsx";
import { usePortal } from "../../../components/dashboard/portal-context.tsx";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { query, tryQuery } from "../../../lib/api.server.ts";
import { can } from "../../../lib/portal/nav.ts";
import { optionsOf } from "../../../lib/graphql.ts";
import { directionLabels, enumParam, pageParams, searchParam, withParams } from "../../../lib/list-params.ts";
import { requireReach } from "../../../lib/portal/context.server.ts";
import { privatePageMeta } from "../../../lib/seo.ts";
import type { Route } from "./+types/route";
import { userActions } from "./actions.server.ts";
import { UserDetails, UsersQuery } from "./queries.ts";
import { userColumns } from "./user-row.tsx";
import { roleLabels, statusLabels, userSorts } from "./words.ts";

/** The page works on every person: the viewer's reach must be "all". */
export const middleware: Route.MiddlewareFunction[] = [
  requireReach("user", "read", "Only people who manage users can open this page."),
];

/** The invitation dialog and a person's panel load when first opened, not with the list. */
const InviteDialog = lazy(() => import("./invite-dialog.tsx"));
const UserPanel = lazy(() => import("./user-panel.tsx"));

export const meta: Route.MetaFunction = () => privatePageMeta("Users");

export async function loader({ context, url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const filters = {
    search: searchParam(params),
    role: enumParam(params, "role", roleLabels),
    status: enumParam(params, "status", statusLabels),
    sort: enumParam(params, "sort", userSorts) ?? "created",
    direction: enumParam(params, "direction", directionLabels),
  };
  // Names read A to Z; dates newest first, unless the address says otherwise.
  const direction = filters.direction ?? (filters.sort === "name" || filters.sort === "email" ? "asc" : "desc");
  const list = await query(context, UsersQuery, { ...filters, direction, ...pageParams(params) });
  const selectedId = params.get("user");
  const selected = selectedId ? await tryQuery(context, UserDetails, { id: selectedId }) : null;
  return {
    now: new Date().toISOString(),
    filters: { ...filters, direction },
    users: list.users.nodes,
    pageInfo: list.users.pageInfo,
    total: { count: list.users.totalCount, more: list.users.totalCountIsLowerBound },
    selected: selected?.ok ? selected.data.user : null,
    selectedError: selected && !selected.ok ? selected.error.message : null,
    inviting: params.get("invite") === "1",
  };
}

export async function action(args: Route.ActionArgs) {
  return userActions.action(args);
}

/** Admin: everyone who may sign in. Invite, change roles and organizations, disable and enable, end sessions. */
export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { now, filters, users, pageInfo, total, selected, selectedError, inviting } = loaderData;
  const failure = useActionData<typeof action>();
  useFailureToast(failure);
  const { capabilities } = usePortal();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const loading = useListLoading();
  const close = (param: string) =>
    void navigate(`${pathname}${withParams(search, { [param]: null })}`, { preventScrollReset: true });
  const chips: FilterChip[] = [
    filters.search ? { param: "q", label: `Name or email: “${filters.search}”` } : null,
    filters.role ? { param: "role", label: `Role: ${roleLabels[filters.role]}` } : null,
    filters.status ? { param: "status", label: `Status: ${statusLabels[filters.status]}` } : null,
  ].filter((chip) => chip !== null);
  const { sort, direction } = filters;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Users</h1>
          <p className="text-base text-gray-700 dark:text-gray-300">
            Everyone who may sign in. Select a person to change their role or organization, disable them or end their
            sessions.
          </p>
        </div>
        {can(capabilities, "user", "invite") ? (
          <Link to={withParams(search, { invite: "1" })} className={buttonClasses("primary", "md")} preventScrollReset>
            <UserPlus aria-hidden="true" className="size-5" /> Invite a person
          </Link>
        ) : null}
      </div>

      <ListFilters label="Filter users" total={{ ...total, one: "person", many: "people" }} chips={chips}>
        <SearchField label="Name or email" defaultValue={filters.search} />
        <SelectField
          label="Role"
          name="role"
          anyLabel="Any role"
          defaultValue={filters.role}
          options={optionsOf(roleLabels)}
        />
        <SelectField
          label="Status"
          name="status"
          anyLabel="Any status"
          defaultValue={filters.status}
          options={optionsOf(statusLabels)}
        />
      </ListFilters>

      <DataTable
        caption="Users"
        rows={users}
        rowKey={(user) => user.id}
        columns={userColumns(now)}
        sort={{ current: sort, direction }}
        loading={loading}
        empty={
          <EmptyList
            filtered={chips.length > 0}
            title={{ filtered: "No one matches these filters", empty: "No users yet" }}
          >
            Invite the first person with the button above.
          </EmptyList>
        }
      />
      <Pagination pageInfo={pageInfo} label="Users" />

      <Suspense fallback={null}>
        {inviting ? <InviteDialog failure={failureFor(failure, "invite")} onClose={() => close("invite")} /> : null}
        {selected ? <UserPanel user={selected} failure={failure} onClose={() => close("user")} /> : null}
      </Suspense>
      <ListAlert message={selectedError} />
    </div>
  );
}

export { DashboardErrorBoundary as ErrorBoundary };
