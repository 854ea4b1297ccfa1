import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { QueryObserver } from "./pglite-parsers.ts";
import * as schema from "./schema/index.ts";

/** One Drizzle API over either driver: the code above this line never knows which one it has. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * What reading code gets of the database: selects only, with no insert, update, delete
 * or raw execute, so it cannot write by type (the domain's read operations get this).
 */
export type ReadDatabase = Pick<Database, "select" | "selectDistinct" | "selectDistinctOn" | "$count">;

export type DatabaseHandle =
  | {
      kind: "pglite";
      db: Database;
      /** PGlite itself. It reads dates, times and intervals as text, as Drizzle does (`clientForDrizzle`). */
      client: PGlite;
      close: () => Promise<void>;
    }
  | { kind: "postgres"; db: Database; pool: pg.Pool; close: () => Promise<void> };

/**
 * PGlite's PostgreSQL settings (docs/decisions/013-pglite-memory.md). Shared memory lives in
 * PGlite's WebAssembly memory, is touched whole at start and is never handed back: with the
 * stock 128MB of shared buffers it was the largest part of the server's memory. One backend
 * needs no room for a hundred connections either. Given on the command line, these override
 * the data directory's postgresql.conf, so directories made before them get them too.
 */
const ownStartParams = ["-c", "shared_buffers=8MB", "-c", "max_connections=10"];

/**
 * PostgreSQL when a connection URL is given; otherwise PGlite (PostgreSQL compiled to
 * WebAssembly), kept in `dataDir`, or in memory when `dataDir` is "memory://".
 */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir: string;
  /** PGlite only: start from this dump of another database's files (`dumpDataDir`). */
  startFrom?: Blob;
  /** An idle pooled connection failed (the server restarted, say); the pool replaces it. */
  onConnectionError?: (error: Error) => void;
  /** Told of each query's seconds and whether it failed (the metrics, ADR 032). */
  onQuery?: QueryObserver;
}): Promise<DatabaseHandle> {
  const { onQuery } = options;
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // Without a listener, an idle connection's error would crash the process.
    pool.on("error", options.onConnectionError ?? (() => undefined));
    // A connection checked out of the pool (a transaction between its queries) has no pool
    // listener: without one of its own, its connection failing would crash the process. The
    // query in flight fails on its own, and the pool drops the broken connection when it is
    // released.
    pool.on("connect", (client) => client.on("error", () => undefined));
    if (onQuery) {
      // Drizzle asks the pool itself outside a transaction, and a checked-out client inside one.
      timeQueries(pool, onQuery);
      pool.on("connect", (client) => timeQueries(client, onQuery));
    }
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
    await pool.query("select 1");
    return { kind: "postgres", db, pool, close: () => pool.end() };
  }
  // PGlite and its Drizzle driver load only here: a server on PostgreSQL never holds them.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { clientForDrizzle }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("drizzle-orm/pglite"),
    import("./pglite-parsers.ts"),
  ]);
  const startParams = [...PGlite.defaultStartParams, ...ownStartParams];
  if (!options.startFrom) await createDataDirApart(options.dataDir, startParams);
  // pg_trgm backs the text search of the portal's lists (a stock extension on a real server).
  const client = new PGlite(options.dataDir, {
    extensions: { pg_trgm },
    startParams,
    ...(options.startFrom ? { loadDataDir: options.startFrom } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite({ client: clientForDrizzle(client, onQuery), schema }) as unknown as Database;
  return { kind: "pglite", db, client, close: () => client.close() };
}

/**
 * Each promise-returning query on this pool or connection is timed (Drizzle asks with a
 * config object and awaits the promise). A callback or a streaming query passes untimed:
 * the pool's own query runs its connection's with a callback, so it is counted once.
 */
function timeQueries(client: pg.Pool | pg.PoolClient, onQuery: QueryObserver): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const timed = (...args: unknown[]): unknown => {
    const started = performance.now();
    const result = query(...args);
    if (result instanceof Promise) {
      result.then(
        () => onQuery((performance.now() - started) / 1000, false),
        () => onQuery((performance.now() - started) / 1000, true),
      );
    }
    return result;
  };
  client.query = timed as typeof client.query;
}

/**
 * The path of a PGlite data directory on disk that holds no database yet; undefined when
 * it holds one, or when the database lives elsewhere: memory:// and the browser's stores
 * have no directory (and no initdb to move).
 */
export function newDataDirPath(dataDir: string): string | undefined {
  const path = dataDir.startsWith("file://") ? dataDir.slice("file://".length) : dataDir;
  if (!path || /^[a-z][a-z0-9+.-]*:\/\//i.test(path) || existsSync(join(path, "PG_VERSION"))) return undefined;
  return path;
}

/**
 * A new data directory is made (initdb) in a short-lived child process. In this one, PGlite
 * would run a second PostgreSQL for initdb and copy its memory and files about, hundreds of
 * MB that stay in this process until the garbage collector gets round to them, and partly
 * for good in the C heap. Opening the finished directory here costs what a restart costs.
 * If the child fails, PGlite makes the directory in this process as before (and reports any
 * error there).
 */
async function createDataDirApart(dataDir: string, startParams: readonly string[]): Promise<void> {
  const path = newDataDirPath(dataDir);
  if (!path) return;
  const script = `
    const { PGlite } = await import("@electric-sql/pglite");
    const client = new PGlite(process.argv[1], { startParams: JSON.parse(process.argv[2]) });
    await client.waitReady;
    await client.close();
  `;
  await new Promise<void>((done) => {
    // From this file's directory, the import finds the same PGlite as this process (hence an absolute data path).
    const child = spawn(
      process.execPath,
      ["--input-type=module", "--eval", script, resolve(path), JSON.stringify(startParams)],
      { cwd: fileURLToPath(new URL(".", import.meta.url)), stdio: "ignore" },
    );
    child.once("error", () => done());
    child.once("exit", () => done());
  });
}

/** Raw SQL rows from either driver (both answer `{ rows }`). */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}
