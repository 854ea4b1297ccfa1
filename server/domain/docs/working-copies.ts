import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { docs, docWorkingCopies } from "../../db/schema/index.ts";
import { hasRole, type Rule } from "../core/access.ts";
import { defineEntity } from "../core/entity.ts";
import { NotFoundError } from "../core/errors.ts";
import { oneLine } from "../core/fields.ts";
import { docFields } from "./fields.ts";

export type DocWork = typeof docWorkingCopies.$inferSelect;

/** Editors and admins, each with their own work only. */
const ownWork: Rule = (actor) =>
  actor !== null && hasRole(actor, "editor") ? eq(docWorkingCopies.userId, actor.id) : false;

/**
 * An editor's unsaved work, kept on the server as they type (ADR 039): a second browser, a
 * reload or a crash loses nothing. It is theirs alone, and passing: it changes no record
 * anyone else reads, so it keeps no activity row; saving the doc is what the log records.
 */
export const docWorkEntity = defineEntity({
  name: "docWork",
  plural: "Unsaved docs work",
  table: docWorkingCopies,
  label: (work) => work.title || "Untitled page",
  notFound: "There is no unsaved work of yours there.",
  passing: true,
  rules: { read: ownWork, keep: ownWork, drop: ownWork },
  rowChecks: {},
  actions: {},
});

/** Which doc the work is on: one, or (null) a new page not saved yet. */
const workOn = z
  .uuid({ error: "That doc is not valid." })
  .nullable()
  .describe("The doc the work is on; null for a new page not saved yet.");

/** What is typed may be unfinished (no title yet, a slug half written): it is checked when saved. */
const workFields = {
  title: oneLine("the title").max(500, "Keep the title to 500 characters."),
  slug: oneLine("the slug").max(200, "Keep the slug to 200 characters."),
  parentId: docFields.parentId,
  position: docFields.position.nullable().default(null),
  description: oneLine("the description").max(1000, "Keep the description to 1,000 characters."),
  products: docFields.products,
  counterpartId: docFields.counterpartId,
  body: docFields.body,
};

const matching = (userId: string, docId: string | null) =>
  and(eq(docWorkingCopies.userId, userId), docId ? eq(docWorkingCopies.docId, docId) : isNull(docWorkingCopies.docId));

/** Keeps the editor's work, in place of what was kept before; the moment it was kept comes back. */
export const keepDocWork = docWorkEntity.write({
  operation: "keep",
  doing: "keep unsaved work on docs",
  input: z.object({
    docId: workOn,
    ...workFields,
    baseVersion: z.number().int().min(0).describe("The doc's version the work started from; 0 for a new page."),
    baseRevision: z.number().int().min(0).describe("The doc's revision the work started from; 0 for a new page."),
  }),
  run: async (scope, input): Promise<{ savedAt: Date }> => {
    if (input.docId) {
      const [doc] = await scope.tx
        .select({ id: docs.id })
        .from(docs)
        .where(and(eq(docs.id, input.docId), isNull(docs.deletedAt)));
      if (!doc) throw new NotFoundError("That doc is gone (in the trash, or deleted): this work cannot be kept on it.");
    }
    const values = {
      title: input.title,
      slug: input.slug,
      parentId: input.parentId,
      position: input.position,
      description: input.description,
      products: input.products,
      counterpartId: input.counterpartId,
      body: input.body,
      baseVersion: input.baseVersion,
      baseRevision: input.baseRevision,
      savedAt: scope.now,
    };
    await scope.tx
      .insert(docWorkingCopies)
      .values({ userId: scope.actor.id, docId: input.docId, ...values })
      .onConflictDoUpdate({ target: [docWorkingCopies.userId, docWorkingCopies.docId], set: values });
    return { savedAt: scope.now };
  },
});

/** The editor's own unsaved work on a doc (or on a new page), if any is kept. */
export const docWorkOf = docWorkEntity.read({
  operation: "read",
  doing: "see unsaved work on docs",
  input: z.object({ docId: workOn }),
  run: async (scope, input): Promise<DocWork | null> => {
    const [work] = await scope.select({ work: docWorkingCopies }, matching(scope.actor.id, input.docId));
    return work?.work ?? null;
  },
});

/** Lets go of the editor's unsaved work on a doc (they discarded it). */
export const dropDocWork = docWorkEntity.write({
  operation: "drop",
  doing: "discard unsaved work on docs",
  input: z.object({ docId: workOn }),
  run: async (scope, input): Promise<{ dropped: boolean }> => {
    const gone = await scope.tx
      .delete(docWorkingCopies)
      .where(matching(scope.actor.id, input.docId))
      .returning({ id: docWorkingCopies.id });
    return { dropped: gone.length > 0 };
  },
});

/** The work is saved as the doc (inside that save's transaction): the kept copy has done its job. */
export async function settleDocWork(tx: Database, userId: string | null, docId: string | null): Promise<void> {
  if (!userId) return;
  await tx.delete(docWorkingCopies).where(matching(userId, docId));
}

/** Unsaved work nobody has come back to in half a year goes, with the sweep. */
export async function sweepDocWork(db: Database, now: Date): Promise<void> {
  await db
    .delete(docWorkingCopies)
    .where(sql`${docWorkingCopies.savedAt} < ${new Date(now.getTime() - 183 * 86_400_000)}`);
}
