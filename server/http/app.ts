import type { HttpBindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { RouterContextProvider, createRequestHandler, type RouterContext, type ServerBuild } from "react-router";
import type { HostedLogin, PortalServices, RequestAuth } from "../../app/lib/auth-context.ts";
import { clientAddress, rateLimitBucket } from "../auth/client-address.ts";
import { readCookie, sessionCookieName } from "../auth/cookies.ts";
import { csrfTokenFor, csrfTokenMatches, isCrossSiteWrite, submittedCsrfToken } from "../auth/csrf.ts";
import { embeddedProviderPath, hostedPagePrefixes, type EmbeddedProvider } from "../auth/embedded-provider.ts";
import { providerPage, type ProviderPageOptions } from "../auth/provider-pages.ts";
import type { SessionStore } from "../auth/sessions.ts";
import type { Actor } from "../domain/authorization.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../log.ts";
import { etagMatches, type PrerenderedPage } from "./prerendered.ts";
import { applySecurityHeaders, contentSecurityPolicy, createNonce } from "./security-headers.ts";

type Env = { Bindings: Partial<HttpBindings>; Variables: { nonce: string; https: boolean; scriptHashes: string[] } };

/** What the app's server entry (app/entry.server.tsx) exports for the HTTP layer. */
type EntryExports = {
  nonceRouterContext: RouterContext<string>;
  noncePlaceholder: string;
  requestAuthContext: RouterContext<RequestAuth>;
  hostedLoginContext: RouterContext<HostedLogin | null>;
  portalContext: RouterContext<PortalServices | null>;
};

function entryExports(build: ServerBuild): EntryExports {
  const module = build.entry.module as Partial<EntryExports>;
  if (
    !module.nonceRouterContext ||
    typeof module.noncePlaceholder !== "string" ||
    !module.requestAuthContext ||
    !module.hostedLoginContext ||
    !module.portalContext
  ) {
    throw new Error("the server build's entry does not export the router contexts the server fills in");
  }
  return module as EntryExports;
}

/** Sign-in as the HTTP layer needs it: the session store, /auth/*, and the embedded provider when there is one. */
export type AppAuth = {
  sessions: SessionStore;
  /** The look of the few pages the server renders itself (a refused write). */
  pages: ProviderPageOptions;
  /** The portal's operations for a signed-in person. */
  portal: (actor: Actor) => PortalServices;
  routes: Hono<{ Bindings: Partial<HttpBindings>; Variables: { https: boolean } }>;
  embedded:
    | {
        provider: EmbeddedProvider;
        hostedLogin: (request: HttpBindings, clientAddress: string) => HostedLogin;
      }
    | undefined;
};

const immutable = "public, max-age=31536000, immutable";
const revalidate = "public, max-age=0, must-revalidate";
const shortLived = "public, max-age=300";

export function createApp(options: {
  config: Config;
  build: ServerBuild;
  clientDir: string;
  prerendered: ReadonlyMap<string, PrerenderedPage>;
  log: Logger;
  auth: AppAuth;
}) {
  const { config, build, clientDir, prerendered, log, auth } = options;
  const { nonceRouterContext, noncePlaceholder, requestAuthContext, hostedLoginContext, portalContext } =
    entryExports(build);
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
    if (c.res === RESPONSE_ALREADY_SENT) {
      // The identity provider answered on the Node response itself (with these headers set first).
      logRequest(c.env.outgoing?.statusCode ?? 200);
      return;
    }
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
    logRequest(response.status);

    function logRequest(status: number) {
      log[status >= 500 ? "error" : "debug"]("request", {
        method: c.req.method,
        // A password-reset link is a secret until used: it never goes to the log.
        path: c.req.path.replace(/^(\/idp\/password\/reset\/)[^/]+/, "$1[link]"),
        status,
        ms: Math.round(performance.now() - started),
      });
    }
  });

  // Forms and JSON are small; anything larger is refused before it is read.
  app.on(["POST", "PUT", "PATCH", "DELETE"], "*", bodyLimit({ maxSize: 256 * 1024 }));

  // A write from another site is refused before any handler sees it (CSRF, first line).
  app.use(async (c, next) => {
    if (isCrossSiteWrite(c.req.raw, config.publicUrl.origin)) {
      return c.text("This form was sent from another site, so it was refused.", 403);
    }
    return next();
  });

  // The embedded identity provider writes to the Node response itself (it is a Koa app).
  const embedded = auth.embedded;
  if (embedded) {
    app.all(`${embeddedProviderPath}/*`, async (c, next) => {
      if (hostedPagePrefixes.some((prefix) => c.req.path.startsWith(prefix))) return next();
      const { incoming, outgoing } = c.env;
      if (!incoming || !outgoing) return c.text("The identity provider needs the Node HTTP server.", 500);
      const headers = new Headers();
      applySecurityHeaders(headers, {
        csp: contentSecurityPolicy({ nonce: c.get("nonce"), https: c.get("https") }),
        https: c.get("https"),
      });
      headers.forEach((value, name) => outgoing.setHeader(name, value));
      outgoing.setHeader("Cache-Control", "no-store");
      await embedded.provider.handle(incoming, outgoing);
      return RESPONSE_ALREADY_SENT;
    });
  }

  app.use(compress());

  // One URL per page: "/about/" moves permanently to "/about". Leading slashes collapse
  // too, so "//evil.example/" can never become a Location pointing at another site.
  app.use(async (c, next) => {
    const url = new URL(c.req.url);
    if (url.pathname.length > 1 && url.pathname.endsWith("/")) {
      const path = `/${url.pathname.replace(/^\/+/, "").replace(/\/+$/, "")}`;
      return c.redirect(`${path}${url.search}`, 301);
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

  app.route("/auth", auth.routes);

  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    context.set(nonceRouterContext, c.get("nonce"));
    const token = readCookie(c.req.header("cookie"), sessionCookieName(c.get("https")));
    // Without the database no one is signed in: public pages and 404s still render.
    const session = await auth.sessions.read(token).catch((error: unknown) => {
      log.error("could not read the session", { error: error instanceof Error ? error.message : String(error) });
      return null;
    });
    context.set(requestAuthContext, {
      user: session
        ? {
            id: session.user.id,
            name: session.user.name,
            email: session.user.email,
            picture: session.user.picture,
            role: session.user.role,
          }
        : null,
      csrfToken: session && token ? csrfTokenFor(token) : null,
    });
    if (session) context.set(portalContext, auth.portal({ id: session.user.id, role: session.user.role }));
    const { incoming, outgoing } = c.env;
    const hostedPage = hostedPagePrefixes.some((prefix) => c.req.path.startsWith(prefix));
    // Every write made with the session cookie carries the session's CSRF token, checked
    // here once for all route actions. (The hosted pages are bound to their sign-in
    // by the provider's own cookies instead.)
    const write = !["GET", "HEAD", "OPTIONS"].includes(c.req.method);
    if (session && token && write && !hostedPage) {
      if (!csrfTokenMatches(token, await submittedCsrfToken(c.req.raw))) {
        return c.html(
          providerPage(auth.pages, {
            title: "This form had expired",
            body: `<h1 class="text-3xl font-bold tracking-tight">This form had expired</h1>
<p>Nothing was changed. Go back, reload the page and try again.</p>`,
          }),
          403,
          { "Cache-Control": "no-store" },
        );
      }
    }
    if (embedded && incoming && outgoing && hostedPage) {
      context.set(
        hostedLoginContext,
        embedded.hostedLogin(
          { incoming, outgoing },
          rateLimitBucket(
            clientAddress(c.req.header("x-forwarded-for"), incoming.socket.remoteAddress, config.trustProxy),
          ),
        ),
      );
    }
    const response = await handleRequest(c.req.raw, context);
    // Pages built for one person, or for one sign-in in progress, are never stored.
    if ((session || hostedPage) && !response.headers.has("Cache-Control")) {
      response.headers.set("Cache-Control", "private, no-store");
    }
    return response;
  });

  return app;
}
