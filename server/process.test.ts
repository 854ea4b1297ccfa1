import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { createPostgresDatabase, postgresUrl } from "../tests/support/databases.ts";
import { sample } from "../tests/support/metrics-text.ts";
import {
  freePort,
  getStatus as get,
  heldPost,
  isAlive,
  saying,
  startServerProcess as start,
} from "../tests/support/server-process.ts";
import { openDatabase, queryRows } from "./db/client.ts";

/**
 * The real process, `node server/main.ts` on the production build, as `npm start` runs
 * it: how it stops on a signal, and how the supervisor (WEB_CONCURRENCY) keeps workers.
 * Every wait here is for something the process says or does, never for a length of time.
 */

describe("the server process", () => {
  it("on SIGTERM, then SIGINT as a process group would send, stops taking connections, finishes the request in flight and exits 0 once", async () => {
    const port = await freePort();
    const server = start({ PORT: String(port), DATA_DIR: "memory://" });
    await server.next(saying("listening"));
    const held = heldPost(port, "/graphql", JSON.stringify({ query: "{ __typename }" }));
    await held.arrived;
    server.child.kill("SIGTERM");
    server.child.kill("SIGINT");
    await server.next(saying("shutting down"));
    // A new connection is refused: by the closed port, or, when the kernel had already
    // queued it before the listener closed, reset without an answer.
    await expect(get(port, "/")).rejects.toThrow(/ECONNREFUSED|ECONNRESET|socket hang up/);
    held.finish();
    expect(await held.answer).toEqual({ status: 200, body: JSON.stringify({ data: { __typename: "Query" } }) });
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.events.filter(saying("shutting down"))).toHaveLength(1);
    expect(server.events.filter(saying("stopped"))).toHaveLength(1);
  });

  it(
    "fills a new embedded database in a short-lived process of its own, and a restart finds it done",
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "densara-first-start-"));
      onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
      const port = await freePort();
      const env = { PORT: String(port), DATA_DIR: dataDir, DEMO_DATA: "true" };
      const first = start(env);
      const filled = await first.next(
        saying("filled the new embedded database with demo data (DEMO_DATA=false turns this off)"),
      );
      const listening = await first.next(saying("listening"));
      // Seeded by another process, which has ended; the server made nothing itself.
      expect(filled.pid).not.toBe(listening.pid);
      expect(isAlive(Number(filled.pid))).toBe(false);
      expect(first.events.filter(saying("created the first administrator account"))).toHaveLength(1);
      expect(first.events.filter((event) => event.level === "warn")).toEqual([]);
      expect(await get(port, "/")).toBe(200);
      first.child.kill("SIGTERM");
      expect(await first.exited).toEqual({ code: 0, signal: null });

      const database = await openDatabase({ dataDir });
      try {
        expect(
          await queryRows(
            database.db,
            sql`select count(*)::int as n from idp_accounts where email = 'admin@densara.test'`,
          ),
        ).toEqual([{ n: 1 }]);
        const [organizations] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from organizations`,
        );
        expect(organizations?.n).toBeGreaterThan(0);
      } finally {
        await database.close();
      }

      const again = start(env);
      await again.next(saying("listening"));
      expect(again.events.filter((event) => /^(filled|created|preparing)/.test(event.message))).toEqual([]);
      again.child.kill("SIGTERM");
      expect(await again.exited).toEqual({ code: 0, signal: null });
    },
  );

  it.runIf(postgresUrl)(
    "with WEB_CONCURRENCY=2, reports the whole server's metrics, replaces a worker that dies, and on SIGTERM stops every worker and exits 0",
    { timeout: 90_000 },
    async () => {
      const database = await createPostgresDatabase();
      try {
        const port = await freePort();
        const metricsPort = await freePort();
        const token = "process-test-metrics-token-0123456789";
        // Files on disk, shared by the workers (memory:// would give each its own folder).
        const dataDir = mkdtempSync(join(tmpdir(), "densara-process-"));
        onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
        const primary = start({
          PORT: String(port),
          WEB_CONCURRENCY: "2",
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          METRICS_PORT: String(metricsPort),
          METRICS_TOKEN: token,
        });
        const first = await primary.next(saying("listening"));
        const second = await primary.next((event) => saying("listening")(event) && event.pid !== first.pid);
        const workers = [first.pid, second.pid].map(Number);
        expect(workers.every((pid) => pid !== primary.child.pid && isAlive(pid))).toBe(true);

        // Each request on its own connection: the primary deals connections to the workers in turn.
        for (let index = 0; index < 20; index += 1) expect(await get(port, "/products/v5")).toBe(200);
        const page = { method: "GET", route: "/products/v5", status: "200" };
        // The internal port (the primary's) and a scrape of the site's port (one worker's, which asks the primary) agree.
        const internal = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
        const external = await (
          await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${token}` } })
        ).text();
        for (const text of [internal, external]) {
          expect(sample(text, "densara_server_processes")).toBe(2);
          expect(sample(text, "http_request_duration_seconds_count", page)).toBe(20);
        }

        // A worker dies hard; the supervisor says so and starts another in its place.
        const [dead = 0, survivor = 0] = workers;
        process.kill(dead, "SIGKILL");
        const noticed = await primary.next(saying("a worker stopped; starting another"));
        expect(noticed).toMatchObject({ level: "error", pid: dead, signal: "SIGKILL" });
        const replacement = await primary.next(
          (event) => saying("listening")(event) && !workers.includes(Number(event.pid)),
        );
        expect(await get(port, "/")).toBe(200);

        primary.child.kill("SIGTERM");
        expect(await primary.exited).toEqual({ code: 0, signal: null });
        expect(primary.events.filter(saying("stopping workers"))).toEqual([
          expect.objectContaining({ signal: "SIGTERM", workers: 2 }),
        ]);
        expect([survivor, Number(replacement.pid)].filter(isAlive)).toEqual([]);
      } finally {
        await database.drop();
      }
    },
  );
});
