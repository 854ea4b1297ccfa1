import { sql } from "drizzle-orm";
import type pg from "pg";
import { describe, expect, it, onTestFinished } from "vitest";
import { openTestDatabase, postgresUrl } from "../../tests/support/databases.ts";
import { queryRows } from "./client.ts";

describe.runIf(postgresUrl)("the PostgreSQL pool", () => {
  it("survives the database cutting a connection that a transaction holds, and goes on with new ones", async () => {
    const database = await openTestDatabase("postgres");
    onTestFinished(() => database.close());
    if (database.kind !== "postgres") throw new Error("expected PostgreSQL");
    let held: pg.PoolClient | undefined;
    database.pool.once("acquire", (client: pg.PoolClient) => {
      held = client;
    });
    let resume: () => void = () => undefined;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    let begun: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (begun = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      begun();
      await paused;
      await tx.execute(sql`select 1`);
    });
    await inside;
    if (!held) throw new Error("no connection was checked out");
    const ended = new Promise((resolve) => held?.once("end", resolve));
    // The server ends it between two queries (a restart, a failover, an idle timeout): the
    // connection says so with an 'error' event, which would end the process with no listener.
    await database.pool.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where state = 'idle in transaction' and datname = current_database()",
    );
    await ended;
    resume();
    await expect(transaction).rejects.toThrow();
    expect(await queryRows(database.db, sql`select 1 as n`)).toEqual([{ n: 1 }]);
  });
});
