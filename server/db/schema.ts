import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Roles are not shown by the spec; the product needs them (issue 3). */
export const roleEnum = pgEnum("role", ["admin", "editor", "viewer"]);

const createdAt = timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** A person known to the site, upserted from their identity token at each sign-in. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The identity provider that vouches for this person, and their subject there. */
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    email: text("email"),
    name: text("name"),
    picture: text("picture"),
    role: roleEnum("role").notNull().default("viewer"),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    createdAt,
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_issuer_subject").on(table.issuer, table.subject),
    index("users_email").on(table.email),
  ],
);

/**
 * A signed-in browser. The cookie holds a random token; only its SHA-256 is stored,
 * so a leaked table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Kept server-side for RP-initiated logout (`id_token_hint`); never sent to the browser. */
    idToken: text("id_token"),
    createdAt,
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end of the session, however active it is. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
  },
  (table) => [index("sessions_user").on(table.userId), index("sessions_expires").on(table.expiresAt)],
);

/** A sign-in in progress: the state, nonce and PKCE verifier of one authorization request. */
export const loginTransactions = pgTable("login_transactions", {
  state: text("state").primaryKey(),
  nonce: text("nonce").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  returnTo: text("return_to").notNull(),
  /** Binds the transaction to the browser that started it (a hash of its cookie). */
  browserHash: text("browser_hash").notNull(),
  createdAt,
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Outgoing mail: written in the same transaction as the change that causes it, delivered after. */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    createdAt,
    sentAt: timestamp("sent_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
  },
  (table) => [
    index("outbox_pending")
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null`),
  ],
);

/** Fixed-window counters for rate limits shared by every server process. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

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
    failedAttempts: integer("failed_attempts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt,
  },
  (table) => [uniqueIndex("idp_accounts_email").on(sql`lower(${table.email})`)],
);

/** The embedded provider's signing keys: made once, kept across restarts and shared by every process. */
export const idpSigningKeys = pgTable("idp_signing_keys", {
  kid: text("kid").primaryKey(),
  privateJwk: jsonb("private_jwk").notNull(),
  createdAt,
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
    createdAt,
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("idp_password_resets_account").on(table.accountId)],
);
