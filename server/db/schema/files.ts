import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Stored files (blobs, ADR 021) that no row holds: one being uploaded, before the row
 * that will hold it commits, and one a row let go of (deleted or replaced). Once due, a
 * sweep deletes the blob and then this row, so a crash at any moment leaves no orphan
 * in the store for longer than a day: an upload is due a day after it began, a file let
 * go of at once. The row that claims an upload deletes its line here in the same
 * transaction.
 */
export const unclaimedFiles = pgTable(
  "unclaimed_files",
  {
    key: text("key").primaryKey(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("unclaimed_files_due").on(table.dueAt)],
);

/**
 * A backup in progress (`npm run backup`): while a hold lasts, no stored file is deleted
 * (the deletions wait for the sweep after it), so every file a row of the backup's
 * snapshot names is still in the store when the backup copies it. A hold left by a backup
 * that died ends by itself at `expiresAt`.
 */
export const fileDeletionHolds = pgTable("file_deletion_holds", {
  id: uuid("id").primaryKey().defaultRandom(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
