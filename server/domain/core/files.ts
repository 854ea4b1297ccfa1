import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { and, asc, eq, gt, inArray, lte } from "drizzle-orm";
import { fileDeletionHolds, unclaimedFiles } from "../../db/schema/index.ts";
import type { Database } from "../../db/client.ts";
import { BlobStoreError, type BlobStore, type PutOptions, type StoredBlob } from "../../storage/blob-store.ts";
import { UnavailableError } from "./errors.ts";

/**
 * Files in the store and the rows that hold them (ADR 021). A write that keeps a file
 * stages it before its transaction (streaming a large file inside one would hold the
 * database for as long as the upload takes), claims it in the transaction, and lets go
 * of the file a row no longer holds. Whatever a write staged and did not claim is deleted
 * when it ends, and `unclaimed_files` remembers every file between those moments, so a
 * crash leaves nothing behind for longer than a day (`sweepUnclaimedFiles`).
 */

/** An upload is swept this long after it began, if no row claimed it by then (the process died mid-way). */
export const uploadGraceMs = 24 * 60 * 60 * 1000;

/** A new, generated storage key in a folder: the file's own name is never part of it. */
export function newFileKey(folder: string, extension?: string): string {
  return `${folder}/${randomUUID()}${extension ? `.${extension}` : ""}`;
}

/**
 * Streams a body into the store at `key`, noted as unclaimed first (in its own statement,
 * committed before the first byte), so that a crash mid-upload is swept. A body refused
 * by the store (too large, a full disk) leaves neither the file nor the note.
 */
export async function stageFile(
  deps: { db: Database; files: BlobStore; now: Date },
  key: string,
  body: Readable | Uint8Array,
  options: PutOptions,
): Promise<StoredBlob> {
  await deps.db.insert(unclaimedFiles).values({ key, dueAt: new Date(deps.now.getTime() + uploadGraceMs) });
  try {
    return await deps.files.put(key, body, options);
  } catch (error) {
    await deps.db.delete(unclaimedFiles).where(eq(unclaimedFiles.key, key));
    throw error instanceof BlobStoreError ? new UnavailableError(error.message) : error;
  }
}

/** In the transaction of the row that now holds them: these files are no longer swept. */
export async function claimFiles(tx: Database, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await tx.delete(unclaimedFiles).where(inArray(unclaimedFiles.key, [...keys]));
}

/** In the transaction of the row that let go of them: these files are due to be deleted once it commits. */
export async function releaseFiles(tx: Database, keys: readonly string[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  await tx
    .insert(unclaimedFiles)
    .values(keys.map((key) => ({ key, dueAt: now })))
    .onConflictDoUpdate({ target: unclaimedFiles.key, set: { dueAt: now } });
}

/** Whether a backup holds every stored file in place now (`fileDeletionHolds`). */
export async function deletionsHeld(db: Database, now: Date): Promise<boolean> {
  const [hold] = await db
    .select({ id: fileDeletionHolds.id })
    .from(fileDeletionHolds)
    .where(gt(fileDeletionHolds.expiresAt, now))
    .limit(1);
  return hold !== undefined;
}

/**
 * Deletes these files, and their notes, if no row claimed them: used when a write ends
 * (what it staged and did not claim, what it let go of). A file the store fails to delete
 * keeps its note, and the sweep tries again later.
 */
export async function deleteUnclaimedFiles(db: Database, files: BlobStore, keys: readonly string[]): Promise<void> {
  if (keys.length === 0 || (await deletionsHeld(db, new Date()))) return; // the sweep deletes them after the backup
  for (const key of new Set(keys)) {
    const [noted] = await db.select().from(unclaimedFiles).where(eq(unclaimedFiles.key, key));
    if (!noted) continue; // claimed after all: a row holds it
    try {
      await files.delete(key);
    } catch {
      continue;
    }
    await db.delete(unclaimedFiles).where(and(eq(unclaimedFiles.key, key), eq(unclaimedFiles.dueAt, noted.dueAt)));
  }
}

/**
 * Deletes the files that are due: let go of by a row, or staged by an upload that never
 * finished (its process died) more than a day ago. Any process may run it, at any time;
 * returns how many files it deleted.
 */
export async function sweepUnclaimedFiles(db: Database, files: BlobStore, now: Date, limit = 500): Promise<number> {
  if (await deletionsHeld(db, new Date())) return 0;
  const due = await db
    .select()
    .from(unclaimedFiles)
    .where(lte(unclaimedFiles.dueAt, now))
    .orderBy(asc(unclaimedFiles.dueAt))
    .limit(limit);
  let deleted = 0;
  for (const row of due) {
    try {
      await files.delete(row.key);
    } catch {
      continue; // the store did not answer: the next sweep tries again
    }
    await db.delete(unclaimedFiles).where(and(eq(unclaimedFiles.key, row.key), eq(unclaimedFiles.dueAt, row.dueAt)));
    deleted += 1;
  }
  return deleted;
}
