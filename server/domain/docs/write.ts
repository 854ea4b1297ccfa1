import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { docs, media, revisions } from "../../db/schema/index.ts";
import { mediaIdsIn } from "../../markdown/media-refs.ts";
import { rowVersion } from "../core/fields.ts";
import { ConflictError, ValidationError } from "../core/errors.ts";
import { addRevision, getRevision, markRevisionPublished } from "../core/revisions.ts";
import { docEntity, type Doc } from "./entity.ts";
import { docFields } from "./fields.ts";
import {
  clearLinkWarnings,
  finishMove,
  freePublishedPaths,
  liveDoc,
  nextPosition,
  placeOf,
  publishMove,
  setDocUses,
} from "./place.ts";
import { productsInWords } from "../../../shared/product-line.ts";
import { checkCounterpart, checkProducts } from "./products.ts";
import { settleDocWork } from "./working-copies.ts";
import { keepDocRender, keptRender, renderDocBody } from "./rendering.ts";
import { indexDocForSearch, unindexDoc } from "./search-index.ts";
import {
  authorOf,
  examine,
  livePagesUnder,
  recorded,
  revisionData,
  titles,
  type DocRevisionData,
} from "./write-support.ts";

/** A new doc is a draft: revision 1, seen by editors only until it is published. */
export const createDoc = docEntity.write({
  operation: "create",
  doing: "add docs",
  input: z.object(docFields),
  stage: (scope, input) => renderDocBody(input.body),
  run: async (scope, input): Promise<Doc> => {
    const place = await placeOf(scope.tx, input);
    await checkProducts(scope.tx, input.products, place.parent, null);
    await checkCounterpart(scope.tx, input.counterpartId, input.products, null);
    const { mediaIds, broken, render } = await examine(scope.tx, input.body, scope.staged);
    const created = await scope.insert({
      parentId: place.parent?.id ?? null,
      slug: input.slug,
      path: place.path,
      position: input.position ?? (await nextPosition(scope.tx, place.parent?.id ?? null)),
      title: input.title,
      description: input.description,
      body: input.body,
      products: input.products,
      counterpartId: input.counterpartId,
      headRevision: 1,
      brokenLinks: broken,
      createdById: authorOf(scope),
      updatedById: authorOf(scope),
      createdAt: scope.now,
      updatedAt: scope.now,
    });
    await clearLinkWarnings(scope.tx, created.path);
    const revision = await addRevision(scope.tx, {
      entity: "doc",
      recordId: created.id,
      number: 1,
      data: revisionData(created),
      event: "created",
      actor: scope.actor,
      at: scope.now,
    });
    await keepDocRender(scope.tx, created, revision, render);
    await setDocUses(scope.tx, created.id, "embedded", mediaIds);
    await settleDocWork(scope.tx, authorOf(scope), null);
    await scope.audit({ row: created, after: recorded(created) });
    return created;
  },
});

/**
 * Saves an editor's work as the next revision, at the version they opened. If someone
 * saved in between, the save is refused, naming who and which revision, and nothing of
 * either is lost: theirs is the head, and the editor still has their own text. The words,
 * the place (a new parent, slug or position, with the pages under it) and the products
 * are all part of the revision: readers see them when it is published. Naming the page's
 * version for the other product takes effect at once.
 */
export const saveDoc = docEntity.write({
  operation: "save",
  doing: "edit docs",
  input: z.object({ ...rowVersion, ...docFields }),
  stage: (scope, input) => renderDocBody(input.body),
  run: async (scope, input): Promise<Doc> => {
    const current = await scope.find(input.id);
    if (current.version !== input.version) await refuseStale(scope.tx, current, authorOf(scope));
    const { row: doc } = await scope.target(input);
    const place = await placeOf(scope.tx, input, doc);
    const parentId = place.parent?.id ?? null;
    const moved = place.path !== doc.path;
    const position =
      input.position ?? (parentId === doc.parentId ? doc.position : await nextPosition(scope.tx, parentId));
    const wordsChanged = input.title !== doc.title || input.description !== doc.description || input.body !== doc.body;
    const productsChanged = input.products.join() !== doc.products.join();
    const revised = wordsChanged || moved || position !== doc.position || productsChanged;
    if (!revised && input.counterpartId === doc.counterpartId) {
      scope.unchanged();
      return doc;
    }
    await checkProducts(scope.tx, input.products, place.parent, doc);
    await checkCounterpart(scope.tx, input.counterpartId, input.products, doc);
    const { mediaIds, broken, render } = await examine(scope.tx, input.body, scope.staged);
    await settleDocWork(scope.tx, authorOf(scope), doc.id);
    const head = revised ? doc.headRevision + 1 : doc.headRevision;
    const saved = await scope.update(input, {
      parentId,
      slug: input.slug,
      path: place.path,
      position,
      title: input.title,
      description: input.description,
      body: input.body,
      products: input.products,
      counterpartId: input.counterpartId,
      headRevision: head,
      brokenLinks: broken,
      updatedById: authorOf(scope),
    });
    if (moved) await finishMove(scope.tx, doc.path, place.path, scope.now);
    if (revised) {
      const revision = await addRevision(scope.tx, {
        entity: "doc",
        recordId: doc.id,
        number: head,
        data: revisionData(saved),
        event: "saved",
        actor: scope.actor,
        at: scope.now,
      });
      await keepDocRender(scope.tx, saved, revision, render);
      await setDocUses(scope.tx, doc.id, "embedded", mediaIds);
    }
    if (wordsChanged || productsChanged || input.counterpartId !== doc.counterpartId) {
      await scope.audit({ row: saved, before: recorded(doc), after: recorded(saved) });
    }
    if (moved || position !== doc.position) {
      await scope.audit({
        action: "move",
        row: saved,
        before: { path: doc.path, position: doc.position },
        after: { path: saved.path, position: saved.position },
      });
    }
    return saved;
  },
});

/** Someone saved since the editor opened the doc: who, and which revision, so the conflict screen can say it. */
async function refuseStale(tx: Database, doc: Doc, actorId: string | null): Promise<never> {
  const latest = await getRevision(tx, { entity: "doc", recordId: doc.id, number: doc.headRevision });
  const who =
    latest.author && latest.author.id === actorId
      ? "You (in another tab or window)"
      : (latest.author?.name ?? "Someone");
  throw new ConflictError(
    `${who} changed “${doc.title}” after you opened it: it is at revision ${doc.headRevision} now. Your text is kept: compare it with theirs, then save again.`,
  );
}

/**
 * Readers see the latest revision from now on. A doc under another is published only
 * once that one is, and every image it shows needs alt text first.
 */
export const publishDoc = docEntity.write({
  operation: "publish",
  doing: "publish docs",
  input: z.object(rowVersion),
  // The head's page as readers will see it: kept when it was saved, or laid out now, before the transaction.
  stage: async (scope, input) => {
    const [head] = await scope.db
      .select({ body: docs.body, revisionId: revisions.id })
      .from(docs)
      .innerJoin(
        revisions,
        and(eq(revisions.entity, "doc"), eq(revisions.recordId, docs.id), eq(revisions.number, docs.headRevision)),
      )
      .where(eq(docs.id, input.id));
    if (!head) return undefined;
    return {
      revisionId: head.revisionId,
      rendered: (await keptRender(scope.db, head.revisionId)) ?? (await renderDocBody(head.body)),
    };
  },
  run: async (scope, input): Promise<Doc> => {
    const { row: doc, done } = await scope.target(input);
    if (done) return doc;
    const head = scope.staged;
    // The doc changed between the two reads: the version check above would have refused it.
    if (!head) throw new Error("publishDoc: the doc was read before its transaction but not in it");
    const parent = doc.parentId ? await liveDoc(scope.tx, doc.parentId) : undefined;
    if (parent && (parent.publishedRevision === null || parent.publishedPath === null)) {
      throw new ValidationError(
        { "": `Publish “${parent.title}” first: this page sits under it.` },
        `“${doc.title}” cannot be published yet. Publish “${parent.title}” first: this page sits under it.`,
      );
    }
    const beyond = parent ? doc.products.filter((each) => !(parent.publishedProducts ?? []).includes(each)) : [];
    if (parent && beyond.length > 0) {
      const message = `Readers of “${parent.title}” find it for ${productsInWords(parent.publishedProducts ?? [])} only: publish its products first, or choose fewer here.`;
      throw new ValidationError({ products: message }, `“${doc.title}” cannot be published yet. ${message}`);
    }
    await checkAltText(scope.tx, doc);
    // Readers find it under its parent as they find the parent: a move waits for this moment.
    const publishedPath = parent?.publishedPath ? `${parent.publishedPath}/${doc.slug}` : doc.slug;
    await refusePublishedPathTaken(scope.tx, doc, publishedPath);
    const { rendered } = head;
    if (doc.publishedPath !== null && doc.publishedPath !== publishedPath) {
      await publishMove(scope.tx, doc.publishedPath, publishedPath, scope.now);
    }
    const published = await scope.update(input, {
      publishedRevision: doc.headRevision,
      publishedAt: scope.now,
      publishedTitle: doc.title,
      publishedDescription: doc.description,
      publishedText: rendered.text,
      publishedHeadings: rendered.headings,
      publishedParentId: doc.parentId,
      publishedPath,
      publishedPosition: doc.position,
      publishedProducts: doc.products,
    });
    await freePublishedPaths(scope.tx, publishedPath);
    await indexDocForSearch(scope.tx, published, doc.body);
    await markRevisionPublished(scope.tx, { entity: "doc", recordId: doc.id, number: doc.headRevision, at: scope.now });
    await keepDocRender(scope.tx, published, head.revisionId, rendered);
    await setDocUses(scope.tx, doc.id, "published", rendered.mediaIds);
    await scope.audit({
      row: published,
      before: { publishedRevision: doc.publishedRevision, path: doc.publishedPath },
      after: { publishedRevision: published.publishedRevision, path: published.publishedPath },
    });
    return published;
  },
});

/** Another doc readers find where this one would be read: refused, naming it. */
async function refusePublishedPathTaken(tx: Database, doc: Doc, publishedPath: string): Promise<void> {
  const [taken] = await tx
    .select({ title: docs.title })
    .from(docs)
    .where(and(eq(docs.publishedPath, publishedPath), isNull(docs.deletedAt), ne(docs.id, doc.id)));
  if (!taken) return;
  const message = `Readers find “${taken.title}” at /docs/${publishedPath}: publish its move first, or give this page another slug.`;
  throw new ValidationError({ slug: message }, `“${doc.title}” cannot be published yet. ${message}`);
}

async function checkAltText(tx: Database, doc: Doc): Promise<void> {
  const ids = mediaIdsIn(doc.body);
  if (ids.length === 0) return;
  const missing = await tx
    .select({ name: media.name })
    .from(media)
    .where(and(inArray(media.id, ids), eq(media.kind, "image"), isNull(media.alt)));
  if (missing.length === 0) return;
  const names = missing.map((file) => file.name).join(", ");
  const advice = `Give ${names} alt text in the media library first: the page shows ${missing.length === 1 ? "it" : "them"}.`;
  throw new ValidationError({ body: advice }, `“${doc.title}” cannot be published yet. ${advice}`);
}

/** Back to a draft for readers; its history and latest text stay. */
export const unpublishDoc = docEntity.write({
  operation: "unpublish",
  doing: "unpublish docs",
  input: z.object(rowVersion),
  run: async (scope, input): Promise<Doc> => {
    const { row: doc, done } = await scope.target(input);
    if (done) return doc;
    const under = await livePagesUnder(scope.tx, doc, true);
    if (under.length > 0) {
      throw new ConflictError(`Unpublish the pages under “${doc.title}” first: ${titles(under)}.`);
    }
    const unpublished = await scope.update(input, {
      publishedRevision: null,
      publishedAt: null,
      publishedTitle: null,
      publishedDescription: null,
      publishedText: null,
      publishedHeadings: null,
      publishedParentId: null,
      publishedPath: null,
      publishedPosition: null,
      publishedProducts: null,
    });
    await unindexDoc(scope.tx, doc.id);
    await setDocUses(scope.tx, doc.id, "published", []);
    await scope.audit({
      row: unpublished,
      before: { publishedRevision: doc.publishedRevision },
      after: { publishedRevision: null },
    });
    return unpublished;
  },
});

/**
 * Makes an earlier revision's words the latest again, as a new revision (the history only
 * grows). Where the doc lives stays as it is. Readers see it once it is published.
 */
export const restoreDocRevision = docEntity.write({
  operation: "restoreRevision",
  doing: "restore revisions of docs",
  input: z.object({
    ...rowVersion,
    number: z.number().int("Choose a revision from the history.").min(1, "Choose a revision from the history."),
  }),
  // The earlier words, laid out before the transaction (a revision never changes).
  stage: async (scope, input) => {
    const earlier = await getRevision<DocRevisionData>(scope.db, {
      entity: "doc",
      recordId: input.id,
      number: input.number,
    });
    return { earlier, render: await renderDocBody(earlier.data.body) };
  },
  run: async (scope, input): Promise<Doc> => {
    const { row: doc } = await scope.target(input);
    const { earlier } = scope.staged;
    if (input.number === doc.headRevision) {
      throw new ValidationError({ number: `Revision ${input.number} is already the latest.` });
    }
    const head = doc.headRevision + 1;
    const { mediaIds, broken, render } = await examine(scope.tx, earlier.data.body, scope.staged.render, {
      lenient: true,
    });
    const restored = await scope.update(input, {
      title: earlier.data.title,
      description: earlier.data.description,
      body: earlier.data.body,
      headRevision: head,
      brokenLinks: broken,
      updatedById: authorOf(scope),
    });
    const revision = await addRevision(scope.tx, {
      entity: "doc",
      recordId: doc.id,
      number: head,
      data: revisionData(restored),
      event: "restored",
      restoredFrom: input.number,
      actor: scope.actor,
      at: scope.now,
    });
    await keepDocRender(scope.tx, restored, revision, render);
    await setDocUses(scope.tx, doc.id, "embedded", mediaIds);
    await scope.audit({ row: restored, before: recorded(doc), after: { ...recorded(restored), from: input.number } });
    return restored;
  },
});
