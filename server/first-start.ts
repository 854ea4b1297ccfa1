import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { loadConfig, type Config } from "./config.ts";
import { newDataDirPath, openDatabase, type Database } from "./db/client.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { seedDemoData } from "./demo/seed.ts";
import { bootstrapAdminAccount, defaultAdminEmail } from "./idp/accounts.ts";
import { announce, createLogger, type Logger } from "./log.ts";
import type { BlobStore } from "./storage/blob-store.ts";
import { openFileStore } from "./storage/open.ts";

/**
 * A newcomer's first start on the embedded database (PGlite, in a new data directory,
 * with the demo data): migrations, the first administrator and the demo data are done by a
 * short-lived child process running this file, before the server opens the database.
 * Seeding loads sharp and the docs' renderer and leaves PGlite's WebAssembly memory and
 * the C heap grown for good: about 90 MB the server would otherwise hold from its first
 * start on (docs/decisions/027-the-servers-c-heap-and-first-start.md). The server then
 * starts as it does on every restart, finding it all done.
 */
export function isFirstEmbeddedStart(config: Config): boolean {
  return !config.databaseUrl && config.demoData && newDataDirPath(config.dataDir) !== undefined;
}

/**
 * Runs the first start's work in a child process and waits for it. False when the child
 * failed: the server then does the same work itself, as it would on any start (each step
 * is done only once, whoever gets there first).
 */
export async function firstStartApart(log: Logger): Promise<boolean> {
  const code = await new Promise<number | null>((done) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.once("error", () => done(null));
    child.once("exit", (exitCode) => done(exitCode));
  });
  if (code !== 0) {
    log.warn("preparing the new embedded database in a separate process failed; the server does it itself", {
      exitCode: code,
    });
  }
  return code === 0;
}

/** The embedded provider's first administrator, made while it has no account; a generated password is logged once. */
export async function createFirstAdministrator(db: Database, config: Config, log: Logger): Promise<void> {
  const admin = await bootstrapAdminAccount(db, {
    email: config.auth.adminEmail ?? defaultAdminEmail,
    password: config.auth.adminPassword,
  });
  if (admin.created && admin.generatedPassword) {
    // Printed once, on the start that created the account; it is not stored anywhere
    // readable. The log would scrub it (and the address), so it is announced beside it.
    announce(
      'created the first administrator account; this password is shown once (change it with "Forgot your password?" on the sign-in page)',
      { email: admin.email, password: admin.generatedPassword },
    );
  } else if (admin.created) {
    log.info("created the first administrator account", { email: admin.email });
  }
}

/** The demo data, on a database that has none yet (once; DEMO_DATA=false turns it off). */
export async function fillWithDemoData(db: Database, config: Config, files: BlobStore, log: Logger): Promise<void> {
  const seeded = await seedDemoData(db, { publicUrl: config.publicUrl, files });
  if (seeded.seeded) {
    log.info("filled the new embedded database with demo data (DEMO_DATA=false turns this off)", {
      ...seeded,
      pid: process.pid,
    });
  }
}

async function prepareFirstStart(config: Config): Promise<void> {
  const log = createLogger(config.logLevel);
  const database = await openDatabase({ url: undefined, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const files = await openFileStore(config);
    try {
      // After the first administrator: that account is made only while the provider has none.
      if (!config.auth.external) await createFirstAdministrator(database.db, config, log);
      await fillWithDemoData(database.db, config, files, log);
    } finally {
      await files.close();
    }
  } finally {
    await database.close();
  }
}

if (import.meta.main) await prepareFirstStart(loadConfig(process.env));
