import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { revisions, users } from "../../db/schema/index.ts";
import type { Actor } from "./access.ts";
import type { ReadDatabase } from "./database.ts";
import { NotFoundError } from "./errors.ts";

/**
 * The history of an editable record (the `revisions` table): any entity whose edits
 * should be kept, compared and brought back keeps them here, in its own shape of `data`.
 * Docs are the first; a release or the site settings would call the same four functions.
 * The entity's operations decide who may see and restore; these only read and append.
 */

export type Revision<Data> = {
  id: string;
  number: number;
  data: Data;
  event: (typeof revisions.$inferSelect)["event"];
  restoredFrom: number | null;
  publishedAt: Date | null;
  createdAt: Date;
  author: { id: string; name: string } | null;
};

type RecordRef = { entity: string; recordId: string };

const revisionColumns = {
  id: revisions.id,
  number: revisions.number,
  data: revisions.data,
  event: revisions.event,
  restoredFrom: revisions.restoredFrom,
  publishedAt: revisions.publishedAt,
  createdAt: revisions.createdAt,
  authorId: users.id,
  authorName: users.name,
  authorEmail: users.email,
};

function revisionQuery(db: ReadDatabase) {
  return db.select(revisionColumns).from(revisions).leftJoin(users, eq(users.id, revisions.authorId));
}

type RevisionRow = Awaited<ReturnType<typeof revisionQuery>>[number];

function shaped<Data>(row: RevisionRow): Revision<Data> {
  const { authorId, authorName, authorEmail, data, ...rest } = row;
  return {
    ...rest,
    data: data as Data,
    author: authorId ? { id: authorId, name: authorName ?? authorEmail ?? "Someone" } : null,
  };
}

/** Appends the next revision of a record (the caller knows its number: one past the head it holds). */
export async function addRevision<Data extends Record<string, unknown>>(
  tx: Database,
  record: RecordRef & {
    number: number;
    data: Data;
    event: Revision<Data>["event"];
    restoredFrom?: number;
    actor: Actor;
    at: Date;
  },
): Promise<string> {
  const [row] = await tx
    .insert(revisions)
    .values({
      entity: record.entity,
      recordId: record.recordId,
      number: record.number,
      data: record.data,
      event: record.event,
      restoredFrom: record.restoredFrom ?? null,
      authorId: record.actor.via === "system" ? null : record.actor.id,
      createdAt: record.at,
    })
    .returning({ id: revisions.id });
  if (!row) throw new Error("a revision was not written");
  return row.id;
}

/** Marks a revision as published (the first time only: a revision published again keeps its date). */
export async function markRevisionPublished(tx: Database, record: RecordRef & { number: number; at: Date }) {
  const [row] = await tx
    .select({ publishedAt: revisions.publishedAt })
    .from(revisions)
    .where(and(of(record), eq(revisions.number, record.number)));
  if (row && !row.publishedAt) {
    await tx
      .update(revisions)
      .set({ publishedAt: record.at })
      .where(and(of(record), eq(revisions.number, record.number)));
  }
}

function of(record: RecordRef) {
  return and(eq(revisions.entity, record.entity), eq(revisions.recordId, record.recordId));
}

/** A record's revisions, newest first. */
export async function listRevisions<Data>(db: ReadDatabase, record: RecordRef, limit = 200): Promise<Revision<Data>[]> {
  const rows = await revisionQuery(db).where(of(record)).orderBy(desc(revisions.number)).limit(limit);
  return rows.map((row) => shaped<Data>(row));
}

/** One revision of a record, by number. */
export async function getRevision<Data>(
  db: ReadDatabase,
  record: RecordRef & { number: number },
): Promise<Revision<Data>> {
  const [row] = await revisionQuery(db).where(and(of(record), eq(revisions.number, record.number)));
  if (!row) throw new NotFoundError(`Revision ${record.number} does not exist.`);
  return shaped<Data>(row);
}

/** Forgets a record's history: only when the record itself is deleted for good. */
export async function deleteRevisions(tx: Database, record: RecordRef): Promise<void> {
  await tx.delete(revisions).where(of(record));
}
