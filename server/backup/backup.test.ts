import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createPostgresDatabase, postgresUrl } from "../../tests/support/databases.ts";
import { startS3Server } from "../../tests/support/s3-server.ts";
import { openDatabase, queryRows, type Database, type DatabaseHandle } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { seedDemoData } from "../demo/seed.ts";
import { deleteUnclaimedFiles, deletionsHeld, releaseFiles } from "../domain/core/files.ts";
import type { BlobStore } from "../storage/blob-store.ts";
import { openFilesystemStore } from "../storage/filesystem.ts";
import { openS3Store } from "../storage/s3.ts";
import { restoreBackup } from "./restore.ts";
import { BackupError, writeBackup } from "./snapshot.ts";

/**
 * Backups that restore (issue 19): a site with a row in every table and its files, backed
 * up while writes go on, restored into a new embedded database and a new PostgreSQL,
 * and compared row for row and byte for byte.
 */

const publicUrl = new URL("http://localhost");

/** Every table's rows as sorted JSON lines: what two databases must agree on. */
async function contents(db: Database): Promise<Map<string, string[]>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'file_deletion_holds' order by 1`,
  );
  const all = new Map<string, string[]>();
  for (const { name } of tables) {
    const rows = await queryRows<{ line: string }>(db, sql.raw(`select row_to_json(t)::text as line from "${name}" t`));
    all.set(name, rows.map((row) => row.line).sort());
  }
  return all;
}

async function storedFiles(files: BlobStore): Promise<Map<string, string>> {
  const all = new Map<string, string>();
  for await (const key of files.list()) {
    const read = await files.get(key);
    if (!read) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of read.body) chunks.push(chunk as Buffer);
    all.set(key, Buffer.concat(chunks).toString("base64"));
  }
  return all;
}

/** The tables the demo data leaves empty, given a row each as the running site would. */
async function fillTheRest(db: Database, files: BlobStore): Promise<void> {
  const [user] = await queryRows<{ id: string }>(db, sql`select id from users order by created_at limit 1`);
  const [doc] = await queryRows<{ id: string }>(db, sql`select id from docs limit 1`);
  if (!user || !doc) throw new Error("the demo data has no user or doc");
  const later = new Date(Date.now() + 86_400_000).toISOString();
  await db.execute(sql`insert into doc_redirects (from_path, doc_id) values ('old/moved-page', ${doc.id})`);
  await db.execute(
    sql`insert into doc_presence (doc_id, user_id, since, seen_at) values (${doc.id}, ${user.id}, now(), now())`,
  );
  await db.execute(
    sql`insert into doc_working_copies (user_id, doc_id, title, slug, description, products, body, base_version, base_revision, saved_at)
        values (${user.id}, ${doc.id}, 'Work', 'work', '', '{v4,v5}', 'Unsaved ü ✓\nwords', 1, 1, now())`,
  );
  await db.execute(sql`insert into idp_payloads (kind, id, payload) values ('Session', 'sess-1', '{"accountId":"a"}')`);
  await db.execute(sql`insert into idp_signing_keys (kid, private_jwk) values ('kid-1', '{"kty":"EC","crv":"P-256"}')`);
  await db.execute(
    sql`insert into login_transactions (state, nonce, code_verifier, return_to, browser_hash, expires_at)
        values ('state-1', 'nonce-1', 'verifier-1', '/dashboard', 'hash-1', ${later})`,
  );
  await db.execute(sql`insert into outbox ("to", subject, text) values ('someone@example.test', 'Hello', 'Body ü ✓')`);
  await db.execute(
    sql`insert into personal_access_tokens (user_id, name, token_hash, prefix, role, expires_at)
        values (${user.id}, 'ci', 'token-hash-1', 'dpat_abc', 'viewer', ${later})`,
  );
  await db.execute(
    sql`insert into preview_tokens (token_hash, created_by_id, expires_at) values ('preview-hash-1', ${user.id}, ${later})`,
  );
  await db.execute(sql`insert into server_keys (name, key) values ('form-tickets', 'c2VjcmV0')`);
  await db.execute(
    sql`insert into sessions (id_hash, user_id, expires_at) values ('session-hash-1', ${user.id}, ${later})`,
  );
  await db.execute(
    sql`insert into user_pictures (user_id, image) values (${user.id}, ${Buffer.from([0, 1, 2, 250, 255])})`,
  );
  // A release's file downloaded today: the once-a-day record of ADR 023.
  await db.execute(
    sql`insert into release_downloads (release_id, media_id, user_id, day)
        select owner_id, media_id, ${user.id}, current_date from media_uses
        where owner_type = 'release' and role = 'asset' limit 1`,
  );
  // An upload in progress: its note names a file the store holds.
  await files.put("uploads/in-progress.bin", new Uint8Array([9, 8, 7]), { contentType: "x/y", maxBytes: 10 });
  await db.execute(sql`insert into unclaimed_files (key, due_at) values ('uploads/in-progress.bin', ${later})`);
}

type Site = { database: DatabaseHandle; files: BlobStore; close: () => Promise<void> };

async function pgliteSite(dataDir: string, filesDir: string): Promise<Site> {
  const database = await openDatabase({ dataDir });
  const files = await openFilesystemStore(filesDir);
  return { database, files, close: () => database.close() };
}

async function postgresSite(bucket: string): Promise<Site> {
  const created = await createPostgresDatabase();
  const database = await openDatabase({ url: created.url, dataDir: "" });
  const s3 = await startS3Server(bucket);
  const files = openS3Store({
    bucket,
    region: "us-east-1",
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: s3.credentials,
    prefix: "site/",
  });
  return {
    database,
    files,
    close: async () => {
      await files.close();
      await s3.stop();
      await database.close();
      await created.drop();
    },
  };
}

describe.runIf(postgresUrl)("npm run backup and npm run restore", () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "densara-backup-test-"));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it(
    "back up a PostgreSQL site under writes, and restore it whole into a new PGlite folder and a new PostgreSQL",
    { timeout: 120_000 },
    async () => {
      const source = await postgresSite("source");
      onTestFinished(() => source.close());
      const { db } = source.database;
      await migrateDatabase(source.database);
      await seedDemoData(db, { publicUrl, files: source.files });
      await fillTheRest(db, source.files);
      const before = await contents(db);
      for (const [table, rows] of before) expect(rows.length, `${table} has a row`).toBeGreaterThan(0);
      const filesBefore = await storedFiles(source.files);

      // Writes go on while the backup runs: outbox rows, and uploads with the rows that hold them.
      const writes = { going: true };
      let written = 0;
      const writer = (async () => {
        while (writes.going) {
          written += 1;
          await db.transaction(async (tx) => {
            await tx.execute(
              sql`insert into outbox ("to", subject, text) values (${`w${written}@example.test`}, 'During', 'x')`,
            );
            await tx.execute(
              sql`insert into unclaimed_files (key, due_at) values (${`uploads/during-${written}.bin`}, now() + interval '1 day')`,
            );
          });
          await source.files.put(`uploads/during-${written}.bin`, new Uint8Array([written % 256]), {
            contentType: "x/y",
            maxBytes: 10,
          });
        }
      })();
      const folder = join(work, "from-postgres");
      const manifest = await writeBackup({ database: source.database, files: source.files, to: folder });
      writes.going = false;
      await writer;
      expect(written).toBeGreaterThan(0);
      expect(await readdir(work)).toEqual(["from-postgres"]); // no .partial left

      // Everything committed before the backup began is in it; what came during is there whole or not at all.
      const outboxInBackup = manifest.database.tables.outbox ?? 0;
      expect(outboxInBackup).toBeGreaterThanOrEqual(before.get("outbox")?.length ?? 0);
      for (const [key, bytes] of filesBefore) {
        if (key.startsWith("uploads/during-")) continue;
        expect(manifest.files.find((file) => file.key === key)?.size, key).toBe(Buffer.from(bytes, "base64").length);
      }

      for (const target of ["pglite", "postgres"] as const) {
        const restored =
          target === "pglite"
            ? await pgliteSite(join(work, "restored-pglite"), join(work, "restored-files"))
            : await postgresSite("restored");
        try {
          await restoreBackup({ database: restored.database, files: restored.files, from: folder });
          const after = await contents(restored.database.db);
          const sourceNow = await contents(db);
          for (const [table, rows] of before) {
            const restoredRows = after.get(table) ?? [];
            expect(restoredRows.length, table).toBe(manifest.database.tables[table]);
            if (table === "outbox" || table === "unclaimed_files") {
              // Every row from before, and only rows the source has (the writes during: whole or not at all).
              for (const row of rows) expect(restoredRows, table).toContain(row);
              for (const row of restoredRows) expect(sourceNow.get(table), table).toContain(row);
            } else {
              expect(restoredRows, table).toEqual(rows);
            }
          }
          // Every file a restored row names is there, byte for byte; a file of the writes during is there only with its note.
          const filesAfter = await storedFiles(restored.files);
          for (const [key, bytes] of filesBefore) {
            if (!key.startsWith("uploads/during-")) expect(filesAfter.get(key), key).toBe(bytes);
          }
          const notes = new Set(
            (after.get("unclaimed_files") ?? []).map((line) => (JSON.parse(line) as { key: string }).key),
          );
          for (const key of filesAfter.keys()) {
            if (key.startsWith("uploads/during-")) expect(notes.has(key), key).toBe(true);
          }
          // The identity column goes on after the restored rows.
          const [added] = await queryRows<{ id: number; newest: number }>(
            restored.database.db,
            sql`insert into activity (actor_label, via, action, target_type) values ('Backup test', 'system', 'backup.check', 'backup')
                returning id::int, (select max(id)::int from activity) as newest`,
          );
          const newestRestored = Math.max(
            ...(after.get("activity") ?? []).map((line) => (JSON.parse(line) as { id: number }).id),
          );
          expect(added?.id).toBeGreaterThan(newestRestored);
        } finally {
          await restored.close();
        }
      }
    },
  );

  it(
    "back up a PGlite site and restore it into PostgreSQL; refuse a database that holds data, and a folder in use",
    { timeout: 120_000 },
    async () => {
      const source = await pgliteSite(join(work, "pglite-source"), join(work, "pglite-source-files"));
      onTestFinished(() => source.close());
      await migrateDatabase(source.database);
      await seedDemoData(source.database.db, { publicUrl, files: source.files });
      const before = await contents(source.database.db);
      const folder = join(work, "from-pglite");
      await writeBackup({ database: source.database, files: source.files, to: folder });

      await expect(writeBackup({ database: source.database, files: source.files, to: folder })).rejects.toThrow(
        "already holds files: give a new folder for the backup.",
      );

      const target = await postgresSite("target");
      try {
        await restoreBackup({ database: target.database, files: target.files, from: folder });
        expect(await contents(target.database.db)).toEqual(before);
        // A second restore into the same (now full) database changes nothing.
        await expect(restoreBackup({ database: target.database, files: target.files, from: folder })).rejects.toThrow(
          BackupError,
        );
        expect(await contents(target.database.db)).toEqual(before);
      } finally {
        await target.close();
      }

      // A backup changed after it was written is refused before anything is restored.
      const [file] = (await import("./snapshot.ts").then((m) => m.readManifest(folder))).files;
      if (file) {
        await writeFile(join(folder, "files", file.key), "tampered");
        const other = await postgresSite("other");
        try {
          await expect(restoreBackup({ database: other.database, files: other.files, from: folder })).rejects.toThrow(
            `The backup's file ${file.key} is missing or cut short.`,
          );
        } finally {
          await other.close();
        }
      }
    },
  );
});

describe("the backup's hold on the files", () => {
  it("keeps every file in the store while a backup runs, and lets the sweep delete them after", async () => {
    const dir = await mkdtemp(join(tmpdir(), "densara-hold-"));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const site = await pgliteSite(join(dir, "db"), join(dir, "files"));
    onTestFinished(() => site.close());
    await migrateDatabase(site.database);
    const { db } = site.database;
    await site.files.put("media/held.bin", new Uint8Array([1]), { contentType: "x/y", maxBytes: 10 });
    await db.execute(sql`insert into file_deletion_holds (expires_at) values (now() + interval '1 hour')`);
    expect(await deletionsHeld(db, new Date())).toBe(true);
    await db.transaction((tx) => releaseFiles(tx, ["media/held.bin"], new Date()));
    await deleteUnclaimedFiles(db, site.files, ["media/held.bin"]);
    expect(await site.files.head("media/held.bin")).not.toBeNull();
    await db.execute(sql`delete from file_deletion_holds`);
    await deleteUnclaimedFiles(db, site.files, ["media/held.bin"]);
    expect(await site.files.head("media/held.bin")).toBeNull();
  });
});
