import { and, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import { z } from "zod";
import { docs, mediaUses } from "../../db/schema/index.ts";
import { ConflictError } from "../core/errors.ts";
import { rowVersion } from "../core/fields.ts";
import { deleteRevisions, getRevision } from "../core/revisions.ts";
import { docEntity, type Doc } from "./entity.ts";
import { clearLinkWarnings, freePublishedPaths, liveDoc, setDocUses, unwarnLinksTo, warnLinksTo } from "./place.ts";
import { mediaIdsIn } from "../../markdown/media-refs.ts";
import { indexDocForSearch, unindexDoc } from "./search-index.ts";
import { authorOf, livePagesUnder, recorded, titles, type DocRevisionData } from "./write-support.ts";

/** Deleting a doc sends it to the trash; admins bring it back or empty the trash for good. */

/** To the trash: gone for readers and from the tree at once; an admin can bring it back. */
export const deleteDoc = docEntity.write({
  operation: "delete",
  doing: "delete docs",
  input: z.object(rowVersion),
  run: async (scope, input): Promise<Doc> => {
    const { row: doc, done } = await scope.target(input);
    if (done) return doc;
    // Pages under it where editors see them, and where readers still do until a move is published.
    const under = [...(await livePagesUnder(scope.tx, doc, false)), ...(await livePagesUnder(scope.tx, doc, true))];
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
    // Readers find it again where they would if it were published now: under its parent as
    // readers find that one. Under a parent readers no longer see, it comes back as a draft.
    const readable = doc.publishedRevision !== null && (!parent || parent.publishedPath !== null);
    const publishedPath = readable ? (parent?.publishedPath ? `${parent.publishedPath}/${doc.slug}` : doc.slug) : null;
    const [taken] = await scope.tx
      .select({ title: docs.title, path: docs.path })
      .from(docs)
      .where(
        and(
          or(eq(docs.path, path), publishedPath ? eq(docs.publishedPath, publishedPath) : undefined),
          isNull(docs.deletedAt),
        ),
      );
    if (taken) {
      throw new ConflictError(
        `“${taken.title}” now lives at /docs/${taken.path === path ? path : publishedPath}: move or rename it, then restore “${doc.title}”.`,
      );
    }
    const restored = await scope.update(input, {
      deletedAt: null,
      deletedById: null,
      path,
      ...(readable
        ? { publishedPath, publishedParentId: doc.parentId }
        : {
            publishedRevision: null,
            publishedAt: null,
            publishedPath: null,
            publishedParentId: null,
            publishedPosition: null,
            publishedProducts: null,
          }),
    });
    await clearLinkWarnings(scope.tx, path);
    if (publishedPath) await freePublishedPaths(scope.tx, publishedPath);
    await unwarnLinksTo(scope.tx, restored);
    // The files its words name (a render would give the same, without the cost: no file is checked here).
    await setDocUses(scope.tx, doc.id, "embedded", mediaIdsIn(doc.body));
    if (readable && doc.publishedRevision !== null) {
      const published = await getRevision<DocRevisionData>(scope.tx, {
        entity: "doc",
        recordId: doc.id,
        number: doc.publishedRevision,
      });
      await setDocUses(scope.tx, doc.id, "published", mediaIdsIn(published.data.body));
      await indexDocForSearch(scope.tx, restored, published.data.body);
    } else {
      await unindexDoc(scope.tx, doc.id);
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
