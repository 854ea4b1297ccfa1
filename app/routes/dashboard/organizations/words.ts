import { productLabelsBy } from "../../../../shared/product-line.ts";
import type { ApiEnum } from "../../../lib/graphql.ts";

/** The organizations page's words for the API's values; each map names every value of its enum (a type checks it). */

export const kindLabels = {
  clinic: "Clinic",
  hospital: "Hospital",
  distributor: "Distributor",
  research_site: "Research site",
} satisfies Record<ApiEnum<"OrganizationKind">, string>;

export const certificationLabels = {
  not_certified: "Not certified",
  in_training: "In training",
  certified: "Certified",
  lapsed: "Lapsed",
} satisfies Record<ApiEnum<"CertificationStatus">, string>;

export const organizationSorts = {
  name: "Name",
  city: "City",
  created: "Added",
  updated: "Last changed",
} satisfies Record<ApiEnum<"OrganizationSort">, string>;

/** The products an organization may run, newest first: the order the form asks for them. */
export const productLabels = productLabelsBy((product) => `${product.short} units`) satisfies Record<
  ApiEnum<"Product">,
  string
>;

export const listingLabels = { listed: "Listed", unlisted: "Not listed" } as const;

export const maxContacts = 10;
