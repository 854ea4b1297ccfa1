import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

/** Accounts of the embedded identity provider (used when no external OIDC issuer is configured). */
export const idpAccounts = pgTable(
  "idp_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** scrypt, self-describing: "scrypt$N$r$p$salt$hash". */
    passwordHash: text("password_hash").notNull(),
    /** Proven by following an emailed link (or set by the operator for the first admin). */
    emailVerified: boolean("email_verified").notNull().default(false),
    /**
     * Wrong passwords given for this account since it last signed in, and when the latest
     * was: shown to admins on the overview. Nothing is refused because of them (ADR 011).
     */
    failedSignIns: integer("failed_sign_ins").notNull().default(0),
    lastFailedSignInAt: timestamp("last_failed_sign_in_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("idp_accounts_email").on(sql`lower(${table.email})`),
    index("idp_accounts_failed_sign_ins")
      .on(table.lastFailedSignInAt)
      .where(sql`${table.failedSignIns} > 0`),
  ],
);

/** The embedded provider's signing keys: made once, kept across restarts and shared by every process. */
export const idpSigningKeys = pgTable("idp_signing_keys", {
  kid: text("kid").primaryKey(),
  privateJwk: jsonb("private_jwk").notNull(),
  createdAt: createdAt(),
});

/** oidc-provider's storage (authorization codes, sessions, interactions, grants…). */
export const idpPayloads = pgTable(
  "idp_payloads",
  {
    kind: text("kind").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").notNull(),
    grantId: text("grant_id"),
    userCode: text("user_code"),
    uid: text("uid"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("idp_payloads_kind_id").on(table.kind, table.id),
    index("idp_payloads_grant").on(table.grantId),
    index("idp_payloads_uid").on(table.uid),
  ],
);

/**
 * A password-reset link of the embedded provider. Only the token's SHA-256 is kept;
 * a link works once, for a short time, and a newer one or a changed password voids it.
 */
export const idpPasswordResets = pgTable(
  "idp_password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => idpAccounts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("idp_password_resets_account").on(table.accountId)],
);
