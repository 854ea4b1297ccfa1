import { sql } from "drizzle-orm";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, databaseKinds, openTestDatabase, postgresUrl } from "../../tests/support/databases.ts";
import { openDatabase, queryRows } from "./client.ts";
import { migrateDatabase } from "./migrate.ts";

const migrationCount = (await readdir(new URL("./migrations", import.meta.url))).filter((name) =>
  name.endsWith(".sql"),
).length;

async function appliedMigrations(handle: Awaited<ReturnType<typeof openDatabase>>): Promise<number> {
  const rows = await queryRows<{ count: string }>(
    handle.db,
    sql`select count(*)::text as count from drizzle.__drizzle_migrations`,
  );
  return Number(rows[0]?.count);
}

describe.each(databaseKinds)("migrations on %s", (kind) => {
  it("create every table, and running them again changes nothing", async () => {
    const handle = await openTestDatabase(kind);
    try {
      await migrateDatabase(handle);
      expect(await appliedMigrations(handle)).toBe(migrationCount);
      const tables = await queryRows<{ table_name: string }>(
        handle.db,
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      expect(tables.map((row) => row.table_name)).toEqual([
        "activity",
        "certification_applications",
        "doc_presence",
        "doc_redirects",
        "doc_renders",
        "doc_search_codes",
        "doc_search_lexicon",
        "doc_search_words",
        "doc_working_copies",
        "docs",
        "file_deletion_holds",
        "idp_accounts",
        "idp_password_resets",
        "idp_payloads",
        "idp_signing_keys",
        "inquiries",
        "inquiry_notes",
        "login_transactions",
        "media",
        "media_uses",
        "organizations",
        "outbox",
        "personal_access_tokens",
        "preview_tokens",
        "rate_limits",
        "release_downloads",
        "releases",
        "revisions",
        "search_synonyms",
        "server_keys",
        "sessions",
        "settings",
        "unclaimed_files",
        "user_pictures",
        "users",
      ]);
    } finally {
      await handle.close();
    }
  });
});

describe("migrations on a PGlite data directory", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("survive a restart: a second start finds them applied", async () => {
    const dir = await mkdtemp(join(tmpdir(), "densara-pglite-"));
    dirs.push(dir);
    const first = await openDatabase({ dataDir: dir });
    await migrateDatabase(first);
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    await migrateDatabase(second);
    expect(await appliedMigrations(second)).toBe(migrationCount);
    await second.close();
  });
});

describe.runIf(postgresUrl)("migrations on PostgreSQL, two processes at once", () => {
  it("run once under the advisory lock, and both starts succeed", async () => {
    const database = await createPostgresDatabase();
    const handles = await Promise.all([
      openDatabase({ url: database.url, dataDir: "" }),
      openDatabase({ url: database.url, dataDir: "" }),
      openDatabase({ url: database.url, dataDir: "" }),
    ]);
    try {
      await expect(Promise.all(handles.map((handle) => migrateDatabase(handle)))).resolves.toHaveLength(3);
      expect(await appliedMigrations(handles[0])).toBe(migrationCount);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await database.drop();
    }
  });
});
