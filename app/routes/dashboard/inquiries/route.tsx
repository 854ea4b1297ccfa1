import { Download } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, useActionData, useLocation, useNavigate } from "react-router";
import { useFailureToast } from "../../../components/dashboard/action-feedback.tsx";
import { DashboardErrorBoundary } from "../../../components/dashboard/error-boundary.tsx";
import { DataTable } from "../../../components/dashboard/data-table.tsx";
import { EmptyList, ListAlert, Pagination, useListLoading } from "../../../components/dashboard/list.tsx";
import { ListFilters, SearchField, SelectField, type FilterChip } from "../../../components/dashboard/list-filters.tsx";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { query, tryQuery } from "../../../lib/api.server.ts";
import { optionsOf } from "../../../lib/graphql.ts";
import { pageParams, withParams } from "../../../lib/list-params.ts";
import { requireReach } from "../../../lib/portal/context.server.ts";
import { privatePageMeta } from "../../../lib/seo.ts";
import type { Route } from "./+types/route";
import { inquiryActions } from "./actions.server.ts";
import { InboxTabs } from "./tabs.tsx";
import { inquiryFilter } from "./filter.ts";
import { inquiryColumns } from "./inquiry-row.tsx";
import { InquiriesQuery, InquiryDetails } from "./queries.ts";
import { assigneeChoices, statusLabels, topicLabels } from "./words.ts";

export const middleware: Route.MiddlewareFunction[] = [
  requireReach(
    "inquiry",
    "read",
    "Only admins, and people given the inquiries duty, can read the contact form's messages.",
  ),
];

/** The panel loads when a message is first opened, not with the list. */
const InquiryPanel = lazy(() => import("./inquiry-panel.tsx"));

export const meta: Route.MetaFunction = () => privatePageMeta("Inquiries");

export async function loader({ context, url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const filter = inquiryFilter(params);
  const list = await query(context, InquiriesQuery, { filter, ...pageParams(params) });
  const selectedId = params.get("selected");
  const details = selectedId ? await tryQuery(context, InquiryDetails, { id: selectedId }) : null;
  return {
    now: new Date().toISOString(),
    filter,
    inquiries: list.inquiries.nodes,
    pageInfo: list.inquiries.pageInfo,
    total: { count: list.inquiries.totalCount, more: list.inquiries.totalCountIsLowerBound },
    counts: list.inquiryCounts,
    waiting: {
      messages: list.inquiryCounts.new,
      applications:
        list.certificationApplicationCounts.applied +
        list.certificationApplicationCounts.scheduled +
        list.certificationApplicationCounts.completed,
    },
    assignees: list.inquiryAssignees,
    selected: details?.ok ? details.data.inquiry : null,
    selectedError: details && !details.ok ? details.error.message : null,
  };
}

export async function action(args: Route.ActionArgs) {
  return inquiryActions.action(args);
}

/** The contact form's messages: who wrote, about what, who has each one and where it stands. */
export default function AdminInquiries({ loaderData }: Route.ComponentProps) {
  const { now, filter, inquiries, pageInfo, total, counts, waiting, assignees, selected, selectedError } = loaderData;
  const failure = useActionData<typeof action>();
  useFailureToast(failure);
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const loading = useListLoading();
  const names = new Map(assignees.map((person) => [person.id, person.name]));
  const filtered = Boolean(filter.search || filter.topic || filter.status || filter.assignee);
  const exportParams = new URLSearchParams(search);
  exportParams.delete("selected");
  const exportQuery = exportParams.toString();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Inquiries</h1>
          <p className="text-base text-gray-700 dark:text-gray-300">
            {counts.new === 0 ? "No new messages" : counts.new === 1 ? "1 new message" : `${counts.new} new messages`},{" "}
            {counts.inProgress} in progress. Messages from the Contact Us page; they are personal data.
          </p>
        </div>
        <a
          href={`/dashboard/admin/inquiries/export${exportQuery ? `?${exportQuery}` : ""}`}
          download
          className={buttonClasses("secondary", "md")}
        >
          <Download aria-hidden="true" className="size-5" /> Export as CSV
        </a>
      </div>

      <InboxTabs waiting={waiting} />

      <ListFilters
        label="Filter inquiries"
        total={{ ...total, one: "inquiry", many: "inquiries" }}
        chips={chipsOf(filter, names)}
      >
        <SearchField label="Name, email, organization or reference" defaultValue={filter.search} />
        <SelectField
          label="Status"
          name="status"
          anyLabel="Any status"
          defaultValue={filter.status}
          options={optionsOf(statusLabels)}
        />
        <SelectField
          label="Topic"
          name="topic"
          anyLabel="Any topic"
          defaultValue={filter.topic}
          options={optionsOf(topicLabels)}
        />
        <SelectField
          label="Assigned to"
          name="assignee"
          anyLabel="Anyone"
          defaultValue={filter.assignee}
          options={[...optionsOf(assigneeChoices), ...assignees.map(({ id, name }) => ({ value: id, label: name }))]}
        />
      </ListFilters>

      <DataTable
        caption="Inquiries"
        rows={inquiries}
        rowKey={(inquiry) => inquiry.id}
        columns={inquiryColumns(now, names)}
        loading={loading}
        empty={
          <EmptyList
            filtered={filtered}
            title={{ filtered: "No inquiry matches these filters", empty: "No messages yet" }}
          >
            Messages sent from the{" "}
            <Link className="font-semibold underline" to="/about/contact">
              Contact Us
            </Link>{" "}
            page appear here.
          </EmptyList>
        }
      />
      <Pagination pageInfo={pageInfo} label="Inquiries" />

      {selected ? (
        <Suspense fallback={null}>
          <InquiryPanel
            key={selected.id}
            inquiry={selected}
            assignees={assignees}
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

function chipsOf(filter: ReturnType<typeof inquiryFilter>, names: ReadonlyMap<string, string>): FilterChip[] {
  const assignee = filter.assignee
    ? filter.assignee === "me" || filter.assignee === "nobody"
      ? assigneeChoices[filter.assignee]
      : `Assigned to ${names.get(filter.assignee) ?? "someone no longer on the list"}`
    : null;
  return [
    filter.search ? { param: "q", label: `Search: “${filter.search}”` } : null,
    filter.status ? { param: "status", label: `Status: ${statusLabels[filter.status]}` } : null,
    filter.topic ? { param: "topic", label: `Topic: ${topicLabels[filter.topic]}` } : null,
    assignee ? { param: "assignee", label: assignee } : null,
  ].filter((chip) => chip !== null);
}
