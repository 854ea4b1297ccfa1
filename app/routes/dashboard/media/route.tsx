import { LayoutGrid, List } from "lucide-react";
import { lazy, Suspense, useCallback } from "react";
import { Link, useActionData, useLocation, useNavigate, useRevalidator } from "react-router";
import { useFailureToast } from "../../../components/dashboard/action-feedback.tsx";
import { DashboardErrorBoundary } from "../../../components/dashboard/error-boundary.tsx";
import { EmptyList, ListAlert, Pagination, useListLoading } from "../../../components/dashboard/list.tsx";
import { ListFilters, SearchField, SelectField, type FilterChip } from "../../../components/dashboard/list-filters.tsx";
import { usePortal } from "../../../components/dashboard/portal-context.tsx";
import { SearchPicker } from "../../../components/dashboard/search-picker.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { query, tryQuery } from "../../../lib/api.server.ts";
import { can } from "../../../lib/portal/nav.ts";
import { findUploaders } from "../../../components/dashboard/finders.ts";
import { optionsOf } from "../../../lib/graphql.ts";
import { directionLabels, enumParam, idParam, pageParams, searchParam, withParams } from "../../../lib/list-params.ts";
import { requireReach } from "../../../lib/portal/context.server.ts";
import { privatePageMeta } from "../../../lib/seo.ts";
import type { Route } from "./+types/route";
import { mediaActions } from "./actions.server.ts";
import { MediaGrid } from "./media-items.tsx";
import { MediaDetails, MediaQuery, UploaderName } from "./queries.ts";
import { MediaUploader } from "./uploader.tsx";
import { kindLabels, mediaSorts, viewLabels, type MediaView } from "./words.ts";

/** The page works on the whole library: the viewer's reach must be "all". */
export const middleware: Route.MiddlewareFunction[] = [
  requireReach("media", "browse", "Only editors and admins can open the media library."),
];

/** The panel (its form, preview and replace) loads when a file is first opened, not with the library. */
const MediaPanel = lazy(() => import("./media-panel.tsx"));
/** The list view's table loads with that view only. */
const MediaTable = lazy(() => import("./media-table.tsx"));

export const meta: Route.MetaFunction = () => privatePageMeta("Media");

export async function loader({ context, url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const sort = enumParam(params, "sort", mediaSorts) ?? "created";
  const filters = {
    search: searchParam(params),
    kind: enumParam(params, "kind", kindLabels),
    uploadedById: idParam(params, "uploader"),
    sort,
    // Names read A to Z; the newest and the largest come first, unless the address says otherwise.
    direction: enumParam(params, "direction", directionLabels) ?? (sort === "name" ? "asc" : "desc"),
  };
  const view: MediaView = enumParam(params, "view", viewLabels) ?? "grid";
  const list = await query(context, MediaQuery, { ...filters, ...pageParams(params) });
  const fileId = params.get("file");
  const details = fileId ? await tryQuery(context, MediaDetails, { id: fileId }) : null;
  // The uploader the library is filtered by, named in the filter.
  const uploaders = filters.uploadedById ? await tryQuery(context, UploaderName, { search: null }) : null;
  const uploader = filters.uploadedById
    ? {
        id: filters.uploadedById,
        label:
          (uploaders?.ok
            ? uploaders.data.mediaUploaders.find((person) => person.id === filters.uploadedById)?.name
            : undefined) ?? "Someone",
      }
    : null;
  return {
    now: new Date().toISOString(),
    filters,
    view,
    uploader,
    files: list.media.nodes,
    pageInfo: list.media.pageInfo,
    total: { count: list.media.totalCount, more: list.media.totalCountIsLowerBound },
    selected: details?.ok ? details.data.mediaFile : null,
    selectedError: details && !details.ok ? details.error.message : null,
  };
}

export async function action(args: Route.ActionArgs) {
  return mediaActions.action(args);
}

/** Editors and admins: the images, PDFs and archives that releases and docs use. */
export default function AdminMedia({ loaderData }: Route.ComponentProps) {
  const { now, filters, view, uploader, files, pageInfo, total, selected, selectedError } = loaderData;
  const failure = useActionData<typeof action>();
  useFailureToast(failure);
  const { capabilities } = usePortal();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const loading = useListLoading();
  const onUploaded = useCallback(() => void revalidator.revalidate(), [revalidator]);
  const filtered = Boolean(filters.search || filters.kind || filters.uploadedById);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4 sm:flex-nowrap">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Media</h1>
          <p className="text-base text-gray-700 dark:text-gray-300">
            Images, PDFs and software archives for releases and docs. Every file is checked by its content; images are
            saved without their camera and location data.
          </p>
        </div>
        <ViewSwitch view={view} />
      </div>

      {can(capabilities, "media", "create") ? <MediaUploader onUploaded={onUploaded} /> : null}

      <ListFilters
        label="Filter the media library"
        total={{ ...total, one: "file", many: "files" }}
        chips={chipsOf(filters, uploader?.label)}
      >
        <SearchField label="Name, alt text or caption" defaultValue={filters.search} />
        <SelectField
          label="Kind"
          name="kind"
          anyLabel="Any kind"
          defaultValue={filters.kind}
          options={optionsOf(kindLabels)}
        />
        <div className="max-sm:w-full sm:w-44">
          <SearchPicker
            label="Uploaded by"
            density="filter"
            emptyFields={{ uploader: "" }}
            noneLabel="Anyone"
            placeholder="Type a name"
            initial={uploader ? { key: uploader.id, fields: { uploader: uploader.id }, label: uploader.label } : null}
            find={findUploaders}
          />
        </div>
        <SelectField label="Sort by" name="sort" defaultValue={filters.sort} options={optionsOf(mediaSorts)} />
      </ListFilters>

      {view === "grid" ? (
        files.length > 0 ? (
          <div className={cn(loading && "opacity-60 transition-opacity")} aria-busy={loading || undefined}>
            <MediaGrid files={files} />
          </div>
        ) : (
          <EmptyList filtered={filtered} title={{ filtered: "No file matches these filters", empty: "No files yet" }}>
            Drop the first ones on the upload zone above.
          </EmptyList>
        )
      ) : (
        <Suspense fallback={null}>
          <MediaTable
            files={files}
            now={now}
            sort={{ current: filters.sort, direction: filters.direction }}
            loading={loading}
            filtered={filtered}
          />
        </Suspense>
      )}
      <Pagination pageInfo={pageInfo} label="Files" />

      {selected ? (
        <Suspense fallback={null}>
          <MediaPanel
            key={selected.id}
            file={selected}
            failure={failure}
            onClose={() =>
              void navigate(`${pathname}${withParams(search, { file: null })}`, { preventScrollReset: true })
            }
          />
        </Suspense>
      ) : null}
      <ListAlert message={selectedError} />
    </div>
  );
}

export { DashboardErrorBoundary as ErrorBoundary };

/** Grid or list: two links that keep the filters, the current one marked. */
function ViewSwitch({ view }: { view: MediaView }) {
  const { search } = useLocation();
  const option = (value: MediaView, Icon: typeof List) => (
    <Link
      to={withParams(search, { view: value === "grid" ? null : value })}
      preventScrollReset
      aria-current={view === value ? "true" : undefined}
      className={cn(
        "inline-flex min-h-11 items-center gap-2 px-4 text-sm font-semibold first:rounded-l-lg last:rounded-r-lg",
        view === value
          ? "bg-gray-900 text-white dark:bg-gray-100 dark:text-gray-950"
          : "bg-white text-gray-800 hover:bg-gray-100 dark:bg-gray-900 dark:text-gray-200 dark:hover:bg-gray-800",
      )}
    >
      <Icon aria-hidden="true" className="size-4" /> {viewLabels[value]}
    </Link>
  );
  return (
    <nav aria-label="View" className="inline-flex rounded-lg border border-gray-400 dark:border-gray-500">
      {option("grid", LayoutGrid)}
      {option("list", List)}
    </nav>
  );
}

function chipsOf(
  filters: { search: string | undefined; kind: keyof typeof kindLabels | undefined; uploadedById: string | undefined },
  uploaderLabel: string | undefined,
): FilterChip[] {
  return [
    filters.search ? { param: "q", label: `Name, alt text or caption: “${filters.search}”` } : null,
    filters.kind ? { param: "kind", label: `Kind: ${kindLabels[filters.kind]}` } : null,
    filters.uploadedById ? { param: "uploader", label: `Uploaded by: ${uploaderLabel ?? "someone"}` } : null,
  ].filter((chip) => chip !== null);
}
