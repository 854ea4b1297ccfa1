import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterEach, beforeEach } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/client.ts";
import { migrateDatabase } from "../../server/db/migrate.ts";

/** A server for the PostgreSQL half of the database tests; `.ci/run` starts a private one. */
export const postgresUrl = process.env.TEST_DATABASE_URL;

if (process.env.CI && !postgresUrl) {
  throw new Error(
    "CI runs the database tests on PostgreSQL too: TEST_DATABASE_URL must be set (scripts/test-postgres.sh)",
  );
}

export type DatabaseKind = DatabaseHandle["kind"];

/** Every test that touches the database runs once per kind: PGlite always, PostgreSQL when configured. */
export const databaseKinds: DatabaseKind[] = postgresUrl ? ["pglite", "postgres"] : ["pglite"];

/** A new, empty PostgreSQL database on the test server; `drop` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** A migrated database of the given kind; `close` also drops a PostgreSQL one. */
export async function openTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === "pglite") {
    const handle = await openDatabase({ dataDir: "memory://" });
    await migrateDatabase(handle);
    return handle;
  }
  const database = await createPostgresDatabase();
  const handle = await openDatabase({ url: database.url, dataDir: "" });
  await migrateDatabase(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * Gives every test of the suite its own freshly migrated database of this kind, closed
 * after the test. Register it before other hooks that use the database.
 */
export function useTestDatabase(kind: DatabaseKind): () => DatabaseHandle {
  let handle: DatabaseHandle | undefined;
  beforeEach(async () => {
    handle = await openTestDatabase(kind);
  });
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });
  return () => {
    if (!handle) throw new Error("the test database exists only while a test runs");
    return handle;
  };
}
