import { lazy, Suspense } from "react";
import { Link, useActionData, useLocation, useNavigate } from "react-router";
import { useFailureToast } from "../../../../components/dashboard/action-feedback.tsx";
import { DashboardErrorBoundary } from "../../../../components/dashboard/error-boundary.tsx";
import { DataTable, type Column } from "../../../../components/dashboard/data-table.tsx";
import { EmptyList, ListAlert, Pagination, useListLoading } from "../../../../components/dashboard/list.tsx";
import {
  ListFilters,
  SearchField,
  SelectField,
  type FilterChip,
} from "../../../../components/dashboard/list-filters.tsx";
import { RelativeTime } from "../../../../components/dashboard/relative-time.tsx";
import { query, tryQuery } from "../../../../lib/api.server.ts";
import { formatDate } from "../../../../lib/format.ts";
import { optionsOf, type ResultOf } from "../../../../lib/graphql.ts";
import { enumParam, pageParams, searchParam, withParams } from "../../../../lib/list-params.ts";
import { requireReach } from "../../../../lib/portal/context.server.ts";
import { privatePageMeta } from "../../../../lib/seo.ts";
import { InboxTabs } from "../tabs.tsx";
import { productLabels } from "../words.ts";
import type { Route } from "./+types/route";
import { applicationActions } from "./actions.server.ts";
import { ApplicationDetails, ApplicationsQuery, LinkedOrganization } from "./queries.ts";
import { ApplicationStatus } from "./status.tsx";
import { applicationStatusLabels, formatLabels } from "./words.ts";

export const middleware: Route.MiddlewareFunction[] = [
  requireReach(
    "application",
    "read",
    "Only admins, and people given the inquiries duty, can read certification applications.",
  ),
];

const ApplicationPanel = lazy(() => import("./application-panel.tsx"));

export const meta: Route.MetaFunction = () => privatePageMeta("Certification applications");

export async function loader({ context, url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const filter = { search: searchParam(params), status: enumParam(params, "status", applicationStatusLabels) };
  const list = await query(context, ApplicationsQuery, { ...filter, ...pageParams(params) });
  const selectedId = params.get("selected");
  const details = selectedId ? await tryQuery(context, ApplicationDetails, { id: selectedId }) : null;
  const selected = details?.ok ? details.data.certificationApplication : null;
  const linked = selected?.organizationId
    ? await tryQuery(context, LinkedOrganization, { id: selected.organizationId })
    : null;
  const counts = list.certificationApplicationCounts;
  return {
    now: new Date().toISOString(),
    filter,
    applications: list.certificationApplications.nodes,
    pageInfo: list.certificationApplications.pageInfo,
    total: {
      count: list.certificationApplications.totalCount,
      more: list.certificationApplications.totalCountIsLowerBound,
    },
    waiting: { messages: list.inquiryCounts.new, applications: counts.applied + counts.scheduled + counts.completed },
    selected,
    organization: linked?.ok ? linked.data.organization : null,
    selectedError: details && !details.ok ? details.error.message : null,
  };
}

export async function action(args: Route.ActionArgs) {
  return applicationActions.action(args);
}

type Row = ResultOf<typeof ApplicationsQuery>["certificationApplications"]["nodes"][number];

function NameCell({ application }: { application: Row }) {
  const { search } = useLocation();
  return (
    <>
      <Link
        to={withParams(search, { selected: application.id })}
        preventScrollReset
        className="font-semibold text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300"
      >
        {application.name}
      </Link>
      <span className="block text-gray-700 dark:text-gray-300">
        {application.jobTitle}, {application.organizationName}
      </span>
    </>
  );
}

function columns(now: string): Column<Row>[] {
  return [
    {
      id: "name",
      header: "Applicant",
      phone: "primary",
      cell: (application) => <NameCell application={application} />,
    },
    {
      id: "training",
      header: "Training",
      phone: "fact",
      cell: (application) =>
        `${productLabels[application.product]}, ${formatLabels[application.trainingFormat].toLowerCase()}`,
    },
    {
      id: "received",
      header: "Received",
      phone: "fact",
      cell: (application) => <RelativeTime iso={application.createdAt} now={now} />,
    },
    {
      id: "status",
      header: "Status",
      phone: "aside",
      cell: (application) => (
        <span className="inline-grid justify-items-start gap-0.5 stacked:justify-items-end">
          <ApplicationStatus status={application.status} />
          {application.status === "scheduled" && application.scheduledFor ? (
            <span className="text-xs whitespace-nowrap text-gray-700 dark:text-gray-300">
              {formatDate(application.scheduledFor)}
            </span>
          ) : null}
        </span>
      ),
    },
  ];
}

/** Applications to the Get Certified programme, in the inbox's second tab. */
export default function AdminApplications({ loaderData }: Route.ComponentProps) {
  const { now, filter, applications, pageInfo, total, waiting, selected, organization, selectedError } = loaderData;
  const failure = useActionData<typeof action>();
  useFailureToast(failure);
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const loading = useListLoading();
  const chips: FilterChip[] = [
    filter.search ? { param: "q", label: `Search: “${filter.search}”` } : null,
    filter.status ? { param: "status", label: `Status: ${applicationStatusLabels[filter.status]}` } : null,
  ].filter((chip) => chip !== null);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Certification applications</h1>
        <p className="text-base text-gray-700 dark:text-gray-300">
          Operators who applied on the Get Certified page. Each step you take is emailed to them.
        </p>
      </div>
      <InboxTabs waiting={waiting} />
      <ListFilters
        label="Filter applications"
        total={{ ...total, one: "application", many: "applications" }}
        chips={chips}
      >
        <SearchField label="Name, email or organization" defaultValue={filter.search} />
        <SelectField
          label="Status"
          name="status"
          anyLabel="Any status"
          defaultValue={filter.status}
          options={optionsOf(applicationStatusLabels)}
        />
      </ListFilters>
      <DataTable
        caption="Certification applications"
        rows={applications}
        rowKey={(application) => application.id}
        columns={columns(now)}
        loading={loading}
        empty={
          <EmptyList
            filtered={Boolean(filter.search || filter.status)}
            title={{ filtered: "No application matches these filters", empty: "No applications yet" }}
          >
            Applications sent from the{" "}
            <Link className="font-semibold underline" to="/about/get-certified">
              Get Certified
            </Link>{" "}
            page appear here.
          </EmptyList>
        }
      />
      <Pagination pageInfo={pageInfo} label="Certification applications" />
      {selected ? (
        <Suspense fallback={null}>
          <ApplicationPanel
            key={selected.id}
            application={selected}
            organization={organization}
            now={now}
            failure={failure}
            onClose={() =>
              void navigate(`${pathname}${withParams(search, { selected: null })}`, { preventScrollReset: true })
            }
          />
        </Suspense>
      ) : null}
      <ListAlert message={selectedError} />
    </div>
  );
}

export { DashboardErrorBoundary as ErrorBoundary };
