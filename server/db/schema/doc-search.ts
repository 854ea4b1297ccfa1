import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, version } from "./columns.ts";
import { docs } from "./docs.ts";

/**
 * What the docs search knows beside each published doc's full-text vector (`docs.search`),
 * written when a doc is published and removed when it is unpublished or trashed
 * (server/domain/docs/search-index.ts). A doc's rows go with it when it is deleted for good.
 */

/**
 * The words a published doc gave the lexicon, so that unpublishing it (or publishing a
 * new revision) takes exactly those back. A published doc without a row here has not
 * been indexed yet (published before the index existed, or by an older `format`).
 */
export const docSearchWords = pgTable("doc_search_words", {
  docId: uuid("doc_id")
    .primaryKey()
    .references(() => docs.id, { onDelete: "cascade" }),
  /** How the words were found: a newer way of finding them indexes the doc again. */
  format: integer("format").notNull(),
  words: text("words")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/**
 * Every word of the published docs, with how many docs hold it: where a mistyped word is
 * matched (trigram similarity), and where "wifi" learns that the docs write "wi-fi".
 * `joined` is the word without its hyphens; `stem` is its English stem (none for a word
 * with hyphens), which tells "calibrate" is a known word though only "calibration" is written.
 */
export const docSearchLexicon = pgTable(
  "doc_search_lexicon",
  {
    word: text("word").primaryKey(),
    joined: text("joined").notNull(),
    stem: text("stem"),
    docs: integer("docs").notNull(),
  },
  (table) => [
    index("doc_search_lexicon_joined").on(table.joined),
    index("doc_search_lexicon_stem").on(table.stem),
    index("doc_search_lexicon_trigrams").using("gin", sql`${table.word} gin_trgm_ops`),
  ],
);

/**
 * The error codes (E-204, E204) a published doc mentions, one row per code, normalised
 * (`code` "E204", `digits` "204"), with the line that mentions it best (a table row or
 * list item as text) and the heading it sits under. `defines` is true where the doc
 * lists the code itself (first in its table row, or in a heading), not only mentions it.
 */
export const docSearchCodes = pgTable(
  "doc_search_codes",
  {
    docId: uuid("doc_id")
      .notNull()
      .references(() => docs.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    digits: text("digits").notNull(),
    defines: boolean("defines").notNull(),
    line: text("line").notNull(),
    headingId: text("heading_id"),
  },
  (table) => [
    primaryKey({ name: "doc_search_codes_pkey", columns: [table.docId, table.code] }),
    index("doc_search_codes_code").on(table.code),
    index("doc_search_codes_digits").on(table.digits),
  ],
);

/**
 * A group of search terms that mean the same to readers ("wifi, wireless, wlan"): a
 * search for one also finds the others. Editors keep the list (the docs admin page).
 */
export const searchSynonyms = pgTable("search_synonyms", {
  id: uuid("id").primaryKey().defaultRandom(),
  terms: text("terms").array().notNull(),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
