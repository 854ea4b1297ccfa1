import { z } from "zod";
import { certificationStatusEnum, organizationKindEnum } from "../../db/schema/index.ts";
import { productIds } from "../../../shared/product-line.ts";
import { email, oneLine, optionalLine, phone, requiredLine } from "../core/fields.ts";
import { product } from "../core/product.ts";
import type { OrganizationContact, OrganizationProduct } from "./entity.ts";

/** The input fields of an organization, each with a message a person can act on. */

export const organizationKind = z
  .enum(organizationKindEnum.enumValues, { error: "Choose the kind of organization from the list." })
  .meta({ id: "OrganizationKind" });
export const certificationStatus = z
  .enum(certificationStatusEnum.enumValues, { error: "Choose a certification status from the list." })
  .meta({
    id: "CertificationStatus",
    description: "Certification to run the equipment, from the Get Certified programme.",
  });

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

/** Codes the region names know that are no country: groupings, pseudo-regions and "Unknown Region". */
const notCountries = new Set(["EU", "EZ", "UN", "QO", "XA", "XB", "ZZ"]);

/** An ISO 3166-1 alpha-2 code that names a real country or territory, as it is today (GB, not UK). */
export const country = oneLine("the country", { error: "Choose a country." })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "Choose a country.")
  .refine(
    (code) =>
      // The region names throw on anything but two letters ("Germany", "DEU"): the regex above says why.
      !/^[A-Z]{2}$/.test(code) ||
      (regionNames.of(code) !== code &&
        !notCountries.has(code) &&
        Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`),
    "Choose a country from the list.",
  );

export function countryName(code: string): string {
  return regionNames.of(code) ?? code;
}

const optionalEmail = oneLine("the email address")
  .trim()
  .max(320, "That email address is too long.")
  .nullish()
  .transform((value) => (value ? value.toLowerCase() : null))
  .pipe(email.nullable());

const website = oneLine("the website")
  .trim()
  .max(300, "Use at most 300 characters.")
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(
    z.url({ protocol: /^https$/, error: "Enter the full https address, like https://www.example.com." }).nullable(),
  );

const contact = z
  .object({
    name: optionalLine("the contact's name", 120),
    role: optionalLine("the contact's role", 120),
    email: optionalEmail,
    phone,
  })
  .meta({
    id: "OrganizationContactInput",
    description: "A person at a named contact point. A row left blank is no contact.",
  });

/** Contacts as typed in a form: rows left blank are dropped, and a row with anything in it needs a name. */
const contacts = z
  .array(contact)
  .max(10, "Keep at most 10 contacts.")
  .superRefine((rows, context) => {
    rows.forEach((row, index) => {
      if (!row.name && (row.role || row.email || row.phone)) {
        context.addIssue({ code: "custom", path: [index, "name"], message: "Enter the contact's name." });
      }
    });
  })
  .transform((rows): OrganizationContact[] => rows.flatMap((row) => (row.name ? [{ ...row, name: row.name }] : [])));

const productUnits = z
  .object({
    product,
    units: z
      .number({ error: "Enter how many units." })
      .int("Enter a whole number of units.")
      .min(0, "Enter 0 or more units.")
      .max(10_000, "At most 10,000 units."),
  })
  .meta({ id: "OrganizationProductInput", description: "A product and how many units run; 0 means none." });

/** The equipment an organization runs: each product once; a product with 0 units is not kept. */
const productList = z
  .array(productUnits)
  .max(productIds.length)
  .refine(
    (list) => new Set(list.map((item) => item.product)).size === list.length,
    "List each product once, with its number of units.",
  )
  .transform((list): OrganizationProduct[] => list.filter((item) => item.units > 0));

const certifiedUntil = z.iso
  .date("Enter a date, like 2027-06-30.")
  .nullish()
  .transform((value) => value ?? null);

/**
 * A certified organization says until when. Checked even when other fields have problems
 * (the form shows every problem at once), as long as these two fields are readable.
 */
export function certifiedNeedsDate<
  Schema extends z.ZodType<{ certificationStatus?: string; certifiedUntil?: string | null }>,
>(schema: Schema) {
  return schema.refine((value) => value.certificationStatus !== "certified" || Boolean(value.certifiedUntil), {
    message: "Enter the date the certification runs until.",
    path: ["certifiedUntil"],
    when: (payload) =>
      !payload.issues.some((issue) => ["certificationStatus", "certifiedUntil"].includes(String(issue.path?.[0]))),
  });
}

/** Everything about an organization, as creating or editing one takes it. */
export const organizationFields = {
  name: requiredLine("the organization's name", 160, "Enter the organization's name."),
  kind: organizationKind,
  street: optionalLine("the street", 200).transform((value) => value ?? ""),
  city: requiredLine("the city", 120, "Enter the city."),
  region: optionalLine("the region", 120).transform((value) => value ?? ""),
  postalCode: optionalLine("the postal code", 20).transform((value) => value ?? ""),
  country,
  phone,
  email: optionalEmail,
  website,
  contacts: contacts.default([]),
  products: productList.default([]),
  publicListing: z.boolean().default(false),
  certificationStatus: certificationStatus.default("not_certified"),
  certifiedUntil,
};

export const certificationFields = { certificationStatus, certifiedUntil };
