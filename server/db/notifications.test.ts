import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { recordingLogger } from "../../tests/support/auth-harness.ts";
import { databaseKinds, openTestDatabase } from "../../tests/support/databases.ts";
import type { DatabaseHandle } from "./client.ts";
import { listenForNotifications } from "./notifications.ts";

/** LISTEN / NOTIFY on either database, and on PostgreSQL a listener that comes back by itself. */
describe.each(databaseKinds)("database announcements on %s", (kind) => {
  const opened: { close: () => Promise<void> }[] = [];
  afterEach(async () => {
    for (const handle of opened.splice(0).reverse()) await handle.close();
  });

  async function open(): Promise<DatabaseHandle> {
    const database = await openTestDatabase(kind);
    opened.push(database);
    return database;
  }

  function listen(database: DatabaseHandle) {
    const heard: string[] = [];
    const events: string[] = [];
    const log = recordingLogger();
    const listener = listenForNotifications(
      database,
      "densara_test_channel",
      {
        message: (payload) => heard.push(payload),
        listening: () => events.push("listening"),
        lost: () => events.push("lost"),
      },
      log,
    );
    opened.push({ close: listener.stop });
    return { heard, events, log, listener };
  }

  it("hears what committed transactions announce, and nothing a rolled-back one did", async () => {
    const database = await open();
    const { heard, events, log, listener } = listen(database);
    await listener.ready;
    expect(events).toEqual(["listening"]);
    expect(log.entries).toMatchObject([{ level: "info", message: "hearing database changes" }]);
    await database.db.execute(sql`select pg_notify('densara_test_channel', 'first')`);
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('densara_test_channel', 'rolled back')`);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await database.db.execute(sql`select pg_notify('another_channel', 'elsewhere')`);
    await database.db.execute(sql`select pg_notify('densara_test_channel', 'second')`);
    await expect.poll(() => heard).toEqual(["first", "second"]);
  });

  it("refuses a channel name that is not a plain identifier", async () => {
    const database = await open();
    expect(() =>
      listenForNotifications(
        database,
        "x; drop table users",
        { message: () => undefined, listening: () => undefined, lost: () => undefined },
        recordingLogger(),
      ),
    ).toThrow(/not a channel name/);
  });

  it.runIf(kind === "postgres")(
    "says when its connection is cut, connects again by itself and hears again",
    async () => {
      const database = await open();
      const { heard, events, log, listener } = listen(database);
      await listener.ready;
      // The server ends the listening connection, as a restart or a failover would.
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN densara_test_channel'`,
      );
      await expect.poll(() => events, { timeout: 10_000 }).toEqual(["listening", "lost", "listening"]);
      await database.db.execute(sql`select pg_notify('densara_test_channel', 'after')`);
      await expect.poll(() => heard).toEqual(["after"]);
      expect(log.entries.map((entry) => [entry.level, entry.message])).toEqual([
        ["info", "hearing database changes"],
        ["warn", "lost the database connection that hears changes; connecting again every second"],
        ["info", "hearing database changes again"],
      ]);
    },
    20_000,
  );
});
