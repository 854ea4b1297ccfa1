import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * The audit trail: one row per write, in the same transaction as the write. Labels are
 * copied at the time, so the trail still reads right after a rename or a deletion.
 */
export type ActivityChanges = Record<string, { from: unknown; to: unknown }>;

export const activity = pgTable(
  "activity",
  {
    /** Grows with every row: the cursor of a page never shifts when rows arrive. */
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    /** "session", "token" (a personal access token) or "system" (seeding, sign-in). */
    via: text("via").notNull(),
    /** entity.operation, e.g. "user.changeRole". */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    targetLabel: text("target_label").notNull().default(""),
    changes: jsonb("changes").$type<ActivityChanges>().notNull().default({}),
    address: text("address"),
    userAgent: text("user_agent"),
  },
  (table) => [
    // Every list is newest first by (at, id): each filter has an index that ends in that order.
    index("activity_at").on(table.at, table.id),
    index("activity_actor").on(table.actorId, table.at, table.id),
    index("activity_action").on(table.action, table.at, table.id),
    index("activity_target").on(table.targetType, table.at, table.id),
    index("activity_target_id").on(table.targetId, table.at, table.id),
    index("activity_search").using("gin", sql`lower(${table.actorLabel} || ' ' || ${table.targetLabel}) gin_trgm_ops`),
  ],
);
