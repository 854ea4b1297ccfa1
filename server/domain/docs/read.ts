import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { docRedirects, docs } from "../../db/schema/index.ts";
import type { DocHeading } from "../../db/schema/docs.ts";
import { hasRole, type Actor } from "../core/access.ts";
import type { ReadDatabase } from "../core/database.ts";
import { NotFoundError } from "../core/errors.ts";
import { getRevision, type Revision } from "../core/revisions.ts";
import type { ReadScope } from "../core/entity.ts";
import { docEntity, type Doc } from "./entity.ts";
import { readDocRender, servedHtml } from "./rendering.ts";
import type { DocRevisionData } from "./write-support.ts";

/** A doc's path as an address gives it: slugs joined by "/", or "" for /docs itself. */
export const docPath = z
  .string()
  .max(400, "That address is too long to be a doc.")
  .regex(/^(?:[a-z0-9-]{1,80}(?:\/[a-z0-9-]{1,80}){0,9})?$/, "That address cannot be a doc.");

export const docStatus = z
  .enum(["draft", "published", "changed"], { error: "Choose draft, published or changed." })
  .meta({ id: "DocStatus", description: "changed: published, with a newer revision not yet published." });

export type DocStatus = z.infer<typeof docStatus>;

export function statusOf(doc: Pick<Doc, "publishedRevision" | "headRevision">): DocStatus {
  if (doc.publishedRevision === null) return "draft";
  return doc.publishedRevision === doc.headRevision ? "published" : "changed";
}

/** One entry of the docs navigation (spec §3: its title is the label, its path the address). */
export type DocNode = {
  id: string;
  parentId: string | null;
  path: string;
  title: string;
  description: string;
  depth: number;
  status: DocStatus;
};

/** Drafts are shown only to editors and admins who asked for them (preview mode). */
function showsDrafts(actor: Actor | null, preview: boolean): boolean {
  return preview && actor !== null && hasRole(actor, "editor");
}

/** Every doc the reader may see, in reading order: depth first, each level by position, then title. */
async function readingOrder(scope: Pick<ReadScope<typeof docs, Actor | null>, "select">, drafts: boolean) {
  const rows = await scope
    .select(
      {
        id: docs.id,
        parentId: docs.parentId,
        path: docs.path,
        position: docs.position,
        title: drafts ? docs.title : sql<string>`coalesce(${docs.publishedTitle}, ${docs.title})`,
        description: drafts ? docs.description : sql<string>`coalesce(${docs.publishedDescription}, '')`,
        headRevision: docs.headRevision,
        publishedRevision: docs.publishedRevision,
      },
      isNull(docs.deletedAt),
      drafts ? undefined : isNotNull(docs.publishedRevision),
    )
    .orderBy(asc(docs.position), asc(docs.title), asc(docs.id));
  const children = new Map<string | null, typeof rows>();
  for (const row of rows) {
    const siblings = children.get(row.parentId) ?? [];
    siblings.push(row);
    children.set(row.parentId, siblings);
  }
  const ordered: DocNode[] = [];
  const walk = (parentId: string | null, depth: number) => {
    for (const row of children.get(parentId) ?? []) {
      ordered.push({
        id: row.id,
        parentId: row.parentId,
        path: row.path,
        title: row.title,
        description: row.description,
        depth,
        status: statusOf(row),
      });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return ordered;
}

/** The docs navigation: every doc the reader may see, in reading order, with its depth. */
export const docTree = docEntity.read({
  operation: "read",
  doing: "read the docs",
  input: z.object({ preview: z.boolean().default(false) }),
  run: (scope, input): Promise<DocNode[]> => readingOrder(scope, showsDrafts(scope.actor, input.preview)),
});

export type DocLink = { title: string; path: string };

/** A doc as a reader sees it: the words of the revision they may see, rendered, and where it sits. */
export type DocReading = {
  doc: Doc;
  title: string;
  description: string;
  html: string;
  headings: DocHeading[];
  revision: number;
  /** The revision shown is newer than the published one (preview mode). */
  draft: boolean;
  updatedAt: Date;
  author: string | null;
  breadcrumbs: DocLink[];
  previous: DocLink | null;
  next: DocLink | null;
  children: (DocLink & { description: string })[];
};

/** The doc at a path, with the tree the reader may see (read once for both), or where it moved. */
export type DocAnswer = ({ reading: DocReading; redirectTo: null } | { reading: null; redirectTo: string }) & {
  tree: DocNode[];
};

/** The live doc at a path, if the reader may see it (in preview, drafts too). */
async function docAt(
  scope: Pick<ReadScope<typeof docs, Actor | null>, "select">,
  path: string,
  drafts: boolean,
): Promise<Doc | undefined> {
  const [found] = await scope.select(
    { doc: docs },
    eq(docs.path, path),
    isNull(docs.deletedAt),
    drafts ? undefined : isNotNull(docs.publishedRevision),
  );
  return found?.doc;
}

/** Which revision of a doc the reader sees: the published one, or in preview the latest. */
async function shownRevision(db: ReadDatabase, doc: Doc, drafts: boolean): Promise<Revision<DocRevisionData>> {
  const number = drafts ? doc.headRevision : doc.publishedRevision;
  if (number === null) throw new NotFoundError("There is no doc there, or it is not published yet.");
  return getRevision<DocRevisionData>(db, { entity: "doc", recordId: doc.id, number });
}

/** Where an old address of a doc leads now (a doc that moved), if the reader may see it. */
async function redirectOf(db: ReadDatabase, path: string, drafts: boolean): Promise<string | undefined> {
  const [row] = await db
    .select({ path: docs.path })
    .from(docRedirects)
    .innerJoin(docs, eq(docs.id, docRedirects.docId))
    .where(
      and(
        eq(docRedirects.fromPath, path),
        isNull(docs.deletedAt),
        drafts ? undefined : isNotNull(docs.publishedRevision),
      ),
    );
  return row?.path;
}

/**
 * The doc at a path, as the reader may see it, or where a doc that lived there moved to.
 * Anything else is "not found", a draft included, for a reader who is not an editor in
 * preview mode.
 */
export const readDoc = docEntity.read({
  operation: "read",
  doing: "read the docs",
  input: z.object({ path: docPath, preview: z.boolean().default(false) }),
  run: async (scope, input): Promise<DocAnswer> => {
    const drafts = showsDrafts(scope.actor, input.preview);
    const found = await docAt(scope, input.path, drafts);
    if (!found) {
      const moved = await redirectOf(scope.db, input.path, drafts);
      if (moved !== undefined) return { reading: null, redirectTo: moved, tree: [] };
      throw new NotFoundError("There is no doc there, or it is not published yet.");
    }
    const doc = found;
    const [revision, order] = await Promise.all([shownRevision(scope.db, doc, drafts), readingOrder(scope, drafts)]);
    const rendered = await readDocRender(scope.db, { id: revision.id, body: revision.data.body });
    const html = await servedHtml(scope.db, rendered);
    const at = order.findIndex((node) => node.id === doc.id);
    const link = (node: DocNode | undefined): DocLink | null => (node ? { title: node.title, path: node.path } : null);
    const byId = new Map(order.map((node) => [node.id, node]));
    const breadcrumbs: DocLink[] = [];
    for (let parent = doc.parentId; parent; parent = byId.get(parent)?.parentId ?? null) {
      const node = byId.get(parent);
      if (!node) break;
      breadcrumbs.unshift({ title: node.title, path: node.path });
    }
    return {
      redirectTo: null,
      tree: order,
      reading: {
        doc,
        title: revision.data.title,
        description: revision.data.description,
        html,
        headings: rendered.headings,
        revision: revision.number,
        draft: revision.number !== doc.publishedRevision,
        updatedAt: revision.createdAt,
        author: revision.author?.name ?? null,
        breadcrumbs,
        previous: link(order[at - 1]),
        next: link(order[at + 1]),
        children: order
          .filter((node) => node.parentId === doc.id)
          .map((node) => ({ title: node.title, path: node.path, description: node.description })),
      },
    };
  },
});

/** A doc's markdown, as the reader may see it (the published revision, or in preview the latest). */
export const readDocMarkdown = docEntity.read({
  operation: "read",
  doing: "read the docs",
  input: z.object({ path: docPath.min(1, "That address cannot be a doc."), preview: z.boolean().default(false) }),
  run: async (scope, input): Promise<{ title: string; description: string; body: string; revision: number }> => {
    const drafts = showsDrafts(scope.actor, input.preview);
    const found = await docAt(scope, input.path, drafts);
    if (!found) throw new NotFoundError("There is no doc there, or it is not published yet.");
    const revision = await shownRevision(scope.db, found, drafts);
    return { ...revision.data, revision: revision.number };
  },
});
