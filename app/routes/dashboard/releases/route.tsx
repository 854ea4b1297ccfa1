import { Plus, Rss } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, useActionData, useLocation, useNavigate } from "react-router";
import { useFailureToast } from "../../../components/dashboard/action-feedback.tsx";
import { DashboardErrorBoundary } from "../../../components/dashboard/error-boundary.tsx";
import { EmptyList, ListAlert, Pagination, useListLoading } from "../../../components/dashboard/list.tsx";
import { ListFilters, SearchField, SelectField, type FilterChip } from "../../../components/dashboard/list-filters.tsx";
import { usePortal } from "../../../components/dashboard/portal-context.tsx";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { query, tryQuery } from "../../../lib/api.server.ts";
import { can } from "../../../lib/portal/nav.ts";
import { formatDate } from "../../../lib/format.ts";
import { optionsOf } from "../../../lib/graphql.ts";
import { enumParam, pageParams, searchParam, withParams } from "../../../lib/list-params.ts";
import { productsNewestFirst } from "../../../../shared/product-line.ts";
import { releaseFeedLinks, releaseFeedPaths } from "../../../../shared/release-pages.ts";
import { privatePageMeta } from "../../../lib/seo.ts";
import { site } from "../../../lib/brand.ts";
import type { Route } from "./+types/route";
import { releaseActions } from "./actions.server.ts";
import { Downloads, ReleaseCard } from "./release-card.tsx";
import { DownloadChoices, ReleaseDetails, ReleasesQuery } from "./queries.ts";
import { channelLabels, productLabels, statusLabels } from "./words.ts";

/** The editor (its form and checklists) loads when a release is first opened, not with the list. */
const ReleasePanel = lazy(() => import("./release-panel.tsx"));

export const meta: Route.MetaFunction = () => [
  ...privatePageMeta("Releases"),
  ...productsNewestFirst.flatMap((product) => releaseFeedLinks(product, site.brand.name)),
];

export async function loader({ context, url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const filters = {
    product: enumParam(params, "product", productLabels),
    channel: enumParam(params, "channel", channelLabels),
    status: enumParam(params, "status", statusLabels),
    search: searchParam(params),
  };
  const data = await query(context, ReleasesQuery, { ...filters, ...pageParams(params) });
  const editId = params.get("edit");
  const creating = params.get("new") === "1";
  const details = editId ? await tryQuery(context, ReleaseDetails, { id: editId }) : null;
  const editing = details?.ok ? details.data.release : null;
  // The files a release may offer, for the editor only (a viewer's request for them would be refused).
  const choices = creating || editing?.can.update ? await tryQuery(context, DownloadChoices, {}) : null;
  return {
    filters,
    latest: data.latestReleases,
    releases: data.releases.nodes,
    pageInfo: data.releases.pageInfo,
    total: { count: data.releases.totalCount, more: data.releases.totalCountIsLowerBound },
    creating,
    editing,
    editError: details && !details.ok ? details.error.message : null,
    choices: choices?.ok ? [...choices.data.archives.nodes, ...choices.data.documents.nodes] : [],
  };
}

export async function action(args: Route.ActionArgs) {
  return releaseActions.action(args);
}

/** Everyone signed in: the software of each product, its notes and downloads; editors write and publish it. */
export default function Releases({ loaderData }: Route.ComponentProps) {
  const { filters, latest, releases, pageInfo, total, creating, editing, editError, choices } = loaderData;
  const failure = useActionData<typeof action>();
  useFailureToast(failure);
  const { capabilities } = usePortal();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const loading = useListLoading();
  const close = (param: string) =>
    void navigate(`${pathname}${withParams(search, { [param]: null })}`, { preventScrollReset: true });
  const filtered = Boolean(filters.search || filters.product || filters.channel || filters.status);
  const editor = can(capabilities, "release", "create");
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Releases</h1>
          <p className="text-base text-gray-700 dark:text-gray-300">
            Software for the v4 and v5 scanners: what changed, and the files to install, each with its SHA-256.
          </p>
        </div>
        {editor ? (
          <Link to={withParams(search, { new: "1" })} className={buttonClasses("primary", "md")} preventScrollReset>
            <Plus aria-hidden="true" className="size-5" /> Add a release
          </Link>
        ) : null}
      </div>

      <section aria-labelledby="latest-stable" className="grid gap-3">
        <h2 id="latest-stable" className="text-xl font-semibold">
          Latest stable
        </h2>
        {latest.length === 0 ? (
          <p className="text-base text-gray-700 dark:text-gray-300">No stable release is published yet.</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {latest.map((release) => (
              <li
                key={release.id}
                className="grid content-start gap-3 rounded-xl border border-emerald-300 bg-emerald-50/50 p-4 dark:border-emerald-800 dark:bg-emerald-950/30"
              >
                <p className="text-lg font-semibold">
                  {release.product} {release.versionNumber}
                  <span className="block text-sm font-normal text-gray-700 dark:text-gray-300">
                    Released {formatDate(release.releasedOn)}
                  </span>
                </p>
                <Downloads release={release} />
              </li>
            ))}
          </ul>
        )}
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-700 dark:text-gray-300">
          <Rss aria-hidden="true" className="size-4" />
          Feeds of stable releases:
          {productsNewestFirst.map((product) => {
            const feeds = releaseFeedPaths(product);
            return (
              <span key={product} className="inline-flex flex-wrap gap-x-3">
                <a className="font-semibold text-bdblue-700 underline dark:text-bdblue-300" href={feeds.atom}>
                  {product} Atom
                </a>
                <a className="font-semibold text-bdblue-700 underline dark:text-bdblue-300" href={feeds.jsonFeed}>
                  {product} JSON Feed
                </a>
                <a className="font-semibold text-bdblue-700 underline dark:text-bdblue-300" href={feeds.manifest}>
                  {product} device manifest
                </a>
              </span>
            );
          })}
        </p>
      </section>

      <section aria-labelledby="all-releases" className="grid gap-4">
        <h2 id="all-releases" className="text-xl font-semibold">
          All releases
        </h2>
        <ListFilters
          label="Filter releases"
          total={{ ...total, one: "release", many: "releases" }}
          chips={chipsOf(filters)}
        >
          <SearchField label="Version or words of the notes" defaultValue={filters.search} />
          <SelectField
            label="Product"
            name="product"
            anyLabel="Both"
            defaultValue={filters.product}
            options={optionsOf(productLabels)}
          />
          <SelectField
            label="Channel"
            name="channel"
            anyLabel="Any channel"
            defaultValue={filters.channel}
            options={optionsOf(channelLabels)}
          />
          {editor ? (
            <SelectField
              label="State"
              name="status"
              anyLabel="Drafts and published"
              defaultValue={filters.status}
              options={optionsOf(statusLabels)}
            />
          ) : null}
        </ListFilters>
        {releases.length === 0 ? (
          <EmptyList
            filtered={filtered}
            title={{ filtered: "No release matches these filters", empty: "No releases yet" }}
          >
            {editor ? "Add the first one with the button above." : "Published releases will be listed here."}
          </EmptyList>
        ) : (
          <div
            className={cn("grid gap-4", loading && "opacity-60 transition-opacity")}
            aria-busy={loading || undefined}
          >
            {releases.map((release) => (
              <ReleaseCard key={release.id} release={release} />
            ))}
          </div>
        )}
        <Pagination pageInfo={pageInfo} label="Releases" />
      </section>

      {creating || editing ? (
        <Suspense fallback={null}>
          <ReleasePanel
            key={editing ? `${editing.id}-${editing.version}` : "new"}
            release={editing}
            choices={choices}
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
  product: keyof typeof productLabels | undefined;
  channel: keyof typeof channelLabels | undefined;
  status: keyof typeof statusLabels | undefined;
}): FilterChip[] {
  return [
    filters.search ? { param: "q", label: `Version or notes: “${filters.search}”` } : null,
    filters.product ? { param: "product", label: `Product: ${productLabels[filters.product]}` } : null,
    filters.channel ? { param: "channel", label: `Channel: ${channelLabels[filters.channel]}` } : null,
    filters.status ? { param: "status", label: `State: ${statusLabels[filters.status]}` } : null,
  ].filter((chip) => chip !== null);
}
