import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { docs } from "../../db/schema/index.ts";
import { mediaIdsIn } from "../../markdown/media-refs.ts";
import type { Doc } from "./entity.ts";
import { brokenLinks, checkMediaExists } from "./place.ts";
import type { RenderedDoc } from "../../markdown/docs.ts";

/** What the docs' writes share: a revision's data, the activity log's record, and the text's files and links. */

/** What a revision of a doc keeps: its words, and where it lived and whom it was for when they were saved. */
export type DocRevisionData = {
  title: string;
  description: string;
  body: string;
  path: string;
  position?: number;
  /** Absent in revisions saved before docs were per product: both. */
  products?: Doc["products"];
};

export function revisionData(doc: Doc): DocRevisionData {
  return {
    title: doc.title,
    description: doc.description,
    body: doc.body,
    path: doc.path,
    position: doc.position,
    products: doc.products,
  };
}

/** What the activity log keeps of a doc (its text is in its revisions). */
export function recorded(doc: Doc): Record<string, unknown> {
  return {
    title: doc.title,
    path: doc.path,
    products: doc.products,
    counterpartId: doc.counterpartId,
    revision: doc.headRevision,
    published: doc.publishedRevision,
  };
}

export const authorOf = (scope: { actor: { via: string; id: string } }) =>
  scope.actor.via === "system" ? null : scope.actor.id;

/**
 * The text's files and links, once it is rendered (in the write's `stage`, before its
 * transaction: `renderDocBody`): files must be in the library (unless `lenient`: an old
 * revision may show a file deleted since, which the page then leaves out); links to docs
 * that are not there are kept as a warning.
 */
export async function examine(tx: Database, body: string, render: RenderedDoc, options: { lenient?: boolean } = {}) {
  if (!options.lenient) await checkMediaExists(tx, mediaIdsIn(body));
  return { mediaIds: render.mediaIds, broken: await brokenLinks(tx, render.docLinks), render };
}

/** Pages that sit under a doc and are still there: where editors see them, or (`publishedOnly`) where readers do. */
export async function livePagesUnder(tx: Database, doc: Doc, publishedOnly: boolean) {
  return tx
    .select({ title: docs.title })
    .from(docs)
    .where(
      and(
        publishedOnly ? eq(docs.publishedParentId, doc.id) : eq(docs.parentId, doc.id),
        isNull(docs.deletedAt),
        publishedOnly ? isNotNull(docs.publishedRevision) : undefined,
      ),
    )
    .limit(6);
}

export const titles = (rows: { title: string }[]) =>
  `${rows
    .slice(0, 5)
    .map((row) => `“${row.title}”`)
    .join(", ")}${rows.length > 5 ? " and more" : ""}`;
