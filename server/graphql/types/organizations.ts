import { product } from "../../domain/core/product.ts";
import {
  certificationStatus,
  certifyOrganization,
  countOrganizations,
  countryName,
  createOrganization,
  deleteOrganization,
  getOrganization,
  listExpiringCertifications,
  listOrganizations,
  organizationEntity,
  organizationKind,
  setPublicListing,
  updateOrganization,
  type Organization,
  type OrganizationContact,
  type OrganizationProduct,
} from "../../domain/organizations/index.ts";
import { listUsers } from "../../domain/users/index.ts";
import { builder } from "../builder.ts";
import { enumRef } from "../from-zod.ts";
import { mutationField, queryField, rowCapabilities } from "../operations.ts";
import { connectionType } from "./pagination.ts";
import { OrganizationRef, UserRef } from "./refs.ts";

const ContactType = builder.objectRef<OrganizationContact>("OrganizationContact").implement({
  fields: (t) => ({
    name: t.exposeString("name"),
    role: t.exposeString("role", { nullable: true }),
    email: t.exposeString("email", { nullable: true }),
    phone: t.exposeString("phone", { nullable: true }),
  }),
});

const ProductCountType = builder.objectRef<OrganizationProduct>("OrganizationProduct").implement({
  description: "A product the organization runs, and how many units.",
  fields: (t) => ({
    product: t.expose("product", { type: enumRef(product) }),
    units: t.exposeInt("units"),
  }),
});

const OrganizationCan = rowCapabilities<Organization>(organizationEntity, (organization) => organization.id);

OrganizationRef.implement({
  description: "A clinic, hospital, distributor or research site that runs or sells the equipment.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    kind: t.expose("kind", { type: enumRef(organizationKind) }),
    street: t.exposeString("street"),
    city: t.exposeString("city"),
    region: t.exposeString("region"),
    postalCode: t.exposeString("postalCode"),
    country: t.exposeString("country", { description: "ISO 3166-1 alpha-2." }),
    countryName: t.string({ resolve: (organization) => countryName(organization.country) }),
    phone: t.exposeString("phone", { nullable: true }),
    email: t.exposeString("email", { nullable: true }),
    website: t.exposeString("website", { nullable: true }),
    contacts: t.field({ type: [ContactType], resolve: (organization) => organization.contacts }),
    products: t.field({ type: [ProductCountType], resolve: (organization) => organization.products }),
    publicListing: t.exposeBoolean("publicListing", { description: "Shown on the public locations page." }),
    certificationStatus: t.expose("certificationStatus", { type: enumRef(certificationStatus) }),
    certifiedUntil: t.expose("certifiedUntil", { type: "Date", nullable: true }),
    memberCount: t.int({
      resolve: (organization, _args, context) => context.loaders.memberCount.load(organization.id),
    }),
    members: t.field({
      type: [UserRef],
      description: "The people who belong to it (first 100 by name), as far as the reader may see them.",
      resolve: async (organization, _args, context) =>
        (await listUsers(context.domain, { organizationId: organization.id, sort: "name", first: 100 })).nodes,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    version: t.exposeInt("version", {
      description: "Name it when you change this organization: a newer one is a conflict.",
    }),
    can: t.field({ type: OrganizationCan, resolve: (organization) => organization }),
  }),
});

const OrganizationCounts = builder
  .objectRef<{ total: number; listed: number; certified: number }>("OrganizationCounts")
  .implement({
    fields: (t) => ({
      total: t.exposeInt("total"),
      listed: t.exposeInt("listed", { description: "Shown on the public locations page." }),
      certified: t.exposeInt("certified"),
    }),
  });

queryField("organizationCounts", { operation: countOrganizations, type: OrganizationCounts });
const OrganizationConnection = connectionType("Organization", OrganizationRef);

queryField("expiringCertifications", {
  operation: listExpiringCertifications,
  type: OrganizationConnection,
  description:
    "Certified organizations whose certification ends within withinDays (or has ended while still marked certified), the soonest first.",
});
queryField("organizations", {
  operation: listOrganizations,
  type: OrganizationConnection,
  description: "Organizations. Admins see all; others see their own.",
});
queryField("organization", { operation: getOrganization, type: OrganizationRef });

mutationField("createOrganization", { operation: createOrganization, type: OrganizationRef });
mutationField("updateOrganization", {
  operation: updateOrganization,
  type: OrganizationRef,
  description: "Replaces its details, at the version you read (a newer one is a conflict).",
});
mutationField("deleteOrganization", {
  operation: deleteOrganization,
  type: OrganizationRef,
  description: "Deletes it; its members stay, without an organization. Returns it as it was.",
});
mutationField("setPublicListing", { operation: setPublicListing, type: OrganizationRef });
mutationField("certifyOrganization", { operation: certifyOrganization, type: OrganizationRef });
