import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { sample } from "../../tests/support/metrics-text.ts";
import { createLogger } from "../log.ts";
import { createMetrics } from "../metrics.ts";
import { startMetricsServer } from "./metrics-route.ts";

/**
 * `/metrics` as a scraper meets it (ADR 032): closed without the token, and what the
 * server counted of the requests before it, labelled by route pattern, never by address.
 */

const token = "metrics-test-token-0123456789abcdef";

describe.each(databaseKinds)("/metrics (%s)", (kind) => {
  let harness: AuthHarness;
  beforeAll(async () => {
    harness = await startAuthHarness(kind, { metricsToken: token });
  }, 60_000);
  afterAll(async () => {
    await harness.close();
  });

  const scrape = async () => {
    const response = await fetch(`${harness.origin}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    expect(response.headers.get("cache-control")).toBe("no-store");
    return response.text();
  };

  it("answers only a scraper with the bearer token", async () => {
    const without = await fetch(`${harness.origin}/metrics`);
    expect(without.status).toBe(401);
    expect(without.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect(await without.text()).toBe("The metrics need the bearer token (METRICS_TOKEN) in an Authorization header.");
    const wrong = await fetch(`${harness.origin}/metrics`, { headers: { authorization: `Bearer ${token}x` } });
    expect(wrong.status).toBe(401);
    const basic = await fetch(`${harness.origin}/metrics`, { headers: { authorization: `Basic ${token}` } });
    expect(basic.status).toBe(401);
    expect(await scrape()).toContain("# TYPE http_request_duration_seconds histogram");
  });

  it("counts each answer under its route pattern and status, GraphQL operations by name, and the database's queries", async () => {
    const before = await scrape();
    const count = (text: string, labels: Record<string, string>) =>
      sample(text, "http_request_duration_seconds_count", labels) ?? 0;
    const browser = harness.newBrowser();
    // From memory (the Node listener's fast path): a prerendered page, twice.
    for (let index = 0; index < 2; index += 1) expect((await browser.fetch("/products/v5")).status).toBe(200);
    // Rendered by React Router: a search of the locations page.
    expect((await browser.fetch("/locations?place=WI")).status).toBe(200);
    // Unknown addresses, each its own path, all one label.
    for (const path of ["/no-such-page-a", "/no-such-page-b", "/about/no-such-page"]) {
      expect((await browser.fetch(path)).status).toBe(404);
    }
    // The site's own routes: a redirect to sign in, and a GraphQL query by name.
    expect((await browser.fetch("/dashboard")).status).toBe(302);
    const notices = await browser.fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: "query SiteNoticesForMetrics { siteNotices { announcement { message } } }",
        operationName: "SiteNoticesForMetrics",
      }),
    });
    expect(notices.status).toBe(200);
    await harness.settled();

    const after = await scrape();
    const grew = (labels: Record<string, string>) => count(after, labels) - count(before, labels);
    expect(grew({ method: "GET", route: "/products/v5", status: "200" })).toBe(2);
    expect(grew({ method: "GET", route: "/locations", status: "200" })).toBe(1);
    expect(grew({ method: "GET", route: "(unmatched)", status: "404" })).toBe(3);
    expect(grew({ method: "GET", route: "/dashboard", status: "302" })).toBe(1);
    expect(grew({ method: "POST", route: "/graphql", status: "200" })).toBe(1);
    expect(
      sample(after, "graphql_operation_duration_seconds_count", {
        operation: "SiteNoticesForMetrics",
        type: "query",
        outcome: "ok",
      }),
    ).toBe(1);
    // The locations page's loader runs the app's own operations in process: counted too.
    expect(after).toMatch(/graphql_operation_duration_seconds_count\{operation="[A-Za-z]+",type="query"/);
    expect(sample(after, "db_query_duration_seconds_count", { outcome: "ok" })).toBeGreaterThan(
      sample(before, "db_query_duration_seconds_count", { outcome: "ok" }) ?? 0,
    );
    // No address a visitor typed became a label.
    expect(after).not.toContain("no-such-page");
    expect(after).not.toContain("place=WI");
  });

  it("reports the outbox, the process and, on PostgreSQL, the pool", async () => {
    const text = await scrape();
    expect(sample(text, "outbox_mail_waiting", { state: "queued" })).toBeGreaterThanOrEqual(0);
    expect(sample(text, "outbox_mail_total", { outcome: "sent" })).toBe(0);
    // The routes that move files count their broken-off transfers from zero.
    expect(sample(text, "http_uploads_aborted_total", { route: "/uploads/media" })).toBe(0);
    expect(sample(text, "http_downloads_aborted_total", { route: "/downloads/releases/:releaseId/:mediaId" })).toBe(0);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(sample(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
    if (kind === "postgres") {
      expect(sample(text, "db_pool_connections", { state: "max" })).toBe(10);
      expect(sample(text, "db_pool_connections", { state: "total" })).toBeGreaterThan(0);
    } else {
      expect(sample(text, "db_pool_connections", { state: "max" })).toBeUndefined();
    }
  });
});

describe("/metrics without a token", () => {
  let harness: AuthHarness;
  beforeAll(async () => {
    harness = await startAuthHarness("pglite");
  }, 60_000);
  afterAll(async () => {
    await harness.close();
  });

  it("is not served on the site's port, and says how to serve it", async () => {
    const response = await fetch(`${harness.origin}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(
      "Metrics are not served on this port. Set METRICS_TOKEN to serve them here to a bearer token, or METRICS_PORT for a port of their own.",
    );
  });
});

describe("the internal metrics port", () => {
  it("serves /metrics with no token, and nothing else", async () => {
    const metrics = createMetrics();
    metrics.request("GET", "/", 200, 0.001);
    const { server, address } = await startMetricsServer({
      metrics,
      host: "127.0.0.1",
      port: 0,
      log: createLogger("error"),
    });
    try {
      const origin = `http://127.0.0.1:${address.port}`;
      const served = await fetch(`${origin}/metrics`);
      expect(served.status).toBe(200);
      expect(
        sample(await served.text(), "http_request_duration_seconds_count", {
          method: "GET",
          route: "/",
          status: "200",
        }),
      ).toBe(1);
      expect((await fetch(`${origin}/`)).status).toBe(404);
      expect((await fetch(`${origin}/metrics`, { method: "POST" })).status).toBe(405);
    } finally {
      server.close();
    }
  });
});
