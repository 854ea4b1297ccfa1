import type { ProductId } from "../../../shared/product-line.ts";
import { sql } from "drizzle-orm";
import { boolean, date, index, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, version } from "./columns.ts";

/** The kinds of organization that run or sell the equipment. */
export const organizationKindEnum = pgEnum("organization_kind", ["clinic", "hospital", "distributor", "research_site"]);
/** Certification to run the equipment (the Get Certified programme): in training, certified, or lapsed. */
export const certificationStatusEnum = pgEnum("certification_status", [
  "not_certified",
  "in_training",
  "certified",
  "lapsed",
]);

/** A person at a named contact point of an organization (not necessarily a user of the site). */
export type OrganizationContact = { name: string; role: string | null; email: string | null; phone: string | null };
/** The equipment an organization runs, by product and number of units. */
export type OrganizationProduct = { product: ProductId; units: number };

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
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
