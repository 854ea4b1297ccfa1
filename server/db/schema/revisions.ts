import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { users } from "./users.ts";

/** What made a revision: the first save, a later save, or bringing back an earlier revision. */
export const revisionEventEnum = pgEnum("revision_event", ["created", "saved", "restored"]);

/**
 * The history of an editable record, for any entity (docs first; releases and site
 * settings can keep theirs here too): one row per save, numbered 1, 2, 3… per record,
 * holding the record's editable fields as they were saved (`data`, shaped by the entity).
 * Revisions are never changed or deleted while their record lives; a restore is a new
 * revision (`restoredFrom` says which). Publishing marks the revision readers see.
 */
export const revisions = pgTable(
  "revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The entity's name, as the domain and the activity log call it: "doc". */
    entity: text("entity").notNull(),
    recordId: uuid("record_id").notNull(),
    number: integer("number").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    event: revisionEventEnum("event").notNull(),
    restoredFrom: integer("restored_from"),
    /** When this revision was first published (a record may publish several in turn). */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("revisions_record_number").on(table.entity, table.recordId, table.number),
    index("revisions_author").on(table.authorId),
  ],
);
