import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.ts";
import { etagMatches, type PrerenderedPage } from "./prerendered.ts";

const immutable = "public, max-age=31536000, immutable";
const revalidate = "public, max-age=0, must-revalidate";
const shortLived = "public, max-age=300";

/** The one kind of Range this server serves: a single byte range ("bytes=0-99", "bytes=100-", "bytes=-500"). */
const singleByteRange = /^\s*bytes\s*=\s*(\d+-\d*|-\d+)\s*$/i;

/**
 * A Range header the file server should not act on (another unit, several ranges, or
 * nonsense) is dropped, so the answer is the whole file with 200, as RFC 9110 allows;
 * the file server would otherwise answer 206 with the whole file.
 */
const ignoreUnservedRanges: MiddlewareHandler<AppEnv> = async (c, next) => {
  const range = c.req.header("range");
  if (range !== undefined && !singleByteRange.test(range)) {
    const headers = new Headers(c.req.raw.headers);
    headers.delete("range");
    c.req.raw = new Request(c.req.raw, { headers });
  }
  return next();
};

/**
 * What the build wrote to disk: hashed assets (cached forever), prerendered pages (with
 * this response's nonce, validated by ETag) and other files with an extension (favicon,
 * search index, sitemap, build metadata). Raw HTML files are never served by name.
 */
export function buildFiles(options: {
  clientDir: string;
  prerendered: ReadonlyMap<string, PrerenderedPage>;
  noncePlaceholder: string;
}): Hono<AppEnv> {
  const { clientDir, prerendered, noncePlaceholder } = options;
  const files = new Hono<AppEnv>();
  files.use(ignoreUnservedRanges);

  files.use(
    "/assets/*",
    serveStatic({ root: clientDir, precompressed: true, onFound: (_path, c) => c.header("Cache-Control", immutable) }),
  );

  files.on(["GET", "HEAD"], "*", async (c, next) => {
    const page = prerendered.get(c.req.path);
    if (!page) return next();
    c.set("scriptHashes", page.scriptHashes);
    const headers = { ETag: page.etag, "Cache-Control": revalidate, Vary: "Accept-Encoding" };
    if (etagMatches(c.req.header("if-none-match"), page.etag)) return c.body(null, 304, headers);
    return c.html(page.template.replaceAll(noncePlaceholder, c.get("nonce")), 200, headers);
  });

  const other = serveStatic<AppEnv>({
    root: clientDir,
    precompressed: true,
    // The build files the portal polls must never come from a cache.
    onFound: (path, c) => c.header("Cache-Control", /\/builds\//.test(path) ? "no-cache" : shortLived),
  });
  const withExtension: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!/\.[a-z0-9]+$/i.test(c.req.path) || c.req.path.endsWith(".html")) return next();
    return other(c, next);
  };
  files.use(withExtension);
  return files;
}
