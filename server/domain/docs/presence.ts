import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { docPresence, docs, users } from "../../db/schema/index.ts";
import { hasRole, type Rule } from "../core/access.ts";
import { defineEntity } from "../core/entity.ts";
import { NotFoundError } from "../core/errors.ts";
import { id } from "../core/fields.ts";

/** An open editor that has not said so for this long has gone (it says so every 15 seconds). */
export const presenceLapseMs = 60_000;

/** Editors and admins, each marking themselves only. */
const ownMark: Rule = (actor) =>
  actor !== null && hasRole(actor, "editor") ? eq(docPresence.userId, actor.id) : false;

/**
 * Who has a doc open in the editor, and since when (ADR 039): passing state, each
 * person's own mark, so it keeps no activity row. Marking oneself tells one who else is there.
 */
export const docPresenceEntity = defineEntity({
  name: "docPresence",
  plural: "Docs open in the editor",
  table: docPresence,
  label: () => "An open editor",
  notFound: "Nobody has that doc open.",
  passing: true,
  rules: { mark: ownMark },
  rowChecks: {},
  actions: {},
});

export type DocEditorHere = { id: string; name: string; since: Date };

/** What an open editor learns each time it says it is there: who else is, and the doc's latest save. */
export type DocPresenceReport = {
  others: DocEditorHere[];
  head: { revision: number; version: number; savedAt: Date; savedBy: string | null };
};

/**
 * The editor is open on this doc: its mark is kept (since it opened, or came back within a
 * lapse), and it learns who else has the doc open and the doc's latest revision, so a save
 * someone made meanwhile is seen before this person saves.
 */
export const markDocOpen = docPresenceEntity.write({
  operation: "mark",
  doing: "say you have a doc open",
  input: z.object({ docId: id }),
  run: async (scope, input): Promise<DocPresenceReport> => {
    const [doc] = await scope.tx
      .select({
        revision: docs.headRevision,
        version: docs.version,
        savedAt: docs.updatedAt,
        savedBy: sql<
          string | null
        >`(select coalesce(${users.name}, ${users.email}) from ${users} where ${users.id} = ${docs.updatedById})`,
      })
      .from(docs)
      .where(and(eq(docs.id, input.docId), isNull(docs.deletedAt)));
    if (!doc) throw new NotFoundError("That doc is gone: it is in the trash, or was deleted.");
    const lapsed = new Date(scope.now.getTime() - presenceLapseMs);
    await scope.tx
      .insert(docPresence)
      .values({ docId: input.docId, userId: scope.actor.id, since: scope.now, seenAt: scope.now })
      .onConflictDoUpdate({
        target: [docPresence.docId, docPresence.userId],
        set: {
          since: sql`case when ${docPresence.seenAt} > ${lapsed} then ${docPresence.since} else ${scope.now} end`,
          seenAt: scope.now,
        },
      });
    const others = await scope.tx
      .select({
        id: users.id,
        name: sql<string>`coalesce(${users.name}, ${users.email}, 'Someone')`,
        since: docPresence.since,
      })
      .from(docPresence)
      .innerJoin(users, eq(users.id, docPresence.userId))
      .where(
        and(eq(docPresence.docId, input.docId), ne(docPresence.userId, scope.actor.id), gt(docPresence.seenAt, lapsed)),
      )
      .orderBy(desc(docPresence.since));
    return { others, head: doc };
  },
});

/** The editor closed (or left) the doc: others stop seeing them there at once. */
export const markDocClosed = docPresenceEntity.write({
  operation: "mark",
  doing: "say you have left a doc",
  input: z.object({ docId: id }),
  run: async (scope, input): Promise<{ closed: boolean }> => {
    const gone = await scope.tx
      .delete(docPresence)
      .where(and(eq(docPresence.docId, input.docId), eq(docPresence.userId, scope.actor.id)))
      .returning({ docId: docPresence.docId });
    return { closed: gone.length > 0 };
  },
});

/** Marks of editors long gone go, with the sweep. */
export async function sweepDocPresence(db: Database, now: Date): Promise<void> {
  await db.delete(docPresence).where(lt(docPresence.seenAt, new Date(now.getTime() - 86_400_000)));
}
