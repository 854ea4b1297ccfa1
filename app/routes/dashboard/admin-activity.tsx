import { Download } from "lucide-react";
import { Link, useLocation } from "react-router";
import { DashboardErrorBoundary } from "../../components/dashboard/error-boundary.tsx";
import {
  DateField,
  EmptyState,
  ListFilters,
  ListTable,
  Pagination,
  PlainHeader,
  SearchField,
  SelectField,
  useListLoading,
} from "../../components/dashboard/list.tsx";
import { usePortal } from "../../components/dashboard/portal-context.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { query } from "../../lib/api.server.ts";
import { actionWords, targetTypeLabels } from "../../lib/activity-words.ts";
import { activityFilter } from "../../lib/activity-filter.ts";
import { can } from "../../lib/dashboard-nav.ts";
import { describeBrowser, formatDateTime } from "../../lib/format.ts";
import { graphql, type ResultOf } from "../../lib/graphql.ts";
import { pageParams } from "../../lib/list-params.ts";
import { requireReach, type PageReach } from "../../lib/page-access.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/admin-activity";

/** The page works on every row of the entity: the viewer's reach must be "all". */
const page: PageReach = {
  entity: "activity",
  operation: "read",
  refusal: "Only people who may read the whole activity log can open this page.",
};

export const meta: Route.MetaFunction = () => privatePageMeta("Activity");

const ActivityQuery = graphql(`
  query AdminActivity($filter: ActivityFilter, $first: Int, $after: String, $last: Int, $before: String) {
    activity(filter: $filter, first: $first, after: $after, last: $last, before: $before) {
      nodes {
        id
        at
        actorLabel
        via
        action
        targetType
        targetLabel
        changes {
          field
          from
          to
        }
        address
        userAgent
      }
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
    }
    activityActions
    users(first: 100, sort: name, direction: asc) {
      nodes {
        id
        name
        email
      }
    }
  }
`);

export async function loader({ context, url }: Route.LoaderArgs) {
  await requireReach(context, page);
  const filter = activityFilter(url.searchParams);
  const data = await query(context, ActivityQuery, { filter, ...pageParams(url.searchParams) });
  return {
    filter,
    rows: data.activity.nodes,
    pageInfo: data.activity.pageInfo,
    actions: data.activityActions,
    people: data.users.nodes,
  };
}

type Row = ResultOf<typeof ActivityQuery>["activity"]["nodes"][number];

function readable(json: string | null): string {
  if (json === null) return "nothing";
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value === "string") return value === "" ? "nothing" : value;
    if (typeof value === "boolean") return value ? "yes" : "no";
    if (Array.isArray(value) && value.length === 0) return "none";
    return typeof value === "number" ? String(value) : JSON.stringify(value);
  } catch {
    return json;
  }
}

function Changes({ row }: { row: Row }) {
  if (row.changes.length === 0) return <span className="text-gray-600 dark:text-gray-400">—</span>;
  return (
    <details>
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-bdblue-700 dark:text-bdblue-300">
        {row.changes.length === 1 ? "1 field" : `${row.changes.length} fields`}
      </summary>
      <dl className="grid gap-2 pb-2 text-sm">
        {row.changes.map((change) => (
          <div key={change.field}>
            <dt className="font-semibold">{change.field}</dt>
            <dd className="break-all">
              {readable(change.from)} → {readable(change.to)}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** Admin: the audit log of every write, newest first; filters stay in the URL and apply to the CSV too. */
export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { filter, rows, pageInfo, actions, people } = loaderData;
  const { capabilities } = usePortal();
  const { search, pathname } = useLocation();
  const loading = useListLoading();
  const filtered = Object.values(filter).some(Boolean);
  const exportParams = new URLSearchParams(search);
  exportParams.delete("after");
  exportParams.delete("before");
  const exportQuery = exportParams.toString();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Activity</h1>
          <p className="text-base text-gray-700 dark:text-gray-300">
            Every change made in the portal: who, what, when and from where. Times are in UTC.
          </p>
        </div>
        {can(capabilities, "activity", "export") ? (
          <a
            href={`/dashboard/admin/activity/export${exportQuery ? `?${exportQuery}` : ""}`}
            download
            className={buttonClasses("secondary", "md")}
          >
            <Download aria-hidden="true" className="size-5" /> Export as CSV
            <span className="sr-only"> (the rows these filters select, up to 10,000)</span>
          </a>
        ) : null}
      </div>

      <ListFilters label="Filter the activity log">
        <SelectField
          label="Who"
          name="actor"
          anyLabel="Anyone"
          defaultValue={filter.actorId}
          options={people.map((person) => ({ value: person.id, label: person.name ?? person.email ?? person.id }))}
        />
        <SelectField
          label="What"
          name="action"
          anyLabel="Any action"
          defaultValue={filter.action}
          options={actions.map((action) => ({ value: action, label: `${action} (${actionWords(action)})` }))}
        />
        <SelectField
          label="Kind of record"
          name="type"
          anyLabel="Any kind"
          defaultValue={filter.targetType}
          options={Object.entries(targetTypeLabels).map(([value, label]) => ({ value, label }))}
        />
        <DateField label="From" name="from" defaultValue={filter.from} />
        <DateField label="To" name="to" defaultValue={filter.to} />
        <SearchField label="Name of a person or record" defaultValue={filter.search} />
      </ListFilters>

      {rows.length === 0 ? (
        <EmptyState title={filtered ? "Nothing matches these filters" : "Nothing has happened yet"}>
          {filtered ? (
            <Link to={pathname} className="font-semibold text-bdblue-700 underline dark:text-bdblue-300">
              Clear the filters
            </Link>
          ) : (
            <p>Every change made in the portal is recorded here.</p>
          )}
        </EmptyState>
      ) : (
        <ListTable caption="Activity" loading={loading}>
          <thead className="bg-gray-50 text-sm text-gray-700 dark:bg-gray-900 dark:text-gray-300">
            <tr>
              <PlainHeader className="px-4">When</PlainHeader>
              <PlainHeader>Who</PlainHeader>
              <PlainHeader>What</PlainHeader>
              <PlainHeader>Changes</PlainHeader>
              <PlainHeader>From</PlainHeader>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-gray-200 align-top dark:border-gray-800">
                <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(row.at)}</td>
                <th scope="row" className="py-3 pr-4 text-left font-semibold">
                  {row.actorLabel}
                  {row.via === "token" ? <span className="block text-sm font-normal">with an access token</span> : null}
                </th>
                <td className="py-3 pr-4">
                  {actionWords(row.action)} <span className="font-semibold">{row.targetLabel}</span>
                  <span className="block text-sm text-gray-700 dark:text-gray-300">{row.action}</span>
                </td>
                <td className="py-3 pr-4">
                  <Changes row={row} />
                </td>
                <td className="py-3 pr-4 text-sm">
                  {row.address ?? "—"}
                  <span className="block">{describeBrowser(row.userAgent)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </ListTable>
      )}
      <Pagination pageInfo={pageInfo} label="Activity" />
    </div>
  );
}

export { DashboardErrorBoundary as ErrorBoundary };
