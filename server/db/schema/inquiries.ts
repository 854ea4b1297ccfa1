import { productIds } from "../../../shared/product-line.ts";
import { sql } from "drizzle-orm";
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, version } from "./columns.ts";
import { users } from "./users.ts";

/** What a visitor writes about, from the contact form's topic list. */
export const inquiryTopicEnum = pgEnum("inquiry_topic", ["sales", "support", "service", "billing", "general"]);
/** New until someone picks it up; closed when answered. */
export const inquiryStatusEnum = pgEnum("inquiry_status", ["new", "in_progress", "closed"]);
/** The product a visitor asks about: one of the two generations, or not sure. */
export const inquiryProductEnum = pgEnum("inquiry_product", [...productIds, "unsure"]);

/**
 * A message sent from the public contact form (Sales & Support). It is personal data:
 * purged after the retention period, and deleted on request with everything about the
 * person who sent it.
 */
export const inquiries = pgTable(
  "inquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Quoted to the visitor for support topics (SR-7K3P9Q); sales and general questions have none. */
    reference: text("reference"),
    topic: inquiryTopicEnum("topic").notNull(),
    status: inquiryStatusEnum("status").notNull().default("new"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    organization: text("organization").notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text("country").notNull(),
    /** State, province or region, as typed. */
    region: text("region").notNull().default(""),
    product: inquiryProductEnum("product").notNull(),
    serialNumber: text("serial_number"),
    message: text("message").notNull(),
    /** The visitor agreed to be contacted about this message (the form requires it). */
    consentToContact: boolean("consent_to_contact").notNull(),
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("inquiries_reference").on(table.reference),
    index("inquiries_created").on(table.createdAt, table.id),
    index("inquiries_status").on(table.status, table.createdAt),
    index("inquiries_assignee").on(table.assigneeId),
    index("inquiries_email").on(sql`lower(${table.email})`),
  ],
);

/** Staff's internal notes on an inquiry, never shown to the visitor. */
export const inquiryNotes = pgTable(
  "inquiry_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    inquiryId: uuid("inquiry_id")
      .notNull()
      .references(() => inquiries.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The author's name when they wrote it: the note still says who after their account is gone. */
    authorLabel: text("author_label").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("inquiry_notes_inquiry").on(table.inquiryId, table.createdAt)],
);

/**
 * Keys the server makes for itself and every process shares (the public forms' tickets):
 * made by the first process that needs one, read by the others.
 */
export const serverKeys = pgTable("server_keys", {
  name: text("name").primaryKey(),
  key: text("key").notNull(),
  createdAt: createdAt(),
});
