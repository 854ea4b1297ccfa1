import { and, isNotNull, isNull } from "drizzle-orm";
import { docs } from "../../db/schema/index.ts";
import { allow, hasRole, type Rule } from "../core/access.ts";
import { defineEntity, type RowVerdict } from "../core/entity.ts";
import { ConflictError } from "../core/errors.ts";

export type Doc = typeof docs.$inferSelect;

/** Viewers read what is published and not in the trash; editors and admins every doc. */
const readable: Rule = (actor) => {
  if (actor === null) return false;
  return hasRole(actor, "editor") ? true : (and(isNull(docs.deletedAt), isNotNull(docs.publishedRevision)) ?? false);
};

/** A doc in the trash is left alone until an admin restores it. */
const live = (doc: Doc): RowVerdict =>
  doc.deletedAt
    ? new ConflictError(`“${doc.title}” is in the trash: an admin can restore it from the docs page first.`)
    : "allowed";

/**
 * The documentation: markdown pages in a tree, with drafts and a history (`revisions`).
 * Editors and admins write and publish; every signed-in person reads what is published.
 * Only admins bring a doc back from the trash or empty it.
 */
export const docEntity = defineEntity({
  name: "doc",
  plural: "Docs",
  table: docs,
  label: (doc) => doc.title,
  notFound: "There is no doc there, or it is not published yet.",
  rules: {
    read: readable,
    /** Drafts side by side with the published docs, and the editor's live preview. */
    preview: allow.role("editor"),
    create: allow.role("editor"),
    save: allow.role("editor"),
    publish: allow.role("editor"),
    unpublish: allow.role("editor"),
    restoreRevision: allow.role("editor"),
    delete: allow.role("editor"),
    /** The trash: what is in it, bringing a doc back, and emptying it. */
    trash: allow.role("admin"),
  },
  rowChecks: {
    save: live,
    publish: (doc) => (doc.deletedAt ? live(doc) : doc.publishedRevision === doc.headRevision ? "done" : "allowed"),
    unpublish: (doc) => (doc.deletedAt ? live(doc) : doc.publishedRevision === null ? "done" : "allowed"),
    restoreRevision: live,
    delete: (doc) => (doc.deletedAt ? "done" : "allowed"),
    trash: (doc) => (doc.deletedAt ? "allowed" : "done"),
  },
  actions: {
    create: { words: "added the doc", label: "Doc added" },
    save: { words: "edited the doc", label: "Doc edited" },
    move: { words: "moved the doc", label: "Doc moved" },
    publish: { words: "published the doc", label: "Doc published" },
    unpublish: { words: "unpublished the doc", label: "Doc unpublished" },
    restoreRevision: { words: "restored an earlier revision of the doc", label: "Doc revision restored" },
    delete: { words: "moved to the trash the doc", label: "Doc moved to the trash" },
    restore: { words: "brought back from the trash the doc", label: "Doc restored from the trash" },
    purge: { words: "deleted for good the doc", label: "Doc deleted for good" },
    preview: { words: "opened a drafts preview of the docs", label: "Docs preview opened" },
  },
});
