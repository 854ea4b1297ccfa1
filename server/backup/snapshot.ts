import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createInterface } from "node:readline";
import { eq, sql } from "drizzle-orm";
import { queryRows, type Database, type DatabaseHandle } from "../db/client.ts";
import { fileDeletionHolds } from "../db/schema/index.ts";
import type { BlobStore } from "../storage/blob-store.ts";

/**
 * Backups that restore (issue 19, ADR 033): the database as one consistent snapshot, one
 * JSON line per row (PostgreSQL's own `row_to_json`, read back by `json_populate_recordset`,
 * so a backup of PGlite restores into PostgreSQL and back), and the stored files its rows
 * name, copied byte for byte with their SHA-256.
 *
 *   <dir>/manifest.json            what is in it, and the migration it was made at
 *   <dir>/database/<table>.jsonl   the rows of each table
 *   <dir>/files/<key>              each stored file a row names
 *
 * It is written to `<dir>.partial` and renamed into place once whole.
 */

const backupFormat = "densara-backup/1";

export type BackupManifest = {
  format: typeof backupFormat;
  /** When the database's snapshot was taken (the database's clock). */
  snapshotAt: string;
  database: {
    source: "pglite" | "postgres";
    /** The newest migration applied (drizzle's `created_at`, the journal's `when`). */
    newestMigration: number;
    /** Rows per table. */
    tables: Record<string, number>;
  };
  files: { key: string; size: number; sha256: string }[];
};

export class BackupError extends Error {
  override name = "BackupError";
}

/** A storage key's shape (blob-store.ts), always with a folder: the strings of a row that may name a file. */
const fileKeyShape = /^(?:[a-z0-9][a-z0-9_-]*\/){1,4}[a-z0-9][a-z0-9._-]*$/;

/**
 * Whether a row names this file: by its key, or by a folder it is in (a media item keeps
 * `media/<uuid>`, its variants are `media/<uuid>/original.png`, `…/thumb.webp`).
 */
function namedBy(named: ReadonlySet<string>, key: string): boolean {
  if (named.has(key)) return true;
  for (let slash = key.indexOf("/"); slash !== -1; slash = key.indexOf("/", slash + 1)) {
    if (named.has(key.slice(0, slash))) return true;
  }
  return false;
}

/** A hold lasts this long at most: a backup that died lets deletions go on by itself. */
const holdMs = 60 * 60 * 1000;

export const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** Holds belong to the deployment whose backups are running, never to a restored one. */
const notBackedUp = new Set(["file_deletion_holds"]);

/** Every table of the site's (the public schema; drizzle's own bookkeeping is remade by the migrations). */
export async function siteTables(db: Database): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.name);
}

/** The tables a backup holds. */
async function tableNames(db: Database): Promise<string[]> {
  return (await siteTables(db)).filter((name) => !notBackedUp.has(name));
}

async function newestMigration(db: Database): Promise<number> {
  const [row] = await queryRows<{ newest: string | null }>(
    db,
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );
  return Number(row?.newest ?? 0);
}

/** Every string in a row, at any depth (JSON columns included). */
function* stringsOf(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const item of value) yield* stringsOf(item);
  else if (typeof value === "object" && value !== null) for (const item of Object.values(value)) yield* stringsOf(item);
}

/** Writes lines to a file, waiting when the disk is slower than the database. */
function lineWriter(path: string) {
  const stream = createWriteStream(path, { flags: "wx" });
  const failed = new Promise<never>((_, reject) => stream.once("error", reject));
  failed.catch(() => undefined);
  return {
    async write(line: string) {
      if (!stream.write(`${line}\n`)) {
        await Promise.race([new Promise<void>((resolve) => stream.once("drain", () => resolve())), failed]);
      }
    },
    async close() {
      await Promise.race([new Promise<void>((resolve) => stream.end(resolve)), failed]);
    },
  };
}

/**
 * Writes a backup of the database and the files to `to` while the server runs and takes
 * writes:
 *
 * 1. a hold stops every deletion of a stored file (committed first, seen by every process);
 * 2. one transaction (REPEATABLE READ on PostgreSQL; PGlite has one connection, so its
 *    other queries wait) reads every table through a cursor: one moment's rows;
 * 3. the store is listed, and every file a row of the snapshot names is copied with its
 *    SHA-256 (a string of a row equal to its key or to a folder it is in: `namedBy`): it
 *    is still there, since nothing was deleted since the snapshot's moment, and a file
 *    staged since is left out with the row that will hold it;
 * 4. the hold ends; the manifest is written and the folder renamed into place.
 */
export async function writeBackup(options: {
  database: DatabaseHandle;
  files: BlobStore;
  to: string;
}): Promise<BackupManifest> {
  const { database, files, to } = options;
  const { db } = database;
  if ((await readdir(to).catch(() => [])).length > 0) {
    throw new BackupError(`${to} already holds files: give a new folder for the backup.`);
  }
  const partial = `${to}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(join(partial, "database"), { recursive: true });
  await mkdir(join(partial, "files"), { recursive: true });

  const [hold] = await db
    .insert(fileDeletionHolds)
    .values({ expiresAt: new Date(Date.now() + holdMs) })
    .returning({ id: fileDeletionHolds.id });
  if (!hold) throw new BackupError("The database did not take the backup's hold on the files.");
  try {
    const named = new Set<string>();
    const snapshot = await db.transaction(
      async (tx) => {
        const [moment] = await queryRows<{ at: string }>(tx, sql`select now()::text as at`);
        const tables: Record<string, number> = {};
        for (const table of await tableNames(tx)) {
          const out = lineWriter(join(partial, "database", `${table}.jsonl`));
          const cursor = quote(`backup_${table}`);
          await tx.execute(
            sql.raw(
              `declare ${cursor} no scroll cursor for select row_to_json(t)::text as line from ${quote(table)} t`,
            ),
          );
          let count = 0;
          for (;;) {
            const rows = await queryRows<{ line: string }>(tx, sql.raw(`fetch 1000 from ${cursor}`));
            if (rows.length === 0) break;
            for (const { line } of rows) {
              for (const text of stringsOf(JSON.parse(line))) if (fileKeyShape.test(text)) named.add(text);
              await out.write(line);
            }
            count += rows.length;
          }
          await tx.execute(sql.raw(`close ${cursor}`));
          await out.close();
          tables[table] = count;
        }
        return { at: moment?.at ?? "", tables, newest: await newestMigration(tx) };
      },
      database.kind === "postgres" ? { isolationLevel: "repeatable read", accessMode: "read only" } : undefined,
    );

    const copied: BackupManifest["files"] = [];
    for await (const key of files.list()) {
      if (!namedBy(named, key)) continue;
      const read = await files.get(key);
      if (!read) continue; // deleted before the hold (its row was gone by the snapshot's moment too)
      const target = join(partial, "files", key);
      await mkdir(dirname(target), { recursive: true });
      const hash = createHash("sha256");
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(read.body, measure, createWriteStream(target, { flags: "wx" }));
      copied.push({ key, size, sha256: hash.digest("hex") });
    }
    copied.sort((a, b) => a.key.localeCompare(b.key));

    const manifest: BackupManifest = {
      format: backupFormat,
      snapshotAt: new Date(snapshot.at).toISOString(),
      database: { source: database.kind, newestMigration: snapshot.newest, tables: snapshot.tables },
      files: copied,
    };
    await writeFile(join(partial, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`, { flag: "wx" });
    await rm(to, { recursive: true, force: true });
    await rename(partial, to);
    return manifest;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await db.delete(fileDeletionHolds).where(eq(fileDeletionHolds.id, hold.id));
  }
}

export async function readManifest(from: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(join(from, "manifest.json"), "utf8");
  } catch {
    throw new BackupError(`${from} holds no backup: manifest.json is missing.`);
  }
  const manifest = JSON.parse(text) as Partial<BackupManifest>;
  if (manifest.format !== backupFormat || !manifest.database || !manifest.files) {
    throw new BackupError(`${from} holds no backup this build can read (format ${String(manifest.format)}).`);
  }
  return manifest as BackupManifest;
}

/** Each file of the backup is whole: the size and SHA-256 the manifest gives. */
export async function verifyBackupFiles(from: string, manifest: BackupManifest): Promise<void> {
  for (const file of manifest.files) {
    const path = join(from, "files", file.key);
    const size = (await stat(path).catch(() => null))?.size;
    if (size !== file.size) throw new BackupError(`The backup's file ${file.key} is missing or cut short.`);
    const hash = createHash("sha256");
    await pipeline(createReadStream(path), hash);
    if (hash.digest("hex") !== file.sha256) throw new BackupError(`The backup's file ${file.key} has changed since.`);
  }
}

/** The rows of one table in the backup, a line at a time. */
export async function* backupRows(from: string, table: string): AsyncGenerator<string> {
  const path = join(from, "database", `${table}.jsonl`);
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of lines) if (line) yield line;
}
