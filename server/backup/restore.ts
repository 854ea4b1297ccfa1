import { createReadStream } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { queryRows, type Database, type DatabaseHandle } from "../db/client.ts";
import { migrateDatabase, migrationsFolder } from "../db/migrate.ts";
import type { BlobStore } from "../storage/blob-store.ts";
import { newestMigrationMillis } from "../http/health.ts";
import {
  BackupError,
  backupRows,
  quote,
  readManifest,
  siteTables,
  verifyBackupFiles,
  type BackupManifest,
} from "./snapshot.ts";

/** Rows per insert: a few hundred JSON rows make one statement of a few hundred KB at most. */
const batchRows = 500;

type ForeignKey = { child: string; parent: string; childColumns: string[]; parentColumns: string[] };

async function foreignKeys(db: Database): Promise<ForeignKey[]> {
  const rows = await queryRows<{ child: string; parent: string; child_columns: string; parent_columns: string }>(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
               (select string_agg(a.attname, ',' order by k.ord) from unnest(c.conkey) with ordinality k(num, ord)
                  join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.num) as child_columns,
               (select string_agg(a.attname, ',' order by k.ord) from unnest(c.confkey) with ordinality k(num, ord)
                  join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.num) as parent_columns
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const bare = (name: string) => name.replace(/^public\./, "").replaceAll('"', "");
  return rows.map((row) => ({
    child: bare(row.child),
    parent: bare(row.parent),
    childColumns: row.child_columns.split(","),
    parentColumns: row.parent_columns.split(","),
  }));
}

/** Tables with the ones they refer to first (a table's references to itself are ordered by row). */
function tableOrder(tables: string[], keys: ForeignKey[]): string[] {
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const key of keys) if (key.child === table && key.parent !== table) visit(key.parent);
    visiting.delete(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered.filter((table) => tables.includes(table));
}

/** A table's rows with each row after the row of the same table it refers to (a tree: docs in folders, users who invited users). */
function parentsFirst(rows: Record<string, unknown>[], selfKeys: ForeignKey[]): Record<string, unknown>[] {
  if (selfKeys.length === 0) return rows;
  const keyOf = (row: Record<string, unknown>, columns: string[]) => JSON.stringify(columns.map((c) => row[c] ?? null));
  const byKey = selfKeys.map((key) => new Map(rows.map((row) => [keyOf(row, key.parentColumns), row])));
  const done = new Set<Record<string, unknown>>();
  const out: Record<string, unknown>[] = [];
  const place = (row: Record<string, unknown>, depth: number) => {
    if (done.has(row) || depth > rows.length) return;
    for (const [index, key] of selfKeys.entries()) {
      if (key.childColumns.every((column) => row[column] === null || row[column] === undefined)) continue;
      const parent = byKey[index]?.get(keyOf(row, key.childColumns));
      if (parent && parent !== row) place(parent, depth + 1);
    }
    done.add(row);
    out.push(row);
  };
  for (const row of rows) place(row, 0);
  return out;
}

/**
 * The migrations up to the backup's moment, as a folder drizzle's migrator reads: the
 * database is brought to the backup's schema, filled, then to this build's.
 */
async function migrationsUpTo(newest: number): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "densara-restore-migrations-"));
  const journal = JSON.parse(await readFile(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number; tag: string }[];
  };
  const entries = journal.entries.filter((entry) => entry.when <= newest);
  await mkdir(join(folder, "meta"));
  await writeFile(join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    await copyFile(join(migrationsFolder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  return folder;
}

/** Whether the database holds any row of the site's (a new database has none, or no tables yet). */
async function rowsPresent(db: Database): Promise<string[]> {
  const holding: string[] = [];
  for (const name of await siteTables(db)) {
    const [row] = await queryRows<{ any: boolean }>(db, sql.raw(`select exists (select 1 from ${quote(name)}) as any`));
    if (row?.any) holding.push(name);
  }
  return holding;
}

/**
 * Brings a backup back into an empty deployment: its files into the store (each checked
 * against its SHA-256), then its rows into a database that holds none, in one
 * transaction, at the backup's migration; then this build's newer migrations. A database
 * that holds rows already is refused: a restore never mixes two sites' data.
 */
export async function restoreBackup(options: {
  database: DatabaseHandle;
  files: BlobStore;
  from: string;
}): Promise<BackupManifest> {
  const { database, files, from } = options;
  const { db } = database;
  const manifest = await readManifest(from);
  const wanted = newestMigrationMillis();
  if (manifest.database.newestMigration > wanted) {
    throw new BackupError(
      "This backup was made by a newer build than this one (its database has migrations this build lacks): restore it with that build or a later one.",
    );
  }
  const holding = await rowsPresent(db);
  if (holding.length > 0) {
    throw new BackupError(
      `The database already holds data (in ${holding.slice(0, 5).join(", ")}${holding.length > 5 ? ", …" : ""}): restore into an empty one (a new PostgreSQL database, or a new DATA_DIR). Nothing was changed.`,
    );
  }
  await verifyBackupFiles(from, manifest);

  // Files first: a database restored without its files would show broken pictures; files without rows are swept.
  for (const file of manifest.files) {
    const stored = await files.put(file.key, createReadStream(join(from, "files", file.key)), {
      contentType: "application/octet-stream",
      maxBytes: file.size,
    });
    if (stored.sha256 !== file.sha256) throw new BackupError(`The store kept ${file.key} changed: restore it again.`);
  }

  const folder = await migrationsUpTo(manifest.database.newestMigration);
  try {
    await migrateDatabase(database, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }

  const keys = await foreignKeys(db);
  const tables = Object.keys(manifest.database.tables);
  const present = new Set(await siteTables(db));
  const missing = tables.filter((table) => !present.has(table));
  if (missing.length > 0) {
    throw new BackupError(`This build's database has no table ${missing.join(", ")}: the backup does not fit it.`);
  }
  await db.transaction(async (tx) => {
    for (const table of tableOrder(tables, keys)) {
      const columns = await queryRows<{ name: string; identity: string }>(
        tx,
        sql`select column_name as name, is_identity as identity from information_schema.columns
            where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`,
      );
      const list = columns.map((column) => quote(column.name)).join(", ");
      const insert = async (rows: Record<string, unknown>[]) => {
        if (rows.length === 0) return;
        await tx.execute(
          sql`insert into ${sql.raw(quote(table))} (${sql.raw(list)}) overriding system value
              select ${sql.raw(list)} from json_populate_recordset(null::${sql.raw(quote(table))}, ${JSON.stringify(rows)}::json)`,
        );
      };
      const selfKeys = keys.filter((key) => key.child === table && key.parent === table);
      if (selfKeys.length > 0) {
        // A table that refers to itself is read whole and ordered, parents first.
        const rows: Record<string, unknown>[] = [];
        for await (const line of backupRows(from, table)) rows.push(JSON.parse(line) as Record<string, unknown>);
        const ordered = parentsFirst(rows, selfKeys);
        for (let start = 0; start < ordered.length; start += batchRows)
          await insert(ordered.slice(start, start + batchRows));
      } else {
        let batch: Record<string, unknown>[] = [];
        for await (const line of backupRows(from, table)) {
          batch.push(JSON.parse(line) as Record<string, unknown>);
          if (batch.length === batchRows) {
            await insert(batch);
            batch = [];
          }
        }
        await insert(batch);
      }
      for (const column of columns.filter((each) => each.identity === "YES")) {
        await tx.execute(
          sql.raw(
            `select setval(pg_get_serial_sequence('${quote(table).replaceAll("'", "''")}', '${column.name.replaceAll("'", "''")}'), coalesce(max(${quote(column.name)}), 1), max(${quote(column.name)}) is not null) from ${quote(table)}`,
          ),
        );
      }
    }
  });

  // This build's newer migrations, if the backup is older.
  await migrateDatabase(database);
  return manifest;
}
