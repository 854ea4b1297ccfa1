import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { queryRows } from "../db/client.ts";
import { createReadiness, newestMigrationMillis } from "./health.ts";

/** Liveness and readiness: what a load balancer asks before it sends a process traffic. */

describe("readiness", () => {
  const wanted = 1_795_576_807_616;
  const readiness = (newestApplied: () => Promise<number>) => createReadiness({ newestApplied, wanted, timeoutMs: 50 });

  it("is ready when the database answers with every migration, and says why it is not otherwise", async () => {
    expect(await readiness(() => Promise.resolve(wanted)).check()).toEqual({
      ready: true,
      checks: { database: "ok", migrations: "ok", shutdown: "no" },
    });
    expect(await readiness(() => Promise.resolve(wanted - 1)).check()).toMatchObject({
      ready: false,
      checks: { database: "ok", migrations: "missing" },
      reason: "The database lacks migrations this build needs; they run at start.",
    });
    expect(await readiness(() => Promise.reject(new Error("connect ECONNREFUSED"))).check()).toMatchObject({
      ready: false,
      checks: { database: "failed", migrations: "unknown" },
      reason: "The database does not answer.",
    });
    // A database that never answers is as good as none: the check gives up.
    expect(await readiness(() => new Promise<number>(() => undefined)).check()).toMatchObject({
      ready: false,
      checks: { database: "failed" },
    });
  });

  it("asks the database once for the probes that come while it answers", async () => {
    let asked = 0;
    let answer: (value: number) => void = () => undefined;
    const state = createReadiness({
      newestApplied: () => {
        asked += 1;
        return new Promise<number>((resolve) => (answer = resolve));
      },
      wanted,
      timeoutMs: 10_000,
    });
    const probes = [state.check(), state.check(), state.check()];
    answer(wanted);
    expect((await Promise.all(probes)).map((probe) => probe.ready)).toEqual([true, true, true]);
    expect(asked).toBe(1);
    await state.check();
    expect(asked).toBe(2);
  });

  it("turns unready for good once the process drains", async () => {
    const state = readiness(() => Promise.resolve(wanted));
    state.drain();
    expect(await state.check()).toEqual({
      ready: false,
      checks: { database: "ok", migrations: "ok", shutdown: "draining" },
      reason: "The server is shutting down.",
    });
  });

  it("wants the newest migration this build carries", () => {
    expect(newestMigrationMillis()).toBeGreaterThanOrEqual(wanted);
  });
});

describe.each(databaseKinds)("/healthz and /readyz, on %s", (kind) => {
  let harness: AuthHarness;
  beforeAll(async () => {
    harness = await startAuthHarness(kind);
  });
  afterAll(() => harness.close());

  it("say alive and ready, are never cached, and carry a request id", async () => {
    const browser = harness.newBrowser();
    const alive = await browser.fetch("/healthz");
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ status: "ok" });
    expect(alive.headers.get("cache-control")).toBe("no-store");
    expect(alive.headers.get("x-request-id")).toBeTruthy();
    const ready = await browser.fetch("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", shutdown: "no" },
    });
  });

  it("is unready while the database lacks the build's newest migration", async () => {
    const { db } = harness.database;
    const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      db,
      sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    if (!newest) throw new Error("no migrations recorded");
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const answer = await harness.newBrowser().fetch("/readyz");
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({ status: "unready", checks: { migrations: "missing" } });
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${Number(newest.created_at)})`,
      );
    }
    expect((await harness.newBrowser().fetch("/readyz")).status).toBe(200);
  });

  it("turns unready when the server drains, while /healthz stays alive", async () => {
    harness.server.drain();
    const browser = harness.newBrowser();
    const answer = await browser.fetch("/readyz");
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      status: "unready",
      checks: { database: "ok", migrations: "ok", shutdown: "draining" },
      reason: "The server is shutting down.",
    });
    expect((await browser.fetch("/healthz")).status).toBe(200);
  });
});
