import { jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { updatedAt, version } from "./columns.ts";
import { users } from "./users.ts";

/** Typed site settings, one row per group (analytics, contact recipients, banner, maintenance). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  version: version(),
  updatedAt: updatedAt(),
  updatedById: uuid("updated_by_id").references(() => users.id, { onDelete: "set null" }),
});
