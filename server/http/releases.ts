import { createHash } from "node:crypto";
import { Hono } from "hono";
import { xmlText } from "../../app/lib/xml.ts";
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

function jsonFeed(product: string, entries: FeedRelease[], origin: URL): string {
  return JSON.stringify({
    product,
    channel: "stable",
    latest: entries[0]?.release.versionNumber ?? null,
    releases: entries.map(({ release, assets }) => ({
      version: release.versionNumber,
      releasedOn: release.releasedOn,
      publishedAt: release.publishedAt?.toISOString() ?? null,
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

function atomFeed(product: string, entries: FeedRelease[], origin: URL, siteName: string, self: string): string {
  const updated = entries[0]?.release.publishedAt?.toISOString() ?? new Date(0).toISOString();
  const items = entries.map(({ release, assets }) => {
    const downloads = assets
      .map(
        (asset) =>
          `<li>${xmlText(asset.name)} (${asset.size.toLocaleString("en-US")} bytes), SHA-256 <code>${asset.sha256}</code></li>`,
      )
      .join("");
    const content = `${release.notesHtml}${downloads ? `<h3>Downloads</h3><ul>${downloads}</ul>` : ""}`;
    return `<entry>
<id>urn:uuid:${release.id}</id>
<title>${xmlText(`${siteName} ${releaseName(release)}`)}</title>
<updated>${(release.publishedAt ?? release.updatedAt).toISOString()}</updated>
<published>${release.releasedOn}T00:00:00Z</published>
<link rel="alternate" href="${xmlText(new URL(`/dashboard/releases?product=${product}`, origin).href)}"/>
<content type="html">${xmlText(content)}</content>
</entry>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${xmlText(self)}</id>
<title>${xmlText(`${siteName} ${product} software releases`)}</title>
<updated>${updated}</updated>
<link rel="self" href="${xmlText(self)}"/>
<author><name>${xmlText(siteName)}</name></author>
${items.join("\n")}
</feed>
`;
}

/**
 * The public feeds of published stable releases, for devices, partners and people:
 * `/releases/{v4|v5}.json` and `/releases/{v4|v5}.atom`. Drafts and betas are never in
 * them. Each carries an ETag and answers 304 to a matching If-None-Match. Their downloads
 * point at the signed-in, recorded download route.
 */
export function releaseFeedRoutes(options: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/:file", async (c) => {
    const match = /^(v4|v5)\.(json|atom)$/.exec(c.req.param("file"));
    if (!match) return c.text("There is no such feed: try /releases/v5.json or /releases/v5.atom.", 404);
    const [, product = "v5", format = "json"] = match;
    // The feed is the same for everyone: read as the anonymous visitor, whoever asks.
    const domain = requestDomain(options.deps, { actor: null, info: requestInfo(c, options.proxyHops) });
    const list = await listPublishedReleases(domain, { product: product as "v4" | "v5" });
    const assets = await listReleaseAssets(domain, { ids: list.map((release) => release.id) });
    const entries = list.map((release) => ({
      release,
      assets: assets.filter((asset) => asset.releaseId === release.id),
    }));
    const self = new URL(`/releases/${product}.${format}`, options.publicUrl).href;
    const body =
      format === "json"
        ? jsonFeed(product, entries, options.publicUrl)
        : atomFeed(product, entries, options.publicUrl, options.siteName, self);
    const etag = etagOf(body);
    const headers = {
      ETag: etag,
      "Cache-Control": feedCacheControl,
      Vary: "Accept-Encoding",
    };
    if (matches(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);
    return c.body(body, 200, {
      ...headers,
      "Content-Type": format === "json" ? "application/json; charset=utf-8" : "application/atom+xml; charset=utf-8",
    });
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
