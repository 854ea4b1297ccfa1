import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { z } from "zod";
import { docs, mediaUses } from "../../db/schema/index.ts";
import { ConflictError } from "../core/errors.ts";
import { rowVersion } from "../core/fields.ts";
import { deleteRevisions, getRevision } from "../core/revisions.ts";
import { docEntity, type Doc } from "./entity.ts";
import { freePaths, liveDoc, setDocUses, unwarnLinksTo, warnLinksTo } from "./place.ts";
import { indexDocForSearch, unindexDoc } from "./search-index.ts";
import { authorOf, examine, livePagesUnder, recorded, titles, type DocRevisionData } from "./write-support.ts";

/** Deleting a doc sends it to the trash; admins bring it back or empty the trash for good. */

/** To the trash: gone for readers and from the tree at once; an admin can bring it back. */
export const deleteDoc = docEntity.write({
  operation: "delete",
  doing: "delete docs",
  input: z.object(rowVersion),
  run: async (scope, input): Promise<Doc> => {
    const { row: doc, done } = await scope.target(input);
    if (done) return doc;
    const under = await livePagesUnder(scope.tx, doc, false);
    if (under.length > 0) {
      throw new ConflictError(`Move or delete the pages under “${doc.title}” first: ${titles(under)}.`);
    }
    const trashed = await scope.update(input, { deletedAt: scope.now, deletedById: authorOf(scope) });
    await unindexDoc(scope.tx, doc.id);
    await warnLinksTo(scope.tx, doc);
    await scope.tx.delete(mediaUses).where(and(eq(mediaUses.ownerType, "doc"), eq(mediaUses.ownerId, doc.id)));
    await scope.audit({ row: trashed, before: recorded(doc) });
    return trashed;
  },
});

/** Back from the trash, where it was (under its parent's current path), as published as it was. */
export const restoreDoc = docEntity.write({
  operation: "trash",
  action: "restore",
  doing: "restore docs from the trash",
  input: z.object(rowVersion),
  run: async (scope, input): Promise<Doc> => {
    const { row: doc, done } = await scope.target(input);
    if (done) return doc;
    const parent = doc.parentId ? await liveDoc(scope.tx, doc.parentId) : null;
    if (doc.parentId && !parent) {
      throw new ConflictError(`Restore the page “${doc.title}” sat under first: it is in the trash too.`);
    }
    const path = parent ? `${parent.path}/${doc.slug}` : doc.slug;
    const [taken] = await scope.tx
      .select({ title: docs.title })
      .from(docs)
      .where(and(eq(docs.path, path), isNull(docs.deletedAt)));
    if (taken) {
      throw new ConflictError(
        `“${taken.title}” now lives at /docs/${path}: move or rename it, then restore “${doc.title}”.`,
      );
    }
    const restored = await scope.update(input, { deletedAt: null, deletedById: null, path });
    await freePaths(scope.tx, path);
    await unwarnLinksTo(scope.tx, restored);
    await setDocUses(scope.tx, doc.id, "embedded", (await examine(scope.tx, doc.body, { lenient: true })).mediaIds);
    if (doc.publishedRevision !== null) {
      const published = await getRevision<DocRevisionData>(scope.tx, {
        entity: "doc",
        recordId: doc.id,
        number: doc.publishedRevision,
      });
      await setDocUses(
        scope.tx,
        doc.id,
        "published",
        (await examine(scope.tx, published.data.body, { lenient: true })).mediaIds,
      );
      await indexDocForSearch(scope.tx, restored, published.data.body);
    }
    await scope.audit({ row: restored, after: recorded(restored) });
    return restored;
  },
});

/** Deletes for good every doc in the trash, with its history; says how many went. */
export const emptyDocsTrash = docEntity.write({
  operation: "trash",
  action: "purge",
  doing: "empty the docs trash",
  input: z.object({}),
  run: async (scope): Promise<{ deleted: number }> => {
    const trashed = await scope.tx.select().from(docs).where(isNotNull(docs.deletedAt));
    if (trashed.length === 0) {
      scope.unchanged();
      return { deleted: 0 };
    }
    for (const doc of trashed) {
      await deleteRevisions(scope.tx, { entity: "doc", recordId: doc.id });
      await scope.audit({ row: doc, before: recorded(doc) });
    }
    const ids = trashed.map((doc) => doc.id);
    await scope.tx.delete(mediaUses).where(and(eq(mediaUses.ownerType, "doc"), inArray(mediaUses.ownerId, ids)));
    await scope.tx.delete(docs).where(and(inArray(docs.id, ids), isNotNull(docs.deletedAt)));
    return { deleted: trashed.length };
  },
});
