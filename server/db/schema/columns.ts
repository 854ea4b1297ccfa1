import { integer, timestamp } from "drizzle-orm/pg-core";

/** Columns most tables share. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/**
 * Optimistic concurrency: an update names the version it edits, and every update adds one
 * (the domain's row helpers do both: server/domain/core/rows.ts).
 */
export const version = () => integer("version").notNull().default(1);
