import { isProductId, type ProductId } from "../../../shared/product-line.ts";
import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { docRedirects, docs } from "../../db/schema/index.ts";
import type { DocHeading } from "../../db/schema/docs.ts";
import { hasRole, type Actor } from "../core/access.ts";
import type { ReadDatabase } from "../core/database.ts";
import { NotFoundError } from "../core/errors.ts";
import { oneLine } from "../core/fields.ts";
import { getRevision, type Revision } from "../core/revisions.ts";
import type { ReadScope } from "../core/entity.ts";
import { product } from "../core/product.ts";
import { docEntity, type Doc } from "./entity.ts";
import { counterpartOf, readerProduct } from "./products.ts";
import { readDocRender, servedHtml } from "./rendering.ts";
import type { DocRevisionData } from "./write-support.ts";

/** A doc's path as an address gives it: slugs joined by "/", or "" for /docs itself. */
export const docPath = oneLine("the address")
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
  /** The product generations it is for (as readers see it, or in preview as the latest revision has it). */
  products: ProductId[];
};

/** Drafts are shown only to editors and admins who asked for them (preview mode). */
function showsDrafts(actor: Actor | null, preview: boolean): boolean {
  return preview && actor !== null && hasRole(actor, "editor");
}

type DocsScope = Pick<ReadScope<typeof docs, Actor | null>, "select" | "db" | "actor">;

/**
 * Every doc the reader may see, in reading order: depth first, each level by position,
 * then title. Readers see each as published (its title, place and products then); editors
 * in preview as the latest revision has it.
 */
async function readingOrder(scope: DocsScope, drafts: boolean): Promise<DocNode[]> {
  const rows = await scope.select(
    drafts
      ? {
          id: docs.id,
          parentId: docs.parentId,
          path: docs.path,
          position: docs.position,
          title: docs.title,
          description: docs.description,
          products: docs.products,
          headRevision: docs.headRevision,
          publishedRevision: docs.publishedRevision,
        }
      : {
          id: docs.id,
          parentId: docs.publishedParentId,
          path: sql<string>`coalesce(${docs.publishedPath}, ${docs.path})`,
          position: sql<number>`coalesce(${docs.publishedPosition}, ${docs.position})`,
          title: sql<string>`coalesce(${docs.publishedTitle}, ${docs.title})`,
          description: sql<string>`coalesce(${docs.publishedDescription}, '')`,
          products: sql<ProductId[]>`coalesce(${docs.publishedProducts}, ${docs.products})`,
          headRevision: docs.headRevision,
          publishedRevision: docs.publishedRevision,
        },
    isNull(docs.deletedAt),
    drafts ? undefined : isNotNull(docs.publishedPath),
  );
  const children = new Map<string | null, typeof rows>();
  for (const row of rows) {
    const siblings = children.get(row.parentId) ?? [];
    siblings.push(row);
    children.set(row.parentId, siblings);
  }
  const ordered: DocNode[] = [];
  const walk = (parentId: string | null, depth: number) => {
    for (const row of (children.get(parentId) ?? []).toSorted(
      (a, b) => a.position - b.position || a.title.localeCompare(b.title) || a.id.localeCompare(b.id),
    )) {
      ordered.push({
        id: row.id,
        parentId: row.parentId,
        path: row.path,
        title: row.title,
        description: row.description,
        depth,
        status: statusOf(row),
        products: parseProducts(row.products),
      });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return ordered;
}

/** PGlite and node-postgres both give an enum array as text ("{v4,v5}") when it comes through `sql`. */
function parseProducts(value: ProductId[] | string): ProductId[] {
  const list = Array.isArray(value) ? value : value.replace(/^\{|\}$/g, "").split(",");
  return list.filter(isProductId);
}

/** The reading order one generation's reader follows: the pages for it, each under a page for it. */
function forProduct(order: readonly DocNode[], shown: ProductId): DocNode[] {
  const kept = new Set<string>();
  return order.filter((node) => {
    if (!node.products.includes(shown)) return false;
    if (node.parentId !== null && !kept.has(node.parentId)) return false;
    kept.add(node.id);
    return true;
  });
}

const productInput = product
  .optional()
  .describe("The product generation to show; left out, the reader's own choice, else their organization's.");

/** The generation a reader is shown: the one asked for, else the one they chose or their organization owns. */
async function shownProduct(scope: DocsScope, asked: ProductId | undefined): Promise<ProductId> {
  return asked ?? (await readerProduct(scope.db, scope.actor));
}

/** The product generation the docs show this reader when none is asked for. */
export const docsProductOf = docEntity.read({
  operation: "read",
  doing: "read the docs",
  input: z.object({}),
  run: (scope): Promise<ProductId> => readerProduct(scope.db, scope.actor),
});

/** The docs navigation: every doc the reader may see, for one generation, in reading order, with its depth. */
export const docTree = docEntity.read({
  operation: "read",
  doing: "read the docs",
  input: z.object({
    preview: z.boolean().default(false),
    product: product.optional().describe("Only the pages for this product generation; left out, every page."),
  }),
  run: async (scope, input): Promise<DocNode[]> => {
    const order = await readingOrder(scope, showsDrafts(scope.actor, input.preview));
    return input.product ? forProduct(order, input.product) : order;
  },
});

/** The docs' home for a reader: the generation they are shown, and its navigation. */
export type DocsHome = { product: ProductId; tree: DocNode[] };

/** The docs home: the navigation of the reader's generation (or the one asked for), in reading order. */
export const readDocsHome = docEntity.read({
  operation: "read",
  doing: "read the docs",
  input: z.object({ preview: z.boolean().default(false), product: productInput }),
  run: async (scope, input): Promise<DocsHome> => {
    const [order, shown] = await Promise.all([
      readingOrder(scope, showsDrafts(scope.actor, input.preview)),
      shownProduct(scope, input.product),
    ]);
    return { product: shown, tree: forProduct(order, shown) };
  },
});

export type DocLink = { title: string; path: string };

/** The same page for the other generation, as the reader may see it. */
export type DocCounterpart = DocLink & { products: ProductId[] };

/** A doc as a reader sees it: the words of the revision they may see, rendered, and where it sits. */
export type DocReading = {
  doc: Doc;
  /** Where the reader finds it: as published, or in preview where the latest revision puts it. */
  path: string;
  title: string;
  description: string;
  html: string;
  headings: DocHeading[];
  revision: number;
  /** The revision shown is newer than the published one (preview mode). */
  draft: boolean;
  updatedAt: Date;
  author: string | null;
  /** The product generations the page is for. */
  products: ProductId[];
  /** The generation the reader is shown (the navigation and the way on follow it). */
  product: ProductId;
  /** Its version for the other generation, if the reader may see one. */
  counterpart: DocCounterpart | null;
  breadcrumbs: DocLink[];
  previous: DocLink | null;
  next: DocLink | null;
  children: (DocLink & { description: string })[];
};

/** The doc at a path, with the tree the reader may see (read once for both), or where it moved. */
export type DocAnswer = ({ reading: DocReading; redirectTo: null } | { reading: null; redirectTo: string }) & {
  tree: DocNode[];
  product: ProductId;
};

/**
 * The live doc a reader finds at a path: where readers find it, or for an editor in preview
 * where the latest revision puts it (`moved`: an address readers still use, which preview
 * sends on to the new one).
 */
async function docAt(
  scope: DocsScope,
  path: string,
  drafts: boolean,
): Promise<{ doc: Doc; moved: boolean } | undefined> {
  const found = await scope.select(
    { doc: docs },
    isNull(docs.deletedAt),
    drafts ? or(eq(docs.path, path), eq(docs.publishedPath, path)) : eq(docs.publishedPath, path),
  );
  const here = found.find((row) => (drafts ? row.doc.path === path : true)) ?? found[0];
  if (!here) return undefined;
  return { doc: here.doc, moved: drafts && here.doc.path !== path };
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
    .select({ path: drafts ? docs.path : docs.publishedPath })
    .from(docRedirects)
    .innerJoin(docs, eq(docs.id, docRedirects.docId))
    .where(
      and(eq(docRedirects.fromPath, path), isNull(docs.deletedAt), drafts ? undefined : isNotNull(docs.publishedPath)),
    );
  return row?.path ?? undefined;
}

/** The page's version for the other generation, if this reader may see it (and where they find it). */
async function visibleCounterpart(
  scope: DocsScope,
  doc: Doc,
  order: readonly DocNode[],
): Promise<DocCounterpart | null> {
  const id = await counterpartOf(scope.db, doc);
  const node = id ? order.find((entry) => entry.id === id) : undefined;
  return node ? { title: node.title, path: node.path, products: node.products } : null;
}

/**
 * The doc at a path, as the reader may see it, or where a doc that lived there moved to.
 * Anything else is "not found", a draft included, for a reader who is not an editor in
 * preview mode. The navigation and the previous and next pages follow the reader's product
 * generation; the page itself is shown whatever it is for, with its version for theirs.
 */
export const readDoc = docEntity.read({
  operation: "read",
  doing: "read the docs",
  input: z.object({ path: docPath, preview: z.boolean().default(false), product: productInput }),
  run: async (scope, input): Promise<DocAnswer> => {
    const drafts = showsDrafts(scope.actor, input.preview);
    const [found, shown] = await Promise.all([docAt(scope, input.path, drafts), shownProduct(scope, input.product)]);
    if (!found || found.moved) {
      const moved = found?.moved ? found.doc.path : await redirectOf(scope.db, input.path, drafts);
      if (moved !== undefined) return { reading: null, redirectTo: moved, tree: [], product: shown };
      throw new NotFoundError("There is no doc there, or it is not published yet.");
    }
    const { doc } = found;
    const [revision, order] = await Promise.all([shownRevision(scope.db, doc, drafts), readingOrder(scope, drafts)]);
    const rendered = await readDocRender(scope.db, { id: revision.id, body: revision.data.body });
    const [html, counterpart] = await Promise.all([
      servedHtml(scope.db, rendered),
      visibleCounterpart(scope, doc, order),
    ]);
    const tree = forProduct(order, shown);
    const at = tree.findIndex((node) => node.id === doc.id);
    const link = (node: DocNode | undefined): DocLink | null => (node ? { title: node.title, path: node.path } : null);
    const byId = new Map(order.map((node) => [node.id, node]));
    const self = byId.get(doc.id);
    const breadcrumbs: DocLink[] = [];
    for (let parent = self?.parentId ?? null; parent; parent = byId.get(parent)?.parentId ?? null) {
      const node = byId.get(parent);
      if (!node) break;
      breadcrumbs.unshift({ title: node.title, path: node.path });
    }
    return {
      redirectTo: null,
      tree,
      product: shown,
      reading: {
        doc,
        path: self?.path ?? input.path,
        title: revision.data.title,
        description: revision.data.description,
        html,
        headings: rendered.headings,
        revision: revision.number,
        draft: revision.number !== doc.publishedRevision,
        updatedAt: revision.createdAt,
        author: revision.author?.name ?? null,
        products: self?.products ?? [],
        product: shown,
        counterpart,
        breadcrumbs,
        previous: at < 0 ? null : link(tree[at - 1]),
        next: at < 0 ? null : link(tree[at + 1]),
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
    if (!found || found.moved) throw new NotFoundError("There is no doc there, or it is not published yet.");
    const revision = await shownRevision(scope.db, found.doc, drafts);
    return { ...revision.data, revision: revision.number };
  },
});
