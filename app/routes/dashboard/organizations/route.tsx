import { Plus } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, useActionData, useLocation, useNavigate } from "react-router";
import { useFailureToast } from "../../../components/dashboard/action-feedback.tsx";
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
import { organizationActions } from "./actions.server.ts";
import { organizationColumns } from "./organization-row.tsx";
import { OrganizationDetails, OrganizationsQuery } from "./queries.ts";
import { certificationLabels, kindLabels, listingLabels, organizationSorts } from "./words.ts";

/** The page works on every organization: the viewer's reach must be "all". */
export const middleware: Route.MiddlewareFunction[] = [
  requireReach("organization", "read", "Only people who manage organizations can open this page."),
];

/** The panel (its tabs, form and pickers) loads when an organization is first opened, not with the list. */
const OrganizationPanel = lazy(() => import("./organization-panel.tsx"));

export const meta: Route.MetaFunction = () => privatePageMeta("Organizations");

export async function loader({ context, url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const listing = enumParam(params, "listing", listingLabels);
  const sort = enumParam(params, "sort", organizationSorts) ?? "name";
  const filters = {
    search: searchParam(params),
    kind: enumParam(params, "kind", kindLabels),
    certificationStatus: enumParam(params, "certification", certificationLabels),
    publicListing: listing === undefined ? undefined : listing === "listed",
    sort,
    // Names and cities read A to Z; dates newest first, unless the address says otherwise.
    direction: enumParam(params, "direction", directionLabels) ?? (sort === "name" || sort === "city" ? "asc" : "desc"),
  };
  const list = await query(context, OrganizationsQuery, { ...filters, ...pageParams(params) });
  const editId = params.get("edit");
  const details = editId ? await tryQuery(context, OrganizationDetails, { id: editId }) : null;
  return {
    filters: { ...filters, listing },
    organizations: list.organizations.nodes,
    pageInfo: list.organizations.pageInfo,
    total: { count: list.organizations.totalCount, more: list.organizations.totalCountIsLowerBound },
    creating: params.get("new") === "1",
    editing: details?.ok ? details.data.organization : null,
    editError: details && !details.ok ? details.error.message : null,
  };
}

export async function action(args: Route.ActionArgs) {
  return organizationActions.action(args);
}

/** Admin: the clinics, hospitals, distributors and research sites that run or sell the equipment. */
export default function AdminOrganizations({ loaderData }: Route.ComponentProps) {
  const { filters, organizations, pageInfo, total, creating, editing, editError } = loaderData;
  const failure = useActionData<typeof action>();
  useFailureToast(failure);
  const { capabilities } = usePortal();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const loading = useListLoading();
  const close = (param: string) =>
    void navigate(`${pathname}${withParams(search, { [param]: null })}`, { preventScrollReset: true });
  const filtered = Boolean(filters.search || filters.kind || filters.certificationStatus || filters.listing);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Organizations</h1>
          <p className="text-base text-gray-700 dark:text-gray-300">
            Clinics, hospitals, distributors and research sites. Listed ones appear on the public locations page.
          </p>
        </div>
        {can(capabilities, "organization", "create") ? (
          <Link to={withParams(search, { new: "1" })} className={buttonClasses("primary", "md")} preventScrollReset>
            <Plus aria-hidden="true" className="size-5" /> Add an organization
          </Link>
        ) : null}
      </div>

      <ListFilters
        label="Filter organizations"
        total={{ ...total, one: "organization", many: "organizations" }}
        chips={chipsOf(filters)}
      >
        <SearchField label="Name or city" defaultValue={filters.search} />
        <SelectField
          label="Kind"
          name="kind"
          anyLabel="Any kind"
          defaultValue={filters.kind}
          options={optionsOf(kindLabels)}
        />
        <SelectField
          label="Certification"
          name="certification"
          anyLabel="Any"
          defaultValue={filters.certificationStatus}
          options={optionsOf(certificationLabels)}
        />
        <SelectField
          label="Public listing"
          name="listing"
          anyLabel="Listed or not"
          defaultValue={filters.listing}
          options={optionsOf(listingLabels)}
        />
      </ListFilters>

      <DataTable
        caption="Organizations"
        rows={organizations}
        rowKey={(organization) => organization.id}
        columns={organizationColumns}
        sort={{ current: filters.sort, direction: filters.direction }}
        loading={loading}
        empty={
          <EmptyList
            filtered={filtered}
            title={{ filtered: "No organization matches these filters", empty: "No organizations yet" }}
          >
            Add the first one with the button above.
          </EmptyList>
        }
      />
      <Pagination pageInfo={pageInfo} label="Organizations" />

      {creating || editing ? (
        <Suspense fallback={null}>
          <OrganizationPanel
            key={editing?.id ?? "new"}
            organization={editing}
            failure={failure}
            onClose={() => close(editing ? "edit" : "new")}
          />
        </Suspense>
      ) : null}
      <ListAlert message={editError} />
    </div>
  );
}

export { DashboardErrorBoundary as ErrorBoundary };

function chipsOf(filters: {
  search: string | undefined;
  kind: keyof typeof kindLabels | undefined;
  certificationStatus: keyof typeof certificationLabels | undefined;
  listing: keyof typeof listingLabels | undefined;
}): FilterChip[] {
  return [
    filters.search ? { param: "q", label: `Name or city: “${filters.search}”` } : null,
    filters.kind ? { param: "kind", label: `Kind: ${kindLabels[filters.kind]}` } : null,
    filters.certificationStatus
      ? { param: "certification", label: `Certification: ${certificationLabels[filters.certificationStatus]}` }
      : null,
    filters.listing ? { param: "listing", label: `Public listing: ${listingLabels[filters.listing]}` } : null,
  ].filter((chip) => chip !== null);
}
