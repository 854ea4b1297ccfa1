import { Plus } from "lucide-react";
import { Link, useActionData, useLocation } from "react-router";
import { useFailureToast } from "../../../components/dashboard/action-feedback.tsx";
import { DataTable } from "../../../components/dashboard/data-table.tsx";
import { DashboardErrorBoundary } from "../../../components/dashboard/error-boundary.tsx";
import { EmptyList, Pagination, useListLoading } from "../../../components/dashboard/list.tsx";
import { ListFilters, SearchField, SelectField, type FilterChip } from "../../../components/dashboard/list-filters.tsx";
import { usePortal } from "../../../components/dashboard/portal-context.tsx";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { query, tryQuery } from "../../../lib/api.server.ts";
import { can } from "../../../lib/portal/nav.ts";
import { optionsOf } from "../../../lib/graphql.ts";
import { enumParam, idParam, pageParams, searchParam } from "../../../lib/list-params.ts";
import { portalOf, requireReach } from "../../../lib/portal/context.server.ts";
import { privatePageMeta } from "../../../lib/seo.ts";
import type { Route } from "./+types/route";
import { docActions } from "./actions.server.ts";
import { docColumns } from "./doc-row.tsx";
import { AdminDocsQuery, AdminDocsTrashCount, AdminDocsTrashQuery, SearchSynonymsQuery } from "./queries.ts";
import { SearchSynonyms } from "./synonyms.tsx";
import { TrashTable } from "./trash-table.tsx";
import { docCount, statusLabels, viewLabels, type DocsView } from "./words.ts";

/** The page works on every doc, drafts included: the viewer's reach must be "all" (editors and admins). */
export const middleware: Route.MiddlewareFunction[] = [
  requireReach("doc", "preview", "Only editors and admins can manage the docs."),
];

export const meta: Route.MetaFunction = () => privatePageMeta("Docs");

export async function loader({ context, url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const now = new Date().toISOString();
  const view: DocsView = enumParam(params, "view", viewLabels) ?? "docs";
  const canTrash = portalOf(context).capabilities.doc?.trash === "all";
  // The trash's tab, for those the rules let in; if its count is refused, the tab is not shown.
  const trashCount = async () => {
    const counted = canTrash ? await tryQuery(context, AdminDocsTrashCount, {}) : null;
    return counted?.ok
      ? { count: counted.data.docsTrash.totalCount, more: counted.data.docsTrash.totalCountIsLowerBound }
      : null;
  };
  if (view === "synonyms") {
    // Refused with the API's own 403 for anyone the rules do not let keep synonyms.
    const [data, trash] = await Promise.all([query(context, SearchSynonymsQuery, {}), trashCount()]);
    return {
      now,
      view,
      filters: { status: undefined, search: undefined },
      rows: [],
      pageInfo: null,
      total: { count: 0, more: false },
      trash,
      synonyms: { groups: data.searchSynonyms, editing: idParam(params, "edit") },
    };
  }
  if (view === "trash") {
    // Refused with the API's own 403 for anyone but an admin.
    const data = await query(context, AdminDocsTrashQuery, pageParams(params));
    const total = { count: data.docsTrash.totalCount, more: data.docsTrash.totalCountIsLowerBound };
    return {
      now,
      view,
      filters: { status: undefined, search: undefined },
      rows: data.docsTrash.nodes,
      pageInfo: data.docsTrash.pageInfo,
      total,
      trash: total,
      synonyms: null,
    };
  }
  const filters = { status: enumParam(params, "status", statusLabels), search: searchParam(params) };
  const [data, trash] = await Promise.all([
    query(context, AdminDocsQuery, { ...filters, ...pageParams(params) }),
    trashCount(),
  ]);
  return {
    now,
    view,
    filters,
    rows: data.docs.nodes,
    pageInfo: data.docs.pageInfo,
    total: { count: data.docs.totalCount, more: data.docs.totalCountIsLowerBound },
    trash,
    synonyms: null,
  };
}

export async function action(args: Route.ActionArgs) {
  return docActions.action(args);
}

/** Editors and admins: every doc with its state and history; publish, unpublish and delete; admins, the trash. */
export default function AdminDocs({ loaderData }: Route.ComponentProps) {
  const { now, view, filters, rows, pageInfo, total, trash, synonyms } = loaderData;
  const failure = useActionData<typeof action>();
  useFailureToast(failure);
  const { capabilities } = usePortal();
  const loading = useListLoading();
  const chips: FilterChip[] = [
    filters.search ? { param: "q", label: `Title or path: “${filters.search}”` } : null,
    filters.status ? { param: "status", label: `Status: ${statusLabels[filters.status]}` } : null,
  ].filter((chip) => chip !== null);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Docs</h1>
          <p className="text-base text-gray-700 dark:text-gray-300">
            The documentation as its editors see it: drafts, published pages and what changed in each.
          </p>
        </div>
        {can(capabilities, "doc", "create") ? (
          <a href="/docs/add" className={buttonClasses("primary", "md")}>
            <Plus aria-hidden="true" className="size-5" /> New doc
          </a>
        ) : null}
      </div>

      {trash || can(capabilities, "searchSynonym", "read") ? (
        <ViewTabs view={view} trash={trash} synonyms={can(capabilities, "searchSynonym", "read")} />
      ) : null}

      {synonyms ? (
        <SearchSynonyms
          groups={synonyms.groups}
          editing={synonyms.editing}
          failure={failure}
          canCreate={can(capabilities, "searchSynonym", "create")}
        />
      ) : view === "trash" ? (
        <TrashTable rows={rows} now={now} total={total} loading={loading} />
      ) : (
        <>
          <ListFilters label="Filter docs" total={{ ...total, one: "doc", many: "docs" }} chips={chips}>
            <SearchField label="Title or path" defaultValue={filters.search} />
            <SelectField
              label="Status"
              name="status"
              anyLabel="Any status"
              defaultValue={filters.status}
              options={optionsOf(statusLabels)}
              className="sm:w-56"
            />
          </ListFilters>
          <DataTable
            caption="Docs"
            rows={rows}
            rowKey={(doc) => doc.id}
            columns={docColumns(now)}
            loading={loading}
            empty={
              <EmptyList
                filtered={chips.length > 0}
                title={{ filtered: "No doc matches these filters", empty: "No docs yet" }}
              >
                {can(capabilities, "doc", "create") ? "Write the first one with New doc." : "Docs will be listed here."}
              </EmptyList>
            }
          />
        </>
      )}
      {pageInfo ? <Pagination pageInfo={pageInfo} label={view === "trash" ? "Trash" : "Docs"} /> : null}
    </div>
  );
}

export { DashboardErrorBoundary as ErrorBoundary };

/** The docs, the search's synonyms and (admins) the trash, as links that read as tabs; each starts from its first page. */
function ViewTabs({
  view,
  trash,
  synonyms,
}: {
  view: DocsView;
  trash: { count: number; more: boolean } | null;
  synonyms: boolean;
}) {
  const { pathname } = useLocation();
  const tab = (value: DocsView, to: string, count?: string) => (
    <li>
      <Link
        to={to}
        aria-current={view === value ? "page" : undefined}
        className={cn(
          "-mb-px inline-flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-semibold",
          view === value
            ? "border-bdblue-600 text-gray-950 dark:border-bdblue-300 dark:text-white"
            : "border-transparent text-gray-700 hover:border-gray-400 hover:text-gray-950 dark:text-gray-300 dark:hover:text-white",
        )}
      >
        {viewLabels[value]}
        {count ? (
          <span className="rounded-full bg-gray-100 px-1.5 text-xs text-gray-800 tabular-nums dark:bg-gray-800 dark:text-gray-100">
            {count}
          </span>
        ) : null}
      </Link>
    </li>
  );
  return (
    <nav aria-label="Docs views" className="border-b border-gray-200 dark:border-gray-800">
      <ul className="flex flex-wrap gap-x-2">
        {tab("docs", pathname)}
        {synonyms ? tab("synonyms", `${pathname}?view=synonyms`) : null}
        {trash ? tab("trash", `${pathname}?view=trash`, trash.count > 0 ? docCount(trash) : undefined) : null}
      </ul>
    </nav>
  );
}
