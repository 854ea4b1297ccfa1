import { and, asc, desc, eq, gt, ilike, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { docRedirects, docs, previewTokens } from "../../db/schema/index.ts";
import type { DocHeading } from "../../db/schema/docs.ts";
import { hasRole, type Actor } from "../core/access.ts";
import type { ReadDatabase } from "../core/database.ts";
import { NotFoundError } from "../core/errors.ts";
import { id, likePattern, searchText } from "../core/fields.ts";
import { listInput, type Connection } from "../core/pagination.ts";
import { getRevision, listRevisions, type Revision } from "../core/revisions.ts";
import type { ReadScope } from "../core/entity.ts";
import { docEntity, type Doc } from "./entity.ts";
import { docFields } from "./fields.ts";
import { brokenLinks } from "./place.ts";
import { renderDocBody } from "./rendering.ts";
import { previewTokenHash, type DocRevisionData } from "./write.ts";

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

export type DocAnswer = { reading: DocReading; redirectTo: null } | { reading: null; redirectTo: string };

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
    const [found] = await scope.select(
      { doc: docs },
      eq(docs.path, input.path),
      isNull(docs.deletedAt),
      drafts ? undefined : isNotNull(docs.publishedRevision),
    );
    if (!found) {
      const moved = await redirectOf(scope.db, input.path, drafts);
      if (moved !== undefined) return { reading: null, redirectTo: moved };
      throw new NotFoundError("There is no doc there, or it is not published yet.");
    }
    const { doc } = found;
    const [revision, order] = await Promise.all([shownRevision(scope.db, doc, drafts), readingOrder(scope, drafts)]);
    const rendered = await renderDocBody(scope.db, revision.data.body, revision.id);
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
      reading: {
        doc,
        title: revision.data.title,
        description: revision.data.description,
        html: rendered.html,
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
    const [found] = await scope.select(
      { doc: docs },
      eq(docs.path, input.path),
      isNull(docs.deletedAt),
      drafts ? undefined : isNotNull(docs.publishedRevision),
    );
    if (!found) throw new NotFoundError("There is no doc there, or it is not published yet.");
    const revision = await shownRevision(scope.db, found.doc, drafts);
    return { ...revision.data, revision: revision.number };
  },
});

/** A doc as its editors see it: the latest revision, drafts and all. */
export const getDoc = docEntity.read({
  operation: "preview",
  doing: "edit docs",
  input: z.object({ id }),
  run: async (scope, input): Promise<Doc> => {
    const doc = await scope.find(input.id);
    if (doc.deletedAt) throw new NotFoundError("That doc is in the trash: an admin can restore it.");
    return doc;
  },
});

/** Docs as their editors list them: every doc not in the trash, most recently edited first. */
export const listDocs = docEntity.read({
  operation: "preview",
  doing: "see every doc",
  input: listInput({ status: docStatus.optional(), search: searchText }),
  run: (scope, input): Promise<Connection<Doc>> =>
    scope.page(
      { key: docs.updatedAt, type: "timestamptz", id: docs.id, direction: "desc" },
      input,
      isNull(docs.deletedAt),
      statusFilter(input.status),
      input.search
        ? or(ilike(docs.title, likePattern(input.search)), ilike(docs.path, likePattern(input.search)))
        : undefined,
    ),
});

function statusFilter(status: DocStatus | undefined): SQL | undefined {
  if (status === "draft") return isNull(docs.publishedRevision);
  if (status === "published") return eq(docs.publishedRevision, docs.headRevision);
  if (status === "changed")
    return and(isNotNull(docs.publishedRevision), ne(docs.publishedRevision, docs.headRevision));
  return undefined;
}

/** The trash, most recently deleted first: what an admin may bring back or delete for good. */
export const listDocsTrash = docEntity.read({
  operation: "trash",
  doing: "see the docs trash",
  input: listInput({}),
  run: (scope, input): Promise<Connection<Doc>> =>
    scope.page(
      { key: docs.deletedAt, type: "timestamptz", id: docs.id, direction: "desc" },
      input,
      isNotNull(docs.deletedAt),
    ),
});

export type DocRevisionSummary = Omit<Revision<DocRevisionData>, "data"> & { title: string; path: string };

/** A doc's history, newest first: who saved what and when, and which revisions were published. */
export const listDocRevisions = docEntity.read({
  operation: "preview",
  doing: "see the history of docs",
  input: z.object({ id }),
  run: async (scope, input): Promise<DocRevisionSummary[]> => {
    const doc = await scope.find(input.id);
    const history = await listRevisions<DocRevisionData>(scope.db, { entity: "doc", recordId: doc.id });
    return history.map(({ data, ...revision }) => ({ ...revision, title: data.title, path: data.path }));
  },
});

/** One revision of a doc, its words whole (to compare, or to restore). */
export const getDocRevision = docEntity.read({
  operation: "preview",
  doing: "see the history of docs",
  input: z.object({ id, number: z.number().int().min(1, "Choose a revision from the history.") }),
  run: async (scope, input): Promise<Revision<DocRevisionData>> => {
    const doc = await scope.find(input.id);
    return getRevision<DocRevisionData>(scope.db, { entity: "doc", recordId: doc.id, number: input.number });
  },
});

/** The editor's live preview: unsaved markdown rendered exactly as the page will be, with its broken links. */
export const previewDocBody = docEntity.read({
  operation: "preview",
  doing: "preview docs",
  input: z.object({ body: docFields.body }),
  run: async (scope, input) => {
    const rendered = await renderDocBody(scope.db, input.body);
    return {
      html: rendered.html,
      headings: rendered.headings,
      brokenLinks: await brokenLinks(scope.db, rendered.docLinks),
    };
  },
});

/**
 * Whether a preview link is good: for an editor or admin, its mode while it lasts; for
 * anyone else, or a link that ended or never was, nothing (they see what they always see).
 */
export const checkDocsPreview = docEntity.read({
  operation: "read",
  doing: "read the docs",
  input: z.object({ token: z.string().min(16).max(100) }),
  run: async (scope, input): Promise<{ staging: boolean; expiresAt: Date } | null> => {
    if (!hasRole(scope.actor, "editor")) return null;
    const [row] = await scope.db
      .select({ staging: previewTokens.staging, expiresAt: previewTokens.expiresAt })
      .from(previewTokens)
      .where(and(eq(previewTokens.tokenHash, previewTokenHash(input.token)), gt(previewTokens.expiresAt, scope.now)));
    return row ?? null;
  },
});

export type DocSearchHit = {
  id: string;
  path: string;
  title: string;
  description: string;
  /** A passage around the words found, with each match between \u0001 and \u0002. */
  snippet: string;
  /** The first heading holding a word searched for: the result opens there. */
  heading: DocHeading | null;
};

/** The words of a search as a prefix query: "calib phant" finds "calibration" and "phantom". */
function prefixQuery(text: string): string | undefined {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((word) => `${word}:*`).join(" & ") : undefined;
}

/**
 * Search of the published docs for signed-in readers (never anonymous: the public search
 * does not call this), by title, headings and text, best first. PostgreSQL full-text
 * search over the published words, each ranked by where it was found.
 */
export const searchDocs = docEntity.read({
  operation: "read",
  doing: "search the docs",
  input: z.object({
    query: z.string().trim().max(100, "Search for at most 100 characters."),
    first: z.number().int().min(1).max(20).default(8),
  }),
  run: async (scope, input): Promise<DocSearchHit[]> => {
    const query = prefixQuery(input.query);
    if (!query) return [];
    const tsquery = sql`to_tsquery('english', ${query})`;
    const rows = await scope
      .select(
        {
          id: docs.id,
          path: docs.path,
          title: sql<string>`coalesce(${docs.publishedTitle}, '')`,
          description: sql<string>`coalesce(${docs.publishedDescription}, '')`,
          headings: docs.publishedHeadings,
          snippet: sql<string>`ts_headline('english', coalesce(${docs.publishedText}, ''), ${tsquery},
            'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxWords=24, MinWords=10, MaxFragments=1')`,
        },
        isNull(docs.deletedAt),
        isNotNull(docs.publishedRevision),
        sql`${docs.search} @@ ${tsquery}`,
      )
      .orderBy(desc(sql`ts_rank(${docs.search}, ${tsquery})`), asc(docs.path))
      .limit(input.first);
    const words = query.split(" & ").map((word) => word.slice(0, -2));
    return rows.map(({ headings, ...row }) => ({
      ...row,
      heading: headings?.find((heading) => words.some((word) => heading.text.toLowerCase().includes(word))) ?? null,
    }));
  },
});
