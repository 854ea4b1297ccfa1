import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { roleEnum, users } from "./users.ts";

/**
 * Personal access tokens for scripts. Only a SHA-256 of the token is stored; the token
 * is shown once. It acts with its own role, capped by its owner's current one.
 */
export const personalAccessTokens = pgTable(
  "personal_access_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The token's first characters, so its owner can tell tokens apart. */
    prefix: text("prefix").notNull(),
    role: roleEnum("role").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("personal_access_tokens_user").on(table.userId)],
);
