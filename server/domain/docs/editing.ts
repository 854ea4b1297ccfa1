import { and, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { docs, users } from "../../db/schema/index.ts";
import { NotFoundError } from "../core/errors.ts";
import { id, likePattern, searchText } from "../core/fields.ts";
import { listInput, type Connection } from "../core/pagination.ts";
import { getRevision, listRevisions, type Revision } from "../core/revisions.ts";
import { docEntity, type Doc } from "./entity.ts";
import { docFields } from "./fields.ts";
import { brokenLinks } from "./place.ts";
import { docStatus, type DocStatus } from "./read.ts";
import { imagesFor, renderDocBody } from "./rendering.ts";
import { imagesGone, showImages, slotIds } from "../../markdown/image-slots.ts";
import type { DocHeading, DocProblem } from "../../markdown/docs.ts";
import type { DocRevisionData } from "./write-support.ts";

/** What editors and admins read: docs with their drafts, the trash, history, and the live preview. */

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

export type DocEditor = { id: string; name: string };

/** Who last edited each of these docs (a doc whose editor's account is gone is left out). */
export const getDocEditors = docEntity.read({
  operation: "preview",
  doing: "see who edited docs",
  input: z.object({ ids: z.array(id).max(500) }),
  run: async (scope, input): Promise<Map<string, DocEditor>> => {
    if (input.ids.length === 0) return new Map();
    const rows = await scope
      .select(
        { docId: docs.id, id: users.id, name: sql<string>`coalesce(${users.name}, ${users.email}, 'Someone')` },
        inArray(docs.id, input.ids),
      )
      .innerJoin(users, eq(users.id, docs.updatedById));
    return new Map(rows.map((row) => [row.docId, { id: row.id, name: row.name }]));
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

export type DocPreview = { html: string; headings: DocHeading[]; brokenLinks: string[]; problems: DocProblem[] };

/**
 * The editor's live preview: unsaved markdown rendered exactly as the page will be, with
 * its links to docs that do not exist and what the writer should fix (the renderer's
 * findings, and images the library no longer has).
 */
export const previewDocBody = docEntity.read({
  operation: "preview",
  doing: "preview docs",
  input: z.object({ body: docFields.body }),
  run: async (scope, input): Promise<DocPreview> => {
    const rendered = await renderDocBody(input.body);
    const library = await imagesFor(scope.db, slotIds(rendered.images));
    return {
      html: showImages(rendered.html, rendered.images, library),
      headings: rendered.headings,
      brokenLinks: await brokenLinks(scope.db, rendered.docLinks),
      problems: [...rendered.problems, ...imagesGone(rendered.images, library)].toSorted(
        (a, b) => (a.line ?? Infinity) - (b.line ?? Infinity),
      ),
    };
  },
});
