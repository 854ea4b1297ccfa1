import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema.ts";

/** One Drizzle API over either driver: the code above this line never knows which one it has. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle =
  | { kind: "pglite"; db: Database; client: PGlite; close: () => Promise<void> }
  | { kind: "postgres"; db: Database; pool: pg.Pool; close: () => Promise<void> };

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
}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // Without a listener, an idle connection's error would crash the process.
    pool.on("error", options.onConnectionError ?? (() => undefined));
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
    await pool.query("select 1");
    return { kind: "postgres", db, pool, close: () => pool.end() };
  }
  // pg_trgm backs the text search of the portal's lists (a stock extension on a real server).
  const client = new PGlite(options.dataDir, {
    extensions: { pg_trgm },
    ...(options.startFrom ? { loadDataDir: options.startFrom } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return { kind: "pglite", db, client, close: () => client.close() };
}

/** Raw SQL rows from either driver (both answer `{ rows }`). */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}
