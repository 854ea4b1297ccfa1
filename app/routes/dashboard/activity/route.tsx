import { Download } from "lucide-react";
import { useLocation } from "react-router";
import { DashboardErrorBoundary } from "../../../components/dashboard/error-boundary.tsx";
import { DataTable } from "../../../components/dashboard/data-table.tsx";
import { EmptyList, Pagination, useListLoading } from "../../../components/dashboard/list.tsx";
import {
  DateField,
  ListFilters,
  SearchField,
  SelectField,
  type FilterChip,
} from "../../../components/dashboard/list-filters.tsx";
import { usePortal } from "../../../components/dashboard/portal-context.tsx";
import { SearchPicker } from "../../../components/dashboard/search-picker.tsx";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { query, tryQuery } from "../../../lib/api.server.ts";
import { can } from "../../../lib/portal/nav.ts";
import { findActors } from "../../../components/dashboard/finders.ts";
import { formatDate } from "../../../lib/format.ts";
import { ActivityQuery, ActorName } from "./queries.ts";
import { pageParams } from "../../../lib/list-params.ts";
import { requireReach } from "../../../lib/portal/context.server.ts";
import { privatePageMeta } from "../../../lib/seo.ts";
import type { Route } from "./+types/route";
import { activityColumns, activityDay } from "./columns.tsx";
import { activityFilter } from "./filter.ts";

/** The page reads the whole log: the viewer's reach must be "all". */
export const middleware: Route.MiddlewareFunction[] = [
  requireReach("activity", "read", "Only people who may read the whole activity log can open this page."),
];

export const meta: Route.MetaFunction = () => privatePageMeta("Activity");

export async function loader({ context, url }: Route.LoaderArgs) {
  const filter = activityFilter(url.searchParams);
  const data = await query(context, ActivityQuery, { filter, ...pageParams(url.searchParams) });
  // The person the log is filtered by, named in the filter (someone since deleted is shown by their id).
  const actor = filter.actorId ? await tryQuery(context, ActorName, { id: filter.actorId }) : null;
  return {
    now: new Date().toISOString(),
    filter,
    rows: data.activity.nodes,
    pageInfo: data.activity.pageInfo,
    total: { count: data.activity.totalCount, more: data.activity.totalCountIsLowerBound },
    actions: data.activityActions,
    kinds: data.activityKinds,
    actor: filter.actorId
      ? {
          id: filter.actorId,
          label: actor?.ok ? (actor.data.user.name ?? actor.data.user.email ?? filter.actorId) : filter.actorId,
        }
      : null,
  };
}

/** Admin: the audit log of every write, newest first; filters stay in the URL and apply to the CSV too. */
export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { now, filter, rows, pageInfo, total, actions, kinds, actor } = loaderData;
  const { capabilities } = usePortal();
  const { search } = useLocation();
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

      <ListFilters
        label="Filter the activity log"
        total={{ ...total, one: "event", many: "events" }}
        chips={chipsOf(filter, actor?.label, actions, kinds)}
      >
        <SearchField label="Person or record" defaultValue={filter.search} />
        <div className="max-sm:w-full sm:w-44">
          <SearchPicker
            label="Who"
            density="filter"
            emptyFields={{ actor: "" }}
            noneLabel="Anyone"
            placeholder="Type a name"
            initial={actor ? { key: actor.id, fields: { actor: actor.id }, label: actor.label } : null}
            find={findActors}
          />
        </div>
        <SelectField
          label="What"
          name="action"
          anyLabel="Any action"
          className="sm:w-52"
          defaultValue={filter.action}
          options={actions.map((entry) => ({ value: entry.action, label: entry.label }))}
        />
        <SelectField
          label="Kind of record"
          name="type"
          anyLabel="Any kind"
          className="sm:w-40"
          defaultValue={filter.targetType}
          options={kinds.map((kind) => ({ value: kind.type, label: kind.label }))}
        />
        {/* The two ends of a range wrap together, never one of them alone on a line. */}
        <div className="flex gap-3 max-sm:w-full">
          <DateField label="From" name="from" className="max-sm:flex-1 sm:w-38" defaultValue={filter.from} />
          <DateField label="To" name="to" className="max-sm:flex-1 sm:w-38" defaultValue={filter.to} />
        </div>
      </ListFilters>

      <DataTable
        caption="Activity"
        rows={rows}
        rowKey={(row) => row.id}
        columns={activityColumns(now)}
        groupBy={activityDay(now)}
        loading={loading}
        empty={
          <EmptyList
            filtered={filtered}
            title={{ filtered: "Nothing matches these filters", empty: "Nothing has happened yet" }}
          >
            Every change made in the portal is recorded here.
          </EmptyList>
        }
      />
      <Pagination pageInfo={pageInfo} label="Activity" />
    </div>
  );
}

export { DashboardErrorBoundary as ErrorBoundary };

function chipsOf(
  filter: ReturnType<typeof activityFilter>,
  actorLabel: string | undefined,
  actions: readonly { action: string; label: string }[],
  kinds: readonly { type: string; label: string }[],
): FilterChip[] {
  return [
    filter.actorId ? { param: "actor", label: `Who: ${actorLabel ?? filter.actorId}` } : null,
    filter.action
      ? {
          param: "action",
          label: `What: ${actions.find((entry) => entry.action === filter.action)?.label ?? filter.action}`,
        }
      : null,
    filter.targetType
      ? {
          param: "type",
          label: `Kind: ${kinds.find((kind) => kind.type === filter.targetType)?.label ?? filter.targetType}`,
        }
      : null,
    filter.from ? { param: "from", label: `From ${formatDate(filter.from)}` } : null,
    filter.to ? { param: "to", label: `To ${formatDate(filter.to)}` } : null,
    filter.search ? { param: "q", label: `Name: “${filter.search}”` } : null,
  ].filter((chip) => chip !== null);
}
