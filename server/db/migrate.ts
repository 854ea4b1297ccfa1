import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { DatabaseHandle } from "./client.ts";

export const migrationsFolder = new URL("./migrations", import.meta.url).pathname;

/**
 * Every process takes this PostgreSQL advisory lock before migrating, so two servers
 * starting at once run the migrations one after the other; the second finds them applied.
 */
const migrationLockKey = 4_711_202_611;

/** Applies the migrations in `folder` (this build's, unless a restore brings a database to an older one first). */
export async function migrateDatabase(handle: DatabaseHandle, folder = migrationsFolder): Promise<void> {
  if (handle.kind === "pglite") {
    // Loaded here, as PGlite itself is (client.ts): a server on PostgreSQL never holds them.
    const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
    await handle.client.query("select pg_advisory_lock($1)", [migrationLockKey]);
    try {
      await migratePglite(drizzlePglite({ client: handle.client }), { migrationsFolder: folder });
    } finally {
      await handle.client.query("select pg_advisory_unlock($1)", [migrationLockKey]);
    }
    return;
  }
  // The lock belongs to a connection, so the migration runs on that same connection.
  const connection = await handle.pool.connect();
  try {
    await connection.query("select pg_advisory_lock($1)", [migrationLockKey]);
    try {
      await migrateNodePg(drizzleNodePg({ client: connection }), { migrationsFolder: folder });
    } finally {
      await connection.query("select pg_advisory_unlock($1)", [migrationLockKey]);
    }
  } finally {
    connection.release();
  }
}
