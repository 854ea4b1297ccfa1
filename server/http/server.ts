import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createAuthRoutes } from "./auth-routes.ts";
import { hearSessionChanges } from "../auth/session-answers.ts";
import { createLoginTransactions, type LoginTransactions } from "../auth/login-transactions.ts";
import { createRelyingParty, isLoopback, type RelyingParty } from "../auth/relying-party.ts";
import { createSessionStore, type SessionStore } from "../domain/users/session-store.ts";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { createHostedLogin } from "../idp/hosted-login.ts";
import { sweepExpiredIdpPayloads } from "../idp/adapter.ts";
import { defaultAdminEmail } from "../idp/accounts.ts";
import { createEmbeddedProvider, embeddedProviderPath, type EmbeddedProvider } from "../idp/provider.ts";
import {
  embeddedInvitations,
  embeddedProviderSessions,
  externalInvitations,
  unreachableProviderSessions,
} from "../idp/invitations.ts";
import { embeddedSignInFailures, externalSignInFailures } from "../idp/sign-in-failures.ts";
import { scheduledJobs } from "../domain/core/access.ts";
import type { DomainPorts } from "../domain/core/context.ts";
import { purgeApplications } from "../domain/certification/index.ts";
import { purgeInquiries } from "../domain/inquiries/index.ts";
import { requestDomain } from "../graphql/context.ts";
import { sweepUnclaimedFiles } from "../domain/core/files.ts";
import { refreshDocRenders } from "../domain/docs/render-refresh.ts";
import { sweepDocPresence, sweepDocWork } from "../domain/docs/index.ts";
import type { BlobStore } from "../storage/blob-store.ts";
import { schema } from "../graphql/schema.ts";
import { createGraphQLServer } from "../graphql/yoga.ts";
import { graphqlRoutes } from "./graphql.ts";
import { healthRoutes } from "./health.ts";
import { countAnswers, metricsRoutes, watchDatabase } from "./metrics-route.ts";
import type { Metrics } from "../metrics.ts";
import { graphiqlContentSecurityPolicy } from "./security/headers.ts";
import type { Logger } from "../log.ts";
import type { AppBuild } from "./build.ts";
import type { AppEnv } from "./env.ts";
import { refuseCrossSiteWrites } from "./middleware/csrf.ts";
import { requestContext } from "./middleware/request-context.ts";
import { sessionReader } from "./middleware/session.ts";
import { pageApi } from "./page-api.ts";
import { pageRoute } from "./page-route.ts";
import { embeddedProviderRoute } from "./provider-route.ts";
import { fileRoutes, transferRoutes } from "./file-routes.ts";
import type { IncomingMessage, ServerResponse } from "node:http";
import { buildOrigin } from "../../shared/contracts/app-config.ts";
import { answerBuildFile, buildFileMiddleware, filesAtOrigin } from "./build-files.ts";
import { stylesheetHrefs } from "./prerendered.ts";
import { createEarlyAnswers } from "./early-answers.ts";
import { unexpectedErrorHandler } from "./errors.ts";
import type { LivePages } from "./live-pages.ts";
import { listingsStamp } from "../domain/organizations/index.ts";
import { listReleasePages } from "../domain/releases/index.ts";
import { livePaths } from "../../shared/public-paths.ts";
import { releasePagePath } from "../../shared/release-pages.ts";
import { formTicketWindow, loadFormTickets } from "./security/form-tickets.ts";
import { reactRouterPages } from "./react-router.ts";
import { readSiteAnalytics, readSiteNotices } from "../domain/settings/index.ts";
import { clientAddress, rateLimitBucket } from "./security/client-address.ts";
import { createRateLimiter, databaseRateLimits } from "../web/rate-limit.ts";

/**
 * The docs' kept pages that an older renderer made, made again in the background (ADR 037);
 * what is done is logged, a failure too (the next sweep tries again).
 */
export async function refreshKeptPages(db: DatabaseHandle["db"], log: Logger): Promise<void> {
  try {
    const { rendered, refused, left } = await refreshDocRenders(db);
    if (rendered + refused > 0) log.info("docs pages made again by the current renderer", { rendered, refused, left });
  } catch (error) {
    log.warn("making docs pages again failed; the next sweep tries again", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** What the server answers itself, outside React Router: each `app.route` / `app.all` below but the last. */
export const serverPrefixes = [
  "/healthz",
  "/readyz",
  "/metrics",
  "/auth",
  embeddedProviderPath,
  "/graphql",
  "/dashboard/pictures",
  "/uploads/media",
  "/media",
  "/releases",
  "/downloads/releases",
] as const;

export type AppServer = {
  app: Hono<AppEnv>;
  fetch: Hono<AppEnv>["fetch"];
  /** Answers a GET or HEAD for a build file (ADR 010), or the signed-out session check, on the Node objects before `fetch`; true when it did. */
  answerBuildFile: (request: IncomingMessage, response: ServerResponse) => boolean;
  /** The embedded identity provider, when no external issuer is configured. */
  embedded: EmbeddedProvider | undefined;
  /** The site's side of sign-in, for the integration tests that drive its parts directly. */
  auth: {
    sessions: SessionStore;
    transactions: LoginTransactions;
    relyingParty: RelyingParty;
  };
  /** The public pages that show the database, kept up to date by `watch()` (ADR 029). */
  livePages: Pick<LivePages, "refresh" | "watch">;
  /**
   * Listens for the database's announcements of ended sessions and changed people, so the
   * session checks this process answers from memory are forgotten at once (ADR 034);
   * `ready` resolves once it hears, `stop` ends it.
   */
  hearSessionChanges: () => { ready: Promise<void>; stop: () => Promise<void> };
  /** Deletes ended sessions, abandoned sign-ins, expired provider records, old rate-limit rows and files no row holds. */
  sweep: () => Promise<void>;
  /** The process is shutting down: `/readyz` answers 503 from now on. */
  drain: () => void;
};

/**
 * The whole HTTP server, assembled once: `server/main.ts`, the integration tests and
 * the benchmarks all call this. Middleware is mounted per path, where it applies:
 *
 * - first, on an https site, a request that did not come over https is sent there (ADR 042);
 * - then a GET or HEAD for a build file (a prerendered page, an asset) is answered from
 *   memory, with no other work (ADR 010);
 * - every other request: nonce, https, security headers, request id, log line; cross-site writes refused;
 * - `/healthz` and `/readyz`;
 * - `/idp/*`: the embedded identity provider (it reads its own bodies, at most 56 KB);
 * - `/auth/*`: the site's side of sign-in;
 * - everything else (React Router): a guard that answers malformed paths and methods a
 *   page does not accept, session, a body limit, then the CSRF token on
 *   cookie-authenticated writes.
 */
export async function createServer(options: {
  config: Config;
  database: DatabaseHandle;
  /** Where uploaded files live (`openFileStore(config)`); the caller closes it after the server. */
  files: BlobStore;
  build: AppBuild;
  log: Logger;
  /** Tests move the clock of sign-in transactions. */
  now?: () => Date;
  /**
   * A write ended (a form, a GraphQL mutation, a hosted sign-in page): the outbox delivers
   * whatever mail it queued now rather than at its next round. Told by one middleware,
   * after every write.
   */
  mailQueued?: () => void;
  /** False renders every 404 screen (tests compare the two). */
  notFoundFromTemplate?: boolean;
  /** What the server counts (ADR 032); undefined counts nothing (no one could read it). */
  metrics?: Metrics;
}): Promise<AppServer> {
  const { config, database, log } = options;
  const { db } = database;
  // The build names a stand-in origin: every kept page is made to name PUBLIC_URL's (ADR 042),
  // compressed again in libuv's threads while the rest is assembled.
  const filesAtSiteOrigin = filesAtOrigin(options.build.files, buildOrigin, config.publicUrl.origin);
  const { build } = options;
  const now = options.now ?? (() => new Date());

  // Pages rendered outside React (the provider's, the sign-out hand-over) link the site's stylesheet.
  const pages = { stylesheets: stylesheetHrefs(build.prerendered.get("/")?.template ?? ""), siteName: "Densara" };

  const embedded = config.auth.external
    ? undefined
    : await createEmbeddedProvider({
        db,
        publicUrl: config.publicUrl,
        sessionTtlS: config.auth.session.idleTimeoutS,
        pages,
        log,
      });
  const adminEmails = embedded
    ? [...config.auth.adminEmails, config.auth.adminEmail ?? defaultAdminEmail]
    : config.auth.adminEmails;
  const relyingParty = createRelyingParty({
    ...(config.auth.external ?? {
      issuer: embedded?.issuer ?? config.publicUrl,
      clientId: embedded?.clientId ?? "",
      clientSecret: embedded?.clientSecret ?? "",
    }),
    scopes: config.auth.scopes,
    redirectUri: new URL("/auth/logged-in", config.publicUrl),
    postLogoutRedirectUri: new URL("/", config.publicUrl),
    allowInsecureRequests: embedded !== undefined && isLoopback(embedded.issuer),
  });
  const sessions = createSessionStore(db, config.auth.session, {
    stampsFrom: database.kind === "pglite" ? "this process" : "database",
  });
  const transactions = createLoginTransactions(db, now);
  const formTickets = await loadFormTickets(db, {
    ...formTicketWindow,
    minimumMs: config.formMinimumSeconds * 1000,
  });

  const ports: DomainPorts = {
    publicUrl: config.publicUrl,
    invitations: config.auth.external
      ? externalInvitations(config.publicUrl, config.auth.external.issuer)
      : embeddedInvitations(config.publicUrl),
    providerSessions: embedded ? embeddedProviderSessions(embedded.issuer.href) : unreachableProviderSessions,
    signInFailures: embedded ? embeddedSignInFailures(embedded.issuer.href) : externalSignInFailures,
    rateLimits: databaseRateLimits,
    formTickets,
    files: options.files,
  };
  const graphqlDeps = { db, ports, embeddedIssuer: embedded?.issuer.href ?? null, now };

  const anonymous = { actor: null, info: { address: null, userAgent: null } };
  const app = new Hono<AppEnv>();
  // Build files, the live public pages, the session check and the 404 screen are answered
  // from memory before anything else (early-answers.ts). Their own renders go through `app`.
  const { answerEarly, livePages, sessionAnswers, learnNotFound, routeOf } = createEarlyAnswers({
    config,
    build: { ...build, files: await filesAtSiteOrigin },
    formTickets,
    now,
    log,
    render: async (path) => app.fetch(new Request(new URL(path, config.publicUrl)), { liveRender: true }),
    pages: async () => {
      const [listings, releases] = await Promise.all([
        listingsStamp(db, now()),
        listReleasePages(requestDomain(graphqlDeps, anonymous), {}),
      ]);
      return new Map([
        ...livePaths.map((path) => [path, listings] as const),
        ...releases.map((page) => [releasePagePath(page.product, page.versionNumber), page.stamp] as const),
      ]);
    },
    notices: () => readSiteNotices(requestDomain(graphqlDeps, anonymous), {}),
    analytics: () => readSiteAnalytics(requestDomain(graphqlDeps, anonymous), {}),
    servedElsewhere: (path) => serverPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)),
    notFoundFromTemplate: options.notFoundFromTemplate !== false,
  });
  const { metrics } = options;
  app.onError(unexpectedErrorHandler(log));
  app.use(buildFileMiddleware(answerEarly));
  app.use(requestContext(config, log, metrics && countAnswers(metrics, build.serverBuild)));
  app.use(refuseCrossSiteWrites(config.publicUrl.origin));

  // Liveness and readiness, for a load balancer or an orchestrator; the figures, for a scraper with the token.
  const health = healthRoutes({ db, log });
  app.route("/", health.routes);
  app.route("/", metricsRoutes({ token: config.metrics.token, metrics, log }));
  if (metrics) watchDatabase(metrics, database);

  // The embedded identity provider writes to the Node response itself (it is a Koa app).
  if (embedded) app.all(`${embeddedProviderPath}/*`, embeddedProviderRoute(embedded));

  app.use(compress());

  // Mail a write queued (a confirmation, an invitation) leaves at once. A run is one query
  // for due mail, so a write that queued none costs little; reads never start one.
  const { mailQueued } = options;
  if (mailQueued) {
    app.use(async (c, next) => {
      await next();
      if (c.req.method !== "GET" && c.req.method !== "HEAD") mailQueued();
    });
  }

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

  app.route(
    "/auth",
    createAuthRoutes({ config, db, relyingParty, sessions, transactions, adminEmails, pages, log, sessionAnswers }),
  );

  app.use("/graphql", sessionReader(sessions, log));
  app.route(
    "/graphql",
    graphqlRoutes({
      server: createGraphQLServer({
        schema,
        log,
        development: config.env === "development",
        ...(metrics ? { observe: metrics.operation } : {}),
      }),
      deps: graphqlDeps,
      proxyHops: config.proxyHops,
      graphiqlPolicy: (nonce) => graphiqlContentSecurityPolicy({ nonce, https: config.https }),
    }),
  );

  fileRoutes(app, {
    sessions,
    log,
    deps: graphqlDeps,
    proxyHops: config.proxyHops,
    publicUrl: config.publicUrl,
    siteName: pages.siteName,
    ...(metrics ? { downloadBrokenOff: (route: string) => metrics.brokenOff("download", route) } : {}),
  });
  if (metrics) {
    metrics.expectTransfers("upload", transferRoutes.upload);
    metrics.expectTransfers("download", transferRoutes.download);
  }

  const addressOf = (c: { req: { header: (name: string) => string | undefined }; env: AppEnv["Bindings"] }) =>
    rateLimitBucket(
      clientAddress(c.req.header("x-forwarded-for"), c.env.incoming?.socket.remoteAddress, config.proxyHops),
    );
  const handlePage = reactRouterPages({
    config,
    build: build.serverBuild,
    api: pageApi({
      deps: graphqlDeps,
      log,
      proxyHops: config.proxyHops,
      ...(metrics ? { observe: metrics.operation } : {}),
    }),
    formTickets,
    notices: livePages.notices,
    analytics: livePages.analytics,
    log,
    hostedLogin: embedded
      ? ({ incoming, outgoing }, c) =>
          createHostedLogin({
            db,
            provider: embedded.provider,
            request: incoming,
            response: outgoing,
            clientAddress: addressOf(c),
            signupAllowed: config.auth.signup,
            publicUrl: config.publicUrl,
            issuer: embedded.issuer.href,
            log,
          })
      : undefined,
  });
  app.all(
    "*",
    ...pageRoute({
      build: build.serverBuild,
      origin: config.publicUrl.origin,
      sessions,
      log,
      pages,
      page: handlePage,
    }),
  );

  await learnNotFound();

  await livePages.refresh().catch((error: unknown) =>
    log.warn("the live public pages are rendered per request until they can be rendered once", {
      error: error instanceof Error ? error.message : String(error),
    }),
  );

  const limiter = createRateLimiter(db);
  // The sweep's own domain context: the scheduled jobs' actor, from no address.
  const scheduled = () =>
    requestDomain(graphqlDeps, { actor: scheduledJobs, info: { address: null, userAgent: null } });
  // Hono answers HEAD by running the GET route and copying its answer into a new Response.
  // A copy of the marker for "answered on the Node response already" (the provider's
  // answers) is no longer the marker, and the Node adapter wrote headers a second time
  // (ERR_HTTP_HEADERS_SENT, with its stack on stderr). The marker itself goes on.
  const fetch: AppServer["fetch"] = async (request, env, executionCtx) => {
    const response = await app.fetch(request, env, executionCtx);
    return request.method === "HEAD" && response.headers.has("x-hono-already-sent") ? RESPONSE_ALREADY_SENT : response;
  };
  return {
    app,
    fetch,
    answerBuildFile: metrics
      ? (request, response) =>
          answerBuildFile(answerEarly, log, request, response, (method, path, status, started) =>
            metrics.request(method, routeOf(path, status), status, (performance.now() - started) / 1000),
          )
      : (request, response) => answerBuildFile(answerEarly, log, request, response),
    embedded,
    livePages,
    hearSessionChanges: () => hearSessionChanges(database, sessionAnswers, log),
    drain: health.drain,
    auth: { sessions, transactions, relyingParty },
    async sweep() {
      await Promise.all([
        sessions.sweep(),
        transactions.sweep(),
        sweepExpiredIdpPayloads(db),
        limiter.sweep(),
        sweepUnclaimedFiles(db, options.files, now()),
        purgeInquiries(scheduled(), { days: config.inquiryRetentionDays }),
        purgeApplications(scheduled(), { days: config.inquiryRetentionDays }),
        refreshKeptPages(db, log),
        sweepDocWork(db, now()),
        sweepDocPresence(db, now()),
      ]);
    },
  };
}
