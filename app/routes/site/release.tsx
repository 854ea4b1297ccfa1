import { Download, LogIn, Rss } from "lucide-react";
import { data } from "react-router";
import { Breadcrumbs } from "../../components/site/breadcrumbs.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { PageGrid } from "../../components/ui/page-grid.tsx";
import { tryQuery } from "../../lib/api.server.ts";
import { formatBytes } from "../../lib/file-choice.ts";
import { formatDate } from "../../lib/format.ts";
import { graphql } from "../../lib/graphql.ts";
import { ReleaseAssetFields } from "../../lib/release-asset-fields.ts";
import {
  releaseFeedLinks,
  releaseFeedPaths,
  releasePagePath,
  stableVersionPattern,
} from "../../../shared/release-pages.ts";
import { isProductId } from "../../../shared/product-line.ts";
import { notFound, type ErrorPayload } from "../../lib/route-error.ts";
import type { RouteHandle } from "../../lib/route-handle.ts";
import { publicOrigin } from "../../../shared/contracts/app-config.ts";
import { errorMeta, pageMeta } from "../../lib/seo.ts";
import { signInHref } from "../../lib/sign-in.ts";
import { productByKey, site } from "../../lib/brand.ts";
import { htmlWithoutForbidden } from "../../../shared/xml.ts";
import type { Route } from "./+types/release";

/** Public, not hydrated; the site's enhancement module shows the download links to a signed-in person. */
export const handle: RouteHandle = { hydrate: false };

const PublicRelease = graphql(
  `
    query PublicRelease($product: Product!, $versionNumber: String!) {
      publicRelease(product: $product, versionNumber: $versionNumber) {
        id
        product
        versionNumber
        releasedOn
        notesHtml
        assets {
          ...ReleaseAssetFields
        }
      }
    }
  `,
  [ReleaseAssetFields],
);

/**
 * A published stable release's public page (ADR 023): its notes, its files with their
 * sizes and SHA-256, and their downloads for signed-in owners. The same for everyone, so
 * the server keeps it as fixed bytes and renders it again when the release changes
 * (ADR 029); a draft, a beta or an unpublished release is not found.
 */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const { product, versionNumber } = params;
  if (!isProductId(product) || !stableVersionPattern.test(versionNumber)) throw notFound(url);
  const outcome = await tryQuery(context, PublicRelease, { product, versionNumber });
  if (!outcome.ok) {
    if (outcome.error.code === "NOT_FOUND") throw notFound(url);
    throw data<ErrorPayload>(
      { name: "This release cannot be shown", message: outcome.error.message },
      { status: outcome.error.status ?? 500 },
    );
  }
  const release = outcome.data.publicRelease;
  return {
    release: { ...release, notesHtml: htmlWithoutForbidden(release.notesHtml) },
    product,
    productName: `${site.brand.name} ${productByKey(product)?.shortName ?? product}`,
    path: releasePagePath(product, release.versionNumber),
    origin: publicOrigin(context),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  if (error) return errorMeta();
  const { release, product, path, origin } = loaderData;
  return [
    ...pageMeta({
      title: `${product} software ${release.versionNumber}`,
      description: `What changed in the ${site.brand.name} ${product} software ${release.versionNumber}, released ${formatDate(release.releasedOn)}, and its files with their SHA-256 checksums.`,
      path,
      origin,
    }),
    ...releaseFeedLinks(product, site.brand.name),
  ];
};

type Release = Route.ComponentProps["loaderData"]["release"];

/**
 * Each file with its size and SHA-256. Its download is for signed-in owners: a visitor's
 * link leads to sign-in and back here; signed in, the same place offers the file. Both
 * are in the markup and the session check shows one (as the header's sign-in does); with
 * JavaScript off, the sign-in link shows.
 */
function Files({ release, path }: { release: Release; path: string }) {
  return (
    <div data-session="release-files" data-session-state="unknown">
      <p className="text-base text-gray-700 dark:text-gray-300">
        The files download for signed-in owners and service partners. Before you install one, check it against its
        SHA-256 (<code className="font-mono">sha256sum</code> on Linux, <code className="font-mono">shasum -a 256</code>{" "}
        on macOS, <code className="font-mono">Get-FileHash</code> in PowerShell).
      </p>
      <ul className="mt-4 grid gap-3" aria-label={`Files of ${release.product} ${release.versionNumber}`}>
        {release.assets.map((asset) => (
          <li
            key={asset.mediaId}
            className="grid gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start dark:border-gray-800 dark:bg-gray-900"
          >
            <dl className="grid min-w-0 gap-1 text-base">
              <div>
                <dt className="sr-only">File</dt>
                <dd className="font-semibold wrap-anywhere text-gray-950 dark:text-white">{asset.name}</dd>
              </div>
              <div className="flex flex-wrap gap-x-2">
                <dt className="text-gray-700 dark:text-gray-300">Size</dt>
                <dd className="text-gray-950 dark:text-white">
                  {formatBytes(asset.size)}
                  {asset.size >= 1024 ? (
                    <span className="text-gray-700 dark:text-gray-300">{` (${asset.size.toLocaleString("en-US")} bytes)`}</span>
                  ) : null}
                </dd>
              </div>
              <div className="grid gap-x-2 sm:flex">
                <dt className="text-gray-700 dark:text-gray-300">SHA-256</dt>
                <dd className="min-w-0 font-mono break-all text-gray-950 dark:text-white">{asset.sha256}</dd>
              </div>
            </dl>
            <div className="flex">
              <a
                href={signInHref(`${path}#files`)}
                data-when="signed-out"
                className={buttonClasses("secondary", "md", "whitespace-nowrap")}
              >
                <LogIn aria-hidden="true" className="size-5" /> Sign in to download
                <span className="sr-only">{` ${asset.name}`}</span>
              </a>
              <a
                href={asset.downloadUrl}
                download
                data-when="signed-in"
                className={buttonClasses("primary", "md", "whitespace-nowrap")}
              >
                <Download aria-hidden="true" className="size-5" /> Download
                <span className="sr-only">{` ${asset.name}`}</span>
              </a>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function ReleasePage({ loaderData }: Route.ComponentProps) {
  const { release, product, productName, path } = loaderData;
  const feeds = releaseFeedPaths(product);
  const crumbs = [
    { title: "Products", href: "/products" },
    { title: productName, href: `/products/${product}` },
  ];
  return (
    <PageGrid className="py-10 sm:py-14">
      <article aria-labelledby="release-title" className="col-span-10 grid gap-10 lg:col-span-8 lg:col-start-2">
        <header className="grid gap-4">
          <Breadcrumbs trail={crumbs} current={`Software ${release.versionNumber}`} />
          <div className="grid gap-2">
            <p className="text-sm font-semibold tracking-wide text-bdblue-700 uppercase dark:text-bdblue-300">
              Software release · Stable
            </p>
            <h1
              id="release-title"
              className="text-4xl font-bold tracking-tight text-balance text-gray-950 sm:text-5xl dark:text-white"
            >
              {`${site.brand.name} ${product} ${release.versionNumber}`}
            </h1>
            <p className="text-lg text-gray-700 dark:text-gray-300">
              Released <time dateTime={release.releasedOn}>{formatDate(release.releasedOn)}</time>
            </p>
          </div>
        </header>

        <section aria-labelledby="notes" className="grid gap-4">
          <h2 id="notes" className="text-2xl font-bold tracking-tight text-gray-950 dark:text-white">
            What changed
          </h2>
          {/* Rendered from markdown when saved, sanitized, and cleaned of characters HTML forbids. */}
          <div
            className="prose-content text-lg [&_code]:text-base [&_h2]:text-xl [&_table]:text-base"
            dangerouslySetInnerHTML={{ __html: release.notesHtml }}
          />
        </section>

        <section aria-labelledby="files" className="grid gap-4">
          <h2 id="files" className="text-2xl font-bold tracking-tight text-gray-950 dark:text-white">
            Files
          </h2>
          <Files release={release} path={path} />
        </section>

        <section aria-labelledby="follow" className="grid gap-3 border-t border-gray-200 pt-8 dark:border-gray-800">
          <h2 id="follow" className="text-xl font-semibold text-gray-950 dark:text-white">
            {`Follow ${product} releases`}
          </h2>
          <p className="flex flex-wrap items-center gap-x-5 gap-y-2 text-base">
            <Rss aria-hidden="true" className="size-5 text-bdblue-700 dark:text-bdblue-300" />
            <a
              href={feeds.atom}
              className="font-semibold text-bdblue-700 underline underline-offset-2 dark:text-bdblue-300"
            >
              Atom feed
            </a>
            <a
              href={feeds.jsonFeed}
              className="font-semibold text-bdblue-700 underline underline-offset-2 dark:text-bdblue-300"
            >
              JSON Feed
            </a>
          </p>
        </section>
      </article>
    </PageGrid>
  );
}
