import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import type { ImageSlots } from "../../markdown/image-slots.ts";
import type { DocProblem } from "../../markdown/problems.ts";
import { createdAt, updatedAt, version } from "./columns.ts";
import { productEnum } from "./products.ts";
import { revisions } from "./revisions.ts";
import { users } from "./users.ts";

/** PostgreSQL's full-text document; written with SQL (`to_tsvector`), never read back. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** A heading of a doc, as its table of contents and search show it. */
export type DocHeading = { id: string; text: string; depth: number };

/**
 * A page of the documentation. Its words (`title`, `description`, `body`), its place in
 * the tree (`parentId`, `slug`, `position`, and `path`, the slugs from the top joined by
 * "/") and the product generations it is for (`products`) are the latest saved: the head
 * of its history in `revisions`, what editors see. Readers see what was published: the
 * revision numbered `publishedRevision`, whose title, headings and text are copied here,
 * at the place and for the products it had then (`published*`), so that a rename or a move
 * waits for publishing as the words do. A published move leaves a redirect behind
 * (`doc_redirects`). A page that exists for each generation names its other version
 * (`counterpartId`). A deleted doc waits in the trash (`deletedAt`) until an admin empties
 * it; its paths are free meanwhile.
 */
export const docs = pgTable(
  "docs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    parentId: uuid("parent_id").references((): AnyPgColumn => docs.id),
    slug: text("slug").notNull(),
    path: text("path").notNull(),
    position: integer("position").notNull().default(0),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    body: text("body").notNull().default(""),
    /** The product generations the page is for: one, or both. */
    products: productEnum("products")
      .array()
      .notNull()
      .default(sql`'{v4,v5}'::release_product[]`),
    /** The same page for the other generation (a v5 page's v4 version), if there is one. */
    counterpartId: uuid("counterpart_id").references((): AnyPgColumn => docs.id, { onDelete: "set null" }),
    /** The number of the latest revision (what `title`, `description` and `body` hold). */
    headRevision: integer("head_revision").notNull().default(1),
    /** The revision readers see; none while the doc is a draft or unpublished. */
    publishedRevision: integer("published_revision"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    publishedTitle: text("published_title"),
    publishedDescription: text("published_description"),
    /** Where readers find it, under which page and in which order, and for which products: as published. */
    publishedParentId: uuid("published_parent_id").references((): AnyPgColumn => docs.id, { onDelete: "set null" }),
    publishedPath: text("published_path"),
    publishedPosition: integer("published_position"),
    publishedProducts: productEnum("published_products").array(),
    /** The published revision as plain text and its headings: search, and its snippets. */
    publishedText: text("published_text"),
    publishedHeadings: jsonb("published_headings").$type<DocHeading[]>(),
    search: tsvector("search"),
    /** The head revision's links to docs that do not exist (a warning for editors, never a block). */
    brokenLinks: text("broken_links")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    updatedById: uuid("updated_by_id").references(() => users.id, { onDelete: "set null" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedById: uuid("deleted_by_id").references(() => users.id, { onDelete: "set null" }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("docs_path")
      .on(table.path)
      .where(sql`deleted_at is null`),
    uniqueIndex("docs_published_path")
      .on(table.publishedPath)
      .where(sql`deleted_at is null and published_path is not null`),
    index("docs_published_children").on(table.publishedParentId, table.publishedPosition, table.id),
    uniqueIndex("docs_counterpart")
      .on(table.counterpartId)
      .where(sql`counterpart_id is not null`),
    index("docs_children").on(table.parentId, table.position, table.id),
    index("docs_updated").on(table.updatedAt, table.id),
    index("docs_trash")
      .on(table.deletedAt)
      .where(sql`deleted_at is not null`),
    index("docs_search").using("gin", table.search),
    index("docs_title_search").using("gin", sql`lower(${table.title}) gin_trgm_ops`),
  ],
);

/**
 * Where a doc used to live. A move leaves one row per old path (its subtree's too);
 * a reader who follows an old link is sent on to the doc's current path. The row goes
 * when a doc takes that path again.
 */
export const docRedirects = pgTable("doc_redirects", {
  fromPath: text("from_path").primaryKey(),
  docId: uuid("doc_id")
    .notNull()
    .references(() => docs.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/**
 * A revision's page as readers see it, rendered when the revision was written (in the
 * render pool, ADR 037), so that no reader ever waits for a render: its HTML with a marker
 * where each library image goes (placed when the page is served, so a replaced image
 * needs no render), its contents, its words for search, the files and docs it names, and
 * what its writer should fix. `renderer` is the renderer's version that made it: an older
 * one is made again in the background (`refreshDocRenders`), the old page served meanwhile.
 * Only the head and the published revision of a doc keep one; older ones are rendered on
 * demand (a preview of history is rare).
 */
export const docRenders = pgTable(
  "doc_renders",
  {
    revisionId: uuid("revision_id")
      .primaryKey()
      .references(() => revisions.id, { onDelete: "cascade" }),
    docId: uuid("doc_id")
      .notNull()
      .references(() => docs.id, { onDelete: "cascade" }),
    renderer: integer("renderer").notNull().default(0),
    html: text("html").notNull(),
    headings: jsonb("headings").$type<DocHeading[]>().notNull(),
    imageSlots: jsonb("image_slots").$type<ImageSlots>().notNull().default({ key: "", slots: [] }),
    text: text("text").notNull().default(""),
    mediaIds: text("media_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    docLinks: text("doc_links")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    problems: jsonb("problems").$type<DocProblem[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [index("doc_renders_doc").on(table.docId)],
);

/**
 * A preview link: while it lasts, an editor or admin who opens the docs with it (or with
 * its cookie) sees drafts. Anyone else who has it sees what they always see. Kept as a
 * SHA-256 hash, like sessions.
 */
export const previewTokens = pgTable(
  "preview_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    /** Show drafts exactly as readers will see them, without the editors' draft marks. */
    staging: boolean("staging").notNull().default(false),
    createdById: uuid("created_by_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("preview_tokens_hash").on(table.tokenHash),
    index("preview_tokens_expiry").on(table.expiresAt),
  ],
);

/**
 * An editor's unsaved work on a doc (or on a new page: `docId` null), kept on the server as
 * they type, so another browser, a reload or a crash loses nothing. One per person and doc;
 * the doc's version the work started from (`baseVersion`, with its revision) tells a copy
 * written against an older revision. Gone once the work is saved or discarded.
 */
export const docWorkingCopies = pgTable(
  "doc_working_copies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    docId: uuid("doc_id").references(() => docs.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    parentId: uuid("parent_id"),
    position: integer("position"),
    description: text("description").notNull(),
    products: productEnum("products").array().notNull(),
    counterpartId: uuid("counterpart_id"),
    body: text("body").notNull(),
    baseVersion: integer("base_version").notNull(),
    baseRevision: integer("base_revision").notNull(),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull(),
  },
  (table) => [unique("doc_working_copies_person_doc").on(table.userId, table.docId).nullsNotDistinct()],
);

/**
 * Who has a doc open in the editor, and since when: each open editor says so every few
 * seconds, and one not heard from for a minute has gone.
 */
export const docPresence = pgTable(
  "doc_presence",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    docId: uuid("doc_id")
      .notNull()
      .references(() => docs.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    since: timestamp("since", { withTimezone: true }).notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("doc_presence_doc_person").on(table.docId, table.userId),
    index("doc_presence_seen").on(table.seenAt),
  ],
);
