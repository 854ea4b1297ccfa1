/**
 * Where each published stable release has its public page, and where each product's
 * release feeds are (ADR 023): one place, read by the page, the feeds, the sitemap and
 * the server that keeps the pages (ADR 029).
 */

import type { ProductId } from "./product-line.ts";

/** `/releases/v5/5.2.1`: a release's public page. */
export function releasePagePath(product: ProductId, versionNumber: string): string {
  return `/releases/${product}/${encodeURIComponent(versionNumber)}`;
}

/** A stable version as its page's address names it: major.minor.patch, no label, no leading zeros. */
export const stableVersionPattern = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/;

/** A product's feeds: Atom for feed readers, JSON Feed 1.1, and the manifest devices poll. */
export function releaseFeedPaths(product: ProductId) {
  return {
    atom: `/releases/${product}.atom`,
    jsonFeed: `/releases/${product}.feed.json`,
    manifest: `/releases/${product}.json`,
  };
}

/** The feeds as `<link rel="alternate">` entries of a page's head (React Router's meta descriptors). */
export function releaseFeedLinks(product: ProductId, brand: string) {
  const paths = releaseFeedPaths(product);
  return [
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      href: paths.atom,
      title: `${brand} ${product} software releases (Atom)`,
    },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/feed+json",
      href: paths.jsonFeed,
      title: `${brand} ${product} software releases (JSON Feed)`,
    },
  ] as const;
}
