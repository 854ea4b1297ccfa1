/**
 * `npm run backup [-- <folder>]`: a consistent snapshot of the database and of the stored
 * files it names, taken while the server runs and takes writes (server/backup, ADR 033),
 * into `<folder>` (by default `backups/<UTC time>`), from the database and store the
 * server would use (DATABASE_URL or DATA_DIR; S3_* or DATA_DIR/files).
 *
 * With the embedded database, a running server makes the backup itself (it owns the
 * database's folder), asked over DATA_DIR/backup.sock; with none running, this process
 * opens the folder.
 */
import { resolve, join } from "node:path";
import { openDatabase } from "../server/db/client.ts";
import { askServerForBackup, backupSocketName } from "../server/backup/socket.ts";
import { BackupError, writeBackup, type BackupManifest } from "../server/backup/snapshot.ts";
import { openFileStore } from "../server/storage/open.ts";
import { loadConfigOrExit } from "../server/config.ts";
import { describeBackup } from "./backup-cli.ts";

const config = loadConfigOrExit();
const folder = resolve(process.argv[2] ?? join("backups", new Date().toISOString().replaceAll(":", "-")));
const started = performance.now();

async function backup(): Promise<BackupManifest> {
  if (!config.databaseUrl) {
    if (config.dataDir.startsWith("memory://")) throw new BackupError("DATA_DIR=memory:// keeps nothing to back up.");
    const asked = await askServerForBackup(join(config.dataDir, backupSocketName), folder);
    if (asked !== "no server") return asked;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const files = await openFileStore(config);
  try {
    return await writeBackup({ database, files, to: folder });
  } finally {
    await files.close();
    await database.close();
  }
}

try {
  const manifest = await backup();
  console.log(
    `Backed up to ${folder} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${describeBackup(manifest)}.`,
  );
} catch (error) {
  console.error(
    `The backup failed, and nothing was written to ${folder}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
