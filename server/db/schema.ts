import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

/** Roles are not shown by the spec; the product needs them (issue 3). */
export const roleEnum = pgEnum("role", ["admin", "editor", "viewer"]);
/** Invited: an admin asked them in and they have not signed in yet. Disabled: signed out and refused. */
export const userStatusEnum = pgEnum("user_status", ["invited", "active", "disabled"]);
export const colorModeEnum = pgEnum("color_mode", ["light", "dark", "system"]);
export const organizationKindEnum = pgEnum("organization_kind", ["clinic", "hospital", "distributor", "research_site"]);
/** Certification to run the equipment (the Get Certified programme): in training, certified, or lapsed. */
export const certificationStatusEnum = pgEnum("certification_status", [
  "not_certified",
  "in_training",
  "certified",
  "lapsed",
]);

const createdAt = timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/** Optimistic concurrency: an update names the version it edits, and every update adds one. */
const version = integer("version").notNull().default(1);

/** A person at a named contact point of an organization (not necessarily a user of the site). */
export type OrganizationContact = { name: string; role: string | null; email: string | null; phone: string | null };
/** The equipment an organization runs, by product and number of units. */
export type OrganizationProduct = { product: "v4" | "v5"; units: number };

/** A clinic, hospital, distributor or research site that runs or sells the equipment. */
export const organizations = pgTable(
  "organizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    kind: organizationKindEnum("kind").notNull(),
    street: text("street").notNull().default(""),
    city: text("city").notNull(),
    region: text("region").notNull().default(""),
    postalCode: text("postal_code").notNull().default(""),
    /** ISO 3166-1 alpha-2. */
    country: text("country").notNull(),
    phone: text("phone"),
    email: text("email"),
    website: text("website"),
    contacts: jsonb("contacts").$type<OrganizationContact[]>().notNull().default([]),
    products: jsonb("products").$type<OrganizationProduct[]>().notNull().default([]),
    /** Shown on the public locations page. */
    publicListing: boolean("public_listing").notNull().default(false),
    certificationStatus: certificationStatusEnum("certification_status").notNull().default("not_certified"),
    certifiedUntil: date("certified_until", { mode: "string" }),
    version,
    createdAt,
    updatedAt,
  },
  (table) => [
    uniqueIndex("organizations_name").on(sql`lower(${table.name})`),
    index("organizations_sort_city").on(sql`lower(${table.city})`, table.id),
    index("organizations_search").using("gin", sql`lower(${table.name} || ' ' || ${table.city}) gin_trgm_ops`),
    index("organizations_listed")
      .on(table.country, table.city)
      .where(sql`${table.publicListing}`),
  ],
);

/** A person known to the site: invited by an admin, or upserted from their identity token at sign-in. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The identity provider that vouches for this person, and their subject there (unset while invited). */
    issuer: text("issuer"),
    subject: text("subject"),
    email: text("email"),
    name: text("name"),
    /** The name was written in the portal (settings): a provider's name no longer replaces it at sign-in. */
    nameChosen: boolean("name_chosen").notNull().default(false),
    picture: text("picture"),
    role: roleEnum("role").notNull().default("viewer"),
    status: userStatusEnum("status").notNull().default("active"),
    organizationId: uuid("organization_id").references((): AnyPgColumn => organizations.id, { onDelete: "set null" }),
    colorMode: colorModeEnum("color_mode").notNull().default("system"),
    /** Mail when something changes about their account: a role, a token, being signed out by an admin. */
    notifyAccountChanges: boolean("notify_account_changes").notNull().default(true),
    /** Mail when their account signs in from a browser it has not used before. */
    notifyNewSignIn: boolean("notify_new_sign_in").notNull().default(true),
    invitedById: uuid("invited_by_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    invitationExpiresAt: timestamp("invitation_expires_at", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    version,
    createdAt,
    updatedAt,
  },
  (table) => [
    uniqueIndex("users_issuer_subject").on(table.issuer, table.subject),
    index("users_email").on(sql`lower(${table.email})`),
    index("users_organization").on(table.organizationId),
    // The list's sort orders, each ending in the id that breaks ties (keyset pagination).
    index("users_created").on(table.createdAt, table.id),
    index("users_sort_name").on(sql`lower(coalesce(${table.name}, ${table.email}, ''))`, table.id),
    index("users_sort_email").on(sql`lower(coalesce(${table.email}, ''))`, table.id),
    index("users_sort_last_sign_in").on(sql`coalesce(${table.lastLoginAt}, '-infinity'::timestamptz)`, table.id),
    index("users_search").using(
      "gin",
      sql`lower(coalesce(${table.name}, '') || ' ' || coalesce(${table.email}, '')) gin_trgm_ops`,
    ),
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
    /** How people and admins refer to a session (to end it) without knowing its secret. */
    id: uuid("id").notNull().unique().defaultRandom(),
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
    /** The client address at sign-in, shown with the session so its owner can recognise it. */
    address: text("address"),
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

/** Typed site settings, one row per group (analytics, contact recipients, banner, maintenance). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  version,
  updatedAt,
  updatedById: uuid("updated_by_id").references(() => users.id, { onDelete: "set null" }),
});

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
    createdAt,
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("personal_access_tokens_user").on(table.userId)],
);

/** Binary data: Buffer from node-postgres, Uint8Array from PGlite; Uint8Array to the code above. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/**
 * A person's own picture, uploaded in their settings: always a 256 px square WebP that
 * the server made from what was uploaded (metadata stripped).
 */
export const userPictures = pgTable("user_pictures", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  image: bytea("image").notNull(),
  updatedAt,
});
