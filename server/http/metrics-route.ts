import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Hono } from "hono";
import { routePath } from "hono/route";
import type { ServerBuild } from "react-router";
import type { DatabaseHandle } from "../db/client.ts";
import type { Logger } from "../log.ts";
import { waitingMail } from "../mail/outbox.ts";
import type { Metrics } from "../metrics.ts";
import type { AppEnv } from "./env.ts";
import { pagePatterns } from "./middleware/page-requests.ts";
import type { AnswerObserver } from "./middleware/request-context.ts";
import { bodyBrokenOff } from "./transfers.ts";

type Exposition = Pick<Metrics, "exposition" | "contentType">;

const noStore = { "cache-control": "no-store" };

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** Whether an Authorization header carries the token, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? "");
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

async function gathered(metrics: Exposition, log: Logger): Promise<{ text: string } | { error: string }> {
  try {
    return { text: await metrics.exposition() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.warn("the metrics could not be gathered", { error: message });
    return { error: `The metrics could not be gathered: ${message}` };
  }
}

/**
 * Each answer the middleware sees, counted under its route as a pattern: Hono's for the
 * server's own routes, React Router's for pages; every 404 as "(unmatched)". A request
 * whose body broke off (an upload, a form: the client went away mid-way) is counted
 * there too, whatever route read it.
 */
export function countAnswers(metrics: Metrics, build: ServerBuild): AnswerObserver {
  const patternOf = pagePatterns(build);
  return (c, status, seconds) => {
    const route = routePath(c);
    const label = status === 404 ? "(unmatched)" : route === "*" || route === "/*" ? patternOf(c.req.path) : route;
    metrics.request(c.req.method, label, status, seconds);
    if (bodyBrokenOff(c.env.incoming)) metrics.brokenOff("upload", label);
  };
}

/** The outbox's waiting mail, and on PostgreSQL the pool, read at each scrape. */
export function watchDatabase(metrics: Metrics, database: DatabaseHandle): void {
  metrics.watchOutbox(() => waitingMail(database.db));
  if (database.kind !== "postgres") return;
  const { pool } = database;
  metrics.watchPool(() => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max,
  }));
}

/**
 * `/metrics` on the site's own port (ADR 032): only to a scraper sending `METRICS_TOKEN`
 * as a bearer token. Without a token configured it is not served here (404, with the
 * sentence an operator needs), so a public port never shows the figures by default.
 */
export function metricsRoutes(options: { token: string | undefined; metrics: Exposition | undefined; log: Logger }) {
  const routes = new Hono<AppEnv>();
  routes.on(["GET", "HEAD"], "/metrics", async (c) => {
    const { token, metrics } = options;
    if (!token || !metrics) {
      return c.text(
        "Metrics are not served on this port. Set METRICS_TOKEN to serve them here to a bearer token, or METRICS_PORT for a port of their own.",
        404,
        noStore,
      );
    }
    if (!bearerMatches(c.req.header("authorization"), token)) {
      return c.text("The metrics need the bearer token (METRICS_TOKEN) in an Authorization header.", 401, {
        ...noStore,
        "www-authenticate": 'Bearer realm="metrics"',
      });
    }
    const result = await gathered(metrics, options.log);
    if ("error" in result) return c.text(result.error, 503, noStore);
    return c.body(result.text, 200, { ...noStore, "content-type": metrics.contentType });
  });
  return routes;
}

/**
 * `/metrics` on a port of its own (METRICS_PORT), with no token: for a scraper inside the
 * private network. It listens on METRICS_HOST (127.0.0.1 unless told otherwise) and
 * answers nothing else.
 */
export function startMetricsServer(options: {
  metrics: Exposition;
  host: string;
  port: number;
  log: Logger;
}): Promise<{ server: Server; address: AddressInfo }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (path !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8", ...noStore });
      response.end("Only /metrics is served on this port.");
      return;
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { "content-type": "text/plain; charset=utf-8", allow: "GET, HEAD", ...noStore });
      response.end("Only GET and HEAD are answered here.");
      return;
    }
    void gathered(options.metrics, options.log).then((result) => {
      if ("error" in result) {
        response.writeHead(503, { "content-type": "text/plain; charset=utf-8", ...noStore });
        response.end(result.error);
        return;
      }
      response.writeHead(200, { "content-type": options.metrics.contentType, ...noStore });
      response.end(request.method === "HEAD" ? undefined : result.text);
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      const address = server.address() as AddressInfo;
      options.log.info("metrics served", { url: `http://${options.host}:${address.port}/metrics` });
      resolve({ server, address });
    });
  });
}
