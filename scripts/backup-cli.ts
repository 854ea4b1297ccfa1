import type { BackupManifest } from "../server/backup/snapshot.ts";

/** "12,345 rows in 27 tables and 18 files (4.2 MB), snapshot of 2026-11-25T12:00:00.000Z" */
export function describeBackup(manifest: BackupManifest): string {
  const counts = Object.values(manifest.database.tables);
  const rows = counts.reduce((total, each) => total + each, 0);
  const bytes = manifest.files.reduce((total, file) => total + file.size, 0);
  return `${rows.toLocaleString("en-US")} rows in ${counts.length} tables and ${manifest.files.length} files (${(bytes / 1_048_576).toFixed(1)} MB), snapshot of ${manifest.snapshotAt}`;
}
