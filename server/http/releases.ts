import { isProductId, type ProductId } from "../../shared/product-line.ts";
import { createHash } from "node:crypto";
import { Hono } from "hono";
import { releasePagePath } from "../../shared/release-pages.ts";
import { htmlWithoutForbidden, withoutForbiddenCharacters, xmlText } from "../../shared/xml.ts";
import type { Database } from "../db/client.ts";
import { keyOf } from "../domain/media/index.ts";
import { nameForType } from "../domain/uploads/names.ts";
import {
  downloadReleaseAsset,
  getReleaseAsset,
  listPublishedReleases,
  listReleaseAssets,
  releaseName,
  type Release,
  type ReleaseAsset,
} from "../domain/releases/index.ts";
import { requestDomain, type GraphQLDeps } from "../graphql/context.ts";
import { releaseDownloadPath } from "../graphql/types/releases.ts";
import { answerStoredFile } from "./byte-ranges.ts";
import { callerOf } from "./caller.ts";
import { contentDisposition, fileErrorResponse } from "./file-answer.ts";
import type { AppEnv } from "./env.ts";
import { requestInfo } from "./request-info.ts";
import type { DownloadBrokenOff } from "./transfers.ts";

type Deps = {
  deps: GraphQLDeps & { db: Database };
  proxyHops: number;
  publicUrl: URL;
  siteName: string;
  downloadBrokenOff?: DownloadBrokenOff | undefined;
};

/** A feed is cached briefly by anyone and revalidated by its ETag: a change shows within five minutes. */
const feedCacheControl = "public, max-age=300, must-revalidate";

/** The ETag of a body: its SHA-256, quoted (a strong validator: the bytes are the same). */
function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/** Whether If-None-Match names this ETag (a list, weak or strong, or *). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}

type FeedRelease = { release: Release; assets: ReleaseAsset[] };

/** What every feed of one product is written from. */
export type Feed = { product: ProductId; entries: FeedRelease[]; origin: URL; siteName: string };

/** A release's public page, absolute: what each feed's entry links to. */
function pageUrl(release: Release, origin: URL): string {
  return new URL(releasePagePath(release.product, release.versionNumber), origin).href;
}

/**
 * Notes as a feed carries them: the addresses in them (images from the media library,
 * links within the site) absolute, since a feed reader resolves them against nothing of
 * ours, and only the characters XML 1.0 allows (written, or as a reference). The notes
 * are serialized by the renderer when saved: text never holds a bare `<`, and a quote
 * inside an attribute's value is a reference, so ` src="/…"` inside a tag is always an
 * attribute.
 */
export function notesForFeed(html: string, origin: URL): string {
  return htmlWithoutForbidden(html).replace(/<[a-z][^>]*>/g, (tag) =>
    tag.replace(
      / (src|href)="(\/(?!\/)[^"]*)"/g,
      (_match, name: string, path: string) => ` ${name}="${origin.origin}${path}"`,
    ),
  );
}

/** A release's notes, then its files with their sizes and SHA-256 (the downloads themselves are for signed-in owners). */
function feedContent({ release, assets }: FeedRelease, origin: URL): string {
  const files = assets
    .map(
      (asset) =>
        `<li>${xmlText(asset.name)} (${asset.size.toLocaleString("en-US")} bytes), SHA-256 <code>${asset.sha256}</code></li>`,
    )
    .join("");
  return `${notesForFeed(release.notesHtml, origin)}${files ? `<h3>Downloads</h3><ul>${files}</ul>` : ""}`;
}

const feedTitle = ({ siteName, product }: Feed) => `${siteName} ${product} software releases`;

/**
 * The device manifest (`/releases/{product}.json`): what units in the field poll, kept as
 * it has been since the first devices (new fields may be added, none renamed or removed).
 */
function deviceManifest({ product, entries, origin }: Feed): string {
  return JSON.stringify({
    product,
    channel: "stable",
    latest: entries[0]?.release.versionNumber ?? null,
    releases: entries.map(({ release, assets }) => ({
      version: release.versionNumber,
      releasedOn: release.releasedOn,
      publishedAt: release.publishedAt?.toISOString() ?? null,
      page: pageUrl(release, origin),
      notesHtml: release.notesHtml,
      downloads: assets.map((asset) => ({
        name: asset.name,
        contentType: asset.contentType,
        size: asset.size,
        sha256: asset.sha256,
        url: new URL(releaseDownloadPath(release.id, asset.id), origin).href,
      })),
    })),
  });
}

/** A JSON Feed 1.1 (https://jsonfeed.org/version/1.1) of the same releases, for feed readers. */
function jsonFeed(feed: Feed, self: string): string {
  const { product, entries, origin, siteName } = feed;
  return JSON.stringify({
    version: "https://jsonfeed.org/version/1.1",
    title: feedTitle(feed),
    home_page_url: new URL(`/products/${product}`, origin).href,
    feed_url: self,
    description: `Published stable software for the ${siteName} ${product}: what changed, and each file with its SHA-256.`,
    language: "en-US",
    authors: [{ name: siteName, url: origin.href }],
    items: entries.map((entry) => ({
      // The Atom entry's id too: a reader that reads both sees one release.
      id: `urn:uuid:${entry.release.id}`,
      url: pageUrl(entry.release, origin),
      title: withoutForbiddenCharacters(`${siteName} ${releaseName(entry.release)}`),
      content_html: feedContent(entry, origin),
      date_published: `${entry.release.releasedOn}T00:00:00Z`,
      date_modified: (entry.release.publishedAt ?? entry.release.updatedAt).toISOString(),
    })),
  });
}

function atomFeed(feed: Feed, self: string): string {
  const { product, entries, origin, siteName } = feed;
  const updated = entries[0]?.release.publishedAt?.toISOString() ?? new Date(0).toISOString();
  const items = entries.map((entry) => {
    const { release } = entry;
    return `<entry>
<id>urn:uuid:${release.id}</id>
<title>${xmlText(`${siteName} ${releaseName(release)}`)}</title>
<updated>${(release.publishedAt ?? release.updatedAt).toISOString()}</updated>
<published>${release.releasedOn}T00:00:00Z</published>
<link rel="alternate" type="text/html" href="${xmlText(pageUrl(release, origin))}"/>
<content type="html">${xmlText(feedContent(entry, origin))}</content>
</entry>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${xmlText(self)}</id>
<title>${xmlText(feedTitle(feed))}</title>
<updated>${updated}</updated>
<link rel="self" type="application/atom+xml" href="${xmlText(self)}"/>
<link rel="alternate" type="text/html" href="${xmlText(new URL(`/products/${product}`, origin).href)}"/>
<author><name>${xmlText(siteName)}</name></author>
${items.join("\n")}
</feed>
`;
}

/** Each feed's format, by the end of its address: its content type and its writer. */
export const feedFormats = {
  atom: { type: "application/atom+xml; charset=utf-8", write: atomFeed },
  "feed.json": { type: "application/feed+json; charset=utf-8", write: jsonFeed },
  json: { type: "application/json; charset=utf-8", write: (feed: Feed) => deviceManifest(feed) },
} as const;

/**
 * The public feeds of published stable releases, for devices, partners and people:
 * `/releases/{v4|v5}.atom` (Atom) and `/releases/{v4|v5}.feed.json` (JSON Feed 1.1) for
 * feed readers, each entry linking to the release's public page, and
 * `/releases/{v4|v5}.json`, the device manifest units poll. Drafts and betas are never in
 * them. Each carries an ETag and answers 304 to a matching If-None-Match. Their downloads
 * point at the signed-in, recorded download route.
 */
export function releaseFeedRoutes(options: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/:file", async (c) => {
    const match = /^([a-z0-9]+)\.(atom|feed\.json|json)$/.exec(c.req.param("file"));
    const product = match?.[1];
    if (!match || !isProductId(product)) {
      return c.text(
        "There is no such feed: try /releases/v5.atom (Atom), /releases/v5.feed.json (JSON Feed) or /releases/v5.json (the device manifest).",
        404,
      );
    }
    const format = feedFormats[match[2] === "atom" ? "atom" : match[2] === "json" ? "json" : "feed.json"];
    // The feed is the same for everyone: read as the anonymous visitor, whoever asks.
    const domain = requestDomain(options.deps, { actor: null, info: requestInfo(c, options.proxyHops) });
    const list = await listPublishedReleases(domain, { product });
    const assets = await listReleaseAssets(domain, { ids: list.map((release) => release.id) });
    const entries = list.map((release) => ({
      release,
      assets: assets.filter((asset) => asset.releaseId === release.id),
    }));
    const self = new URL(`/releases/${c.req.param("file")}`, options.publicUrl).href;
    const body = format.write({ product, entries, origin: options.publicUrl, siteName: options.siteName }, self);
    const etag = etagOf(body);
    const headers = {
      ETag: etag,
      "Cache-Control": feedCacheControl,
      Vary: "Accept-Encoding",
    };
    if (matches(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);
    return c.body(body, 200, { ...headers, "Content-Type": format.type });
  });
  return routes;
}

/**
 * `/downloads/releases/:releaseId/:mediaId`: a release's file, for whoever may read the
 * release (a session, or a personal access token for a device or script). Byte ranges are
 * answered (`answerStoredFile`), so a large package's download resumes. A GET that sends
 * bytes is a download: the domain records it before the first byte, once per person, file
 * and day (a second download, a resumed one or parallel parts add nothing); HEAD and a
 * range past the end record nothing. Never cached.
 */
export function releaseDownloadRoutes(options: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/:releaseId/:mediaId", async (c) => {
    const caller = await callerOf(c, options.deps.db, []);
    if (!caller.ok) return c.text(caller.message, caller.status, { ...caller.headers, "Cache-Control": "no-store" });
    if (!caller.actor) return c.text("Sign in to download release files.", 401, { "Cache-Control": "no-store" });
    try {
      const domain = requestDomain(options.deps, { actor: caller.actor, info: requestInfo(c, options.proxyHops) });
      const asked = { releaseId: c.req.param("releaseId"), mediaId: c.req.param("mediaId") };
      const { file } = await getReleaseAsset(domain, asked);
      const files = options.deps.ports.files;
      const key = keyOf(file, "original");
      const stored = await files.head(key);
      if (!stored) return c.text("The file is missing from the file store.", 404, { "Cache-Control": "no-store" });
      c.set("contentSecurityPolicy", "default-src 'none'; sandbox");
      return await answerStoredFile(c, {
        brokenOff: options.downloadBrokenOff,
        files,
        key,
        size: stored.size,
        validators: { etag: `"${file.sha256}"`, lastModified: file.fileUploadedAt },
        headers: {
          "Content-Type": file.contentType,
          "Content-Disposition": contentDisposition("attachment", nameForType(file.name, file.extension)),
          "Cache-Control": "private, no-store",
          "X-Content-Type-Options": "nosniff",
          "X-Checksum-SHA256": file.sha256,
        },
        beforeSending: () => downloadReleaseAsset(domain, asked),
      });
    } catch (error) {
      return fileErrorResponse(c, error);
    }
  });
  return routes;
}
