/**
 * `npm run restore -- <folder>`: brings a backup (`npm run backup`) back into an empty
 * deployment: the database the server would use (DATABASE_URL, or a new DATA_DIR) and its
 * file store (S3_* or DATA_DIR/files). A database that holds data is refused, unchanged.
 * Stop the server first; with the embedded database it must not be running.
 */
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { openDatabase } from "../server/db/client.ts";
import { askServerForBackup, backupSocketName } from "../server/backup/socket.ts";
import { restoreBackup } from "../server/backup/restore.ts";
import { openFileStore } from "../server/storage/open.ts";
import { loadConfigOrExit } from "../server/config.ts";
import { describeBackup } from "./backup-cli.ts";

const config = loadConfigOrExit();
const given = process.argv[2];
if (!given) {
  console.error("Say which backup to restore: npm run restore -- backups/<folder>");
  process.exit(1);
}
const folder = resolve(given);
const started = performance.now();

try {
  if (!config.databaseUrl) {
    if (config.dataDir.startsWith("memory://"))
      throw new Error("DATA_DIR=memory:// keeps nothing: give a DATA_DIR folder.");
    // A running server holds the embedded database: restoring under it would break both.
    const socket = join(config.dataDir, backupSocketName);
    if ((await askServerForBackup(socket, "").catch(() => "running")) !== "no server") {
      throw new Error(`a server is running on ${config.dataDir}: stop it first, and restore into a new DATA_DIR.`);
    }
    await mkdir(config.dataDir, { recursive: true });
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const files = await openFileStore(config);
  try {
    const manifest = await restoreBackup({ database, files, from: folder });
    console.log(
      `Restored ${folder} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${describeBackup(manifest)}. Start the server.`,
    );
  } finally {
    await files.close();
    await database.close();
  }
} catch (error) {
  console.error(`The restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
