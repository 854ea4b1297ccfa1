import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt, version } from "./columns.ts";
import { organizations } from "./organizations.ts";
import { productEnum } from "./products.ts";

/** Roles are not shown by the spec; the product needs them. */
export const roleEnum = pgEnum("role", ["admin", "editor", "viewer"]);
/** Invited: an admin asked them in and they have not signed in yet. Disabled: signed out and refused. */
export const userStatusEnum = pgEnum("user_status", ["invited", "active", "disabled"]);
export const colorModeEnum = pgEnum("color_mode", ["light", "dark", "system"]);
/**
 * Duties an admin gives someone beyond their role: `inquiries` reads and answers the
 * contact form's messages and the certification applications (personal data).
 */
export const userGrants = ["inquiries"] as const;
export type UserGrant = (typeof userGrants)[number];

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
    /** Where the person's picture is shown from: a provider's https address, or this site's own (`picturePath`). */
    picture: text("picture"),
    /** The stored file of a picture uploaded here (a blob key, ADR 021). */
    pictureFile: text("picture_file"),
    role: roleEnum("role").notNull().default("viewer"),
    grants: text("grants")
      .array()
      .$type<UserGrant[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: userStatusEnum("status").notNull().default("active"),
    organizationId: uuid("organization_id").references((): AnyPgColumn => organizations.id, { onDelete: "set null" }),
    colorMode: colorModeEnum("color_mode").notNull().default("system"),
    /** The product generation the docs show them; none: their organization's, else the newest. */
    docsProduct: productEnum("docs_product"),
    /** Mail when something changes about their account: a role, a token, being signed out by an admin. */
    notifyAccountChanges: boolean("notify_account_changes").notNull().default(true),
    /** Mail when their account signs in from a browser it has not used before. */
    notifyNewSignIn: boolean("notify_new_sign_in").notNull().default(true),
    invitedById: uuid("invited_by_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    invitationExpiresAt: timestamp("invitation_expires_at", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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

/** Binary data: Buffer from node-postgres, Uint8Array from PGlite; Uint8Array to the code above. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/**
 * Pictures as they were kept before the file store (ADR 021): each start carries what is
 * left here into the store (`carryPicturesIntoStore`) and deletes the row, so the table
 * is empty after the first start of this version. Nothing else reads or writes it; a later
 * migration drops it, once every deployment has started this version.
 */
export const userPictures = pgTable("user_pictures", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  image: bytea("image").notNull(),
  updatedAt: updatedAt(),
});
