import { describe, expect, it } from "vitest";
import { sample } from "../tests/support/metrics-text.ts";
import { createMetrics, maxOperationNames } from "./metrics.ts";

describe("metrics", () => {
  it("counts answers by method, route pattern and status, with their latency in buckets", async () => {
    const metrics = createMetrics();
    metrics.request("GET", "/products/v5", 200, 0.0004);
    metrics.request("GET", "/products/v5", 200, 0.2);
    metrics.request("BREW", "(unmatched)", 404, 0.001);
    const text = await metrics.exposition();
    const page = { method: "GET", route: "/products/v5", status: "200" };
    expect(sample(text, "http_request_duration_seconds_count", page)).toBe(2);
    expect(sample(text, "http_request_duration_seconds_sum", page)).toBeCloseTo(0.2004, 6);
    expect(sample(text, "http_request_duration_seconds_bucket", { le: "0.0005", ...page })).toBe(1);
    expect(sample(text, "http_request_duration_seconds_bucket", { le: "0.25", ...page })).toBe(2);
    // A method no one serves is one label, whatever a client makes up.
    expect(
      sample(text, "http_request_duration_seconds_count", { method: "OTHER", route: "(unmatched)", status: "404" }),
    ).toBe(1);
    expect(text).not.toContain("BREW");
  });

  it("names GraphQL operations, and keeps made-up names from growing the series", async () => {
    const metrics = createMetrics();
    metrics.operation("DeviceList", "query", false, 0.01);
    metrics.operation("DeviceList", "query", true, 0.02);
    metrics.operation(undefined, "mutation", false, 0.01);
    metrics.operation("a name with spaces", "query", false, 0.01);
    for (let index = 0; index < maxOperationNames + 50; index += 1)
      metrics.operation(`Made${index}`, "query", false, 0);
    const text = await metrics.exposition();
    const count = (labels: Record<string, string>) => sample(text, "graphql_operation_duration_seconds_count", labels);
    expect(count({ operation: "DeviceList", type: "query", outcome: "ok" })).toBe(1);
    expect(count({ operation: "DeviceList", type: "query", outcome: "error" })).toBe(1);
    expect(count({ operation: "(anonymous)", type: "mutation", outcome: "ok" })).toBe(1);
    // The badly formed name, and every name past the cap (DeviceList took one place).
    expect(count({ operation: "(other)", type: "query", outcome: "ok" })).toBe(1 + 50 + 1);
    const names = new Set([...text.matchAll(/operation="([^"]+)"/g)].map((match) => match[1]));
    // The names kept, and the two labels of no name: "(anonymous)" and "(other)".
    expect(names.size).toBe(maxOperationNames + 2);
  });

  it("times queries, reads the pool and the outbox at each scrape, and says unknown when the outbox cannot be read", async () => {
    const metrics = createMetrics();
    metrics.query(0.002, false);
    metrics.query(0.5, true);
    metrics.mail({ sent: 3, failed: 1, abandoned: 0 });
    metrics.mail({ sent: 1, failed: 0, abandoned: 1 });
    let waiting = { queued: 4, abandoned: 1 };
    let reachable = true;
    metrics.watchOutbox(() => (reachable ? Promise.resolve(waiting) : Promise.reject(new Error("ECONNREFUSED"))));
    metrics.watchPool(() => ({ total: 3, idle: 2, waiting: 0, max: 10 }));

    let text = await metrics.exposition();
    expect(sample(text, "db_query_duration_seconds_count", { outcome: "ok" })).toBe(1);
    expect(sample(text, "db_query_duration_seconds_count", { outcome: "error" })).toBe(1);
    expect(sample(text, "outbox_mail_total", { outcome: "sent" })).toBe(4);
    expect(sample(text, "outbox_mail_total", { outcome: "failed" })).toBe(1);
    expect(sample(text, "outbox_mail_total", { outcome: "abandoned" })).toBe(1);
    expect(sample(text, "outbox_mail_waiting", { state: "queued" })).toBe(4);
    expect(sample(text, "outbox_mail_waiting", { state: "abandoned" })).toBe(1);
    expect(sample(text, "db_pool_connections", { state: "total" })).toBe(3);
    expect(sample(text, "db_pool_connections", { state: "max" })).toBe(10);

    waiting = { queued: 0, abandoned: 1 };
    text = await metrics.exposition();
    expect(sample(text, "outbox_mail_waiting", { state: "queued" })).toBe(0);

    reachable = false;
    text = await metrics.exposition();
    expect(sample(text, "outbox_mail_waiting", { state: "queued" })).toBeNaN();
  });

  it("counts transfers broken off by direction and route pattern, from zero for the routes it is told of", async () => {
    const metrics = createMetrics();
    metrics.expectTransfers("upload", ["/uploads/media", "/graphql"]);
    metrics.expectTransfers("download", ["/media/:id/:folder/:variant"]);
    metrics.brokenOff("upload", "/uploads/media");
    metrics.brokenOff("upload", "/uploads/media");
    metrics.brokenOff("upload", "/dashboard/settings");
    metrics.brokenOff("download", "/media/:id/:folder/:variant");
    const text = await metrics.exposition();
    expect(text).toContain("# TYPE http_uploads_aborted_total counter");
    expect(text).toContain("# TYPE http_downloads_aborted_total counter");
    expect(sample(text, "http_uploads_aborted_total", { route: "/uploads/media" })).toBe(2);
    expect(sample(text, "http_uploads_aborted_total", { route: "/dashboard/settings" })).toBe(1);
    expect(sample(text, "http_uploads_aborted_total", { route: "/graphql" })).toBe(0);
    expect(sample(text, "http_downloads_aborted_total", { route: "/media/:id/:folder/:variant" })).toBe(1);
    // Each direction its own: a download route is no upload's.
    expect(sample(text, "http_uploads_aborted_total", { route: "/media/:id/:folder/:variant" })).toBeUndefined();
  });

  it("reports the process: memory, event-loop delay, and itself as one of the server's processes", async () => {
    const text = await createMetrics().exposition();
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(sample(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "densara_server_processes")).toBe(1);
    // Counters start at zero, so a rate is defined from the first scrape.
    expect(sample(text, "outbox_mail_total", { outcome: "failed" })).toBe(0);
  });
});
