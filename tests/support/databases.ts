import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterEach, beforeEach } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/client.ts";
import { migrateDatabase } from "../../server/db/migrate.ts";
import type { QueryObserver } from "../../server/db/pglite-parsers.ts";

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

/** Template databases are named after this; the global teardown drops them. */
const postgresTemplatePrefix = "test_template_";

function databaseUrl(name: string): string {
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onTestServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A new PostgreSQL database on the test server, empty or copied from a template; `drop`
 * removes it.
 */
export async function createPostgresDatabase(
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `test_${randomBytes(6).toString("hex")}`;
  await onTestServer(`create database ${name}${template ? ` template ${template}` : ""}`);
  const url = databaseUrl(name);
  return {
    name,
    url,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

let pgliteTemplate: Promise<Blob> | undefined;
let postgresTemplate: Promise<string> | undefined;

/**
 * Migrating takes seconds (and a new PGlite runs initdb), so each test worker migrates
 * one template per kind and every test database starts as a copy of it: PGlite from a
 * dump of its files, PostgreSQL with `create database … template`.
 */
function migratedPgliteDump(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const handle = await openDatabase({ dataDir: "memory://" });
    await migrateDatabase(handle);
    if (handle.kind !== "pglite") throw new Error("expected PGlite");
    const dump = await handle.client.dumpDataDir("none");
    await handle.close();
    return dump;
  })();
  return pgliteTemplate;
}

function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `${postgresTemplatePrefix}${process.pid}_${randomBytes(3).toString("hex")}`;
    await onTestServer(`create database ${name}`);
    const handle = await openDatabase({ url: databaseUrl(name), dataDir: "" });
    await migrateDatabase(handle);
    await handle.close();
    return name;
  })();
  return postgresTemplate;
}

/** A migrated database of the given kind (a copy of the worker's template); `close` also drops a PostgreSQL one. */
export async function openTestDatabase(
  kind: DatabaseKind,
  options: { onQuery?: QueryObserver } = {},
): Promise<DatabaseHandle> {
  if (kind === "pglite") {
    return openDatabase({ dataDir: "memory://", startFrom: await migratedPgliteDump(), ...options });
  }
  const database = await createPostgresDatabase(await migratedPostgresTemplate());
  const handle = await openDatabase({ url: database.url, dataDir: "", ...options });
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

/** Drops the template databases the test workers made (the global setup's teardown). */
export async function dropPostgresTemplates(): Promise<void> {
  if (!postgresUrl) return;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [
      `${postgresTemplatePrefix}%`,
    ]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await admin.end();
  }
}
