/**
 * `npm run seed`: fills an empty portal with fictional demo data (server/demo/seed.ts),
 * in the database the server would use (DATABASE_URL, else PGlite in DATA_DIR). A
 * database that already has organizations is left as it is.
 *
 * With PGlite, stop the server first: only one process may open its folder at a time.
 */
import { mkdir } from "node:fs/promises";
import { loadConfigOrExit } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { migrateDatabase } from "../server/db/migrate.ts";
import { seedDemoData } from "../server/demo/seed.ts";
import { openFileStore } from "../server/storage/open.ts";

const config = loadConfigOrExit();
if (!config.databaseUrl && !config.dataDir.startsWith("memory://")) await mkdir(config.dataDir, { recursive: true });
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const where = database.kind === "postgres" ? "the PostgreSQL database" : `the PGlite database in ${config.dataDir}`;
try {
  await migrateDatabase(database);
  const started = performance.now();
  const files = await openFileStore(config);
  const result = await seedDemoData(database.db, { publicUrl: config.publicUrl, files }).finally(() => files.close());
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    result.seeded
      ? `Seeded ${where} with demo data in ${seconds} s: ${result.organizations} organizations, ${result.users} people, ${result.activity} activity entries.`
      : `Did not seed ${where}: it already has organizations (or demo people), so it was left as it is.`,
  );
  if (result.seeded && config.auth.external && config.auth.adminEmails.length === 0) {
    // The demo admins count as accounts, so the first real sign-in is no longer "the first account".
    console.error(
      "Note: with an external identity provider, set ADMIN_EMAILS to make yourself an admin: the demo people are accounts already.",
    );
  }
} catch (error) {
  process.exitCode = 1;
  console.error(`Seeding ${where} failed:`, error);
} finally {
  await database.close();
}
