import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { RouterContextProvider, createRequestHandler, type RouterContext, type ServerBuild } from "react-router";
import type { Config } from "../config.ts";
import type { Logger } from "../log.ts";
import { etagMatches, type PrerenderedPage } from "./prerendered.ts";
import { applySecurityHeaders, contentSecurityPolicy, createNonce } from "./security-headers.ts";

type Env = { Variables: { nonce: string; https: boolean; scriptHashes: string[] } };

/** What the app's server entry (app/entry.server.tsx) exports for the HTTP layer. */
type EntryExports = { nonceRouterContext: RouterContext<string>; noncePlaceholder: string };

function entryExports(build: ServerBuild): EntryExports {
  const module = build.entry.module as Partial<EntryExports>;
  if (!module.nonceRouterContext || typeof module.noncePlaceholder !== "string") {
    throw new Error("the server build's entry does not export nonceRouterContext and noncePlaceholder");
  }
  return module as EntryExports;
}

const immutable = "public, max-age=31536000, immutable";
const revalidate = "public, max-age=0, must-revalidate";
const shortLived = "public, max-age=300";

export function createApp(options: {
  config: Config;
  build: ServerBuild;
  clientDir: string;
  prerendered: ReadonlyMap<string, PrerenderedPage>;
  log: Logger;
}) {
  const { config, build, clientDir, prerendered, log } = options;
  const { nonceRouterContext, noncePlaceholder } = entryExports(build);
  const handleRequest = createRequestHandler(build, config.env);
  const app = new Hono<Env>();

  app.use(async (c, next) => {
    const started = performance.now();
    const forwardedHttps = config.trustProxy && c.req.header("x-forwarded-proto") === "https";
    const https = config.https || forwardedHttps || new URL(c.req.url).protocol === "https:";
    const nonce = createNonce();
    c.set("nonce", nonce);
    c.set("https", https);
    c.set("scriptHashes", []);
    await next();
    let response = c.res;
    try {
      applySecurityHeaders(response.headers, {
        csp: contentSecurityPolicy({ nonce, scriptHashes: c.get("scriptHashes"), https }),
        https,
      });
    } catch {
      // Some responses (Response.redirect) have immutable headers: copy, then set.
      response = new Response(response.body, response);
      applySecurityHeaders(response.headers, {
        csp: contentSecurityPolicy({ nonce, scriptHashes: c.get("scriptHashes"), https }),
        https,
      });
      c.res = response;
    }
    const level = response.status >= 500 ? "error" : "debug";
    log[level]("request", {
      method: c.req.method,
      path: c.req.path,
      status: response.status,
      ms: Math.round(performance.now() - started),
    });
  });

  app.use(compress());

  // One URL per page: "/about/" moves permanently to "/about".
  app.use(async (c, next) => {
    const url = new URL(c.req.url);
    if (url.pathname.length > 1 && url.pathname.endsWith("/")) {
      return c.redirect(`${url.pathname.replace(/\/+$/, "")}${url.search}`, 301);
    }
    return next();
  });

  app.use(
    "/assets/*",
    serveStatic({ root: clientDir, precompressed: true, onFound: (_path, c) => c.header("Cache-Control", immutable) }),
  );

  // Prerendered pages: the build's HTML with this response's nonce, validated by ETag.
  app.on(["GET", "HEAD"], "*", async (c, next) => {
    const page = prerendered.get(c.req.path);
    if (!page) return next();
    c.set("scriptHashes", page.scriptHashes);
    const headers = { ETag: page.etag, "Cache-Control": revalidate, Vary: "Accept-Encoding" };
    if (etagMatches(c.req.header("if-none-match"), page.etag)) return c.body(null, 304, headers);
    return c.html(page.template.replaceAll(noncePlaceholder, c.get("nonce")), 200, headers);
  });

  // Other build files with an extension (favicon, search index, sitemap, route data); never raw HTML.
  const buildFiles = serveStatic<Env>({
    root: clientDir,
    precompressed: true,
    onFound: (_path, c) => c.header("Cache-Control", shortLived),
  });
  const buildFilesWithExtension: MiddlewareHandler<Env> = async (c, next) => {
    if (!/\.[a-z0-9]+$/i.test(c.req.path) || c.req.path.endsWith(".html")) return next();
    return buildFiles(c, next);
  };
  app.use(buildFilesWithExtension);

  app.all("*", (c) => {
    const context = new RouterContextProvider();
    context.set(nonceRouterContext, c.get("nonce"));
    return handleRequest(c.req.raw, context);
  });

  return app;
}
