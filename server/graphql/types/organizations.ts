import {
  addMember,
  certificationStatuses,
  certifyOrganization,
  countOrganizations,
  countryName,
  createOrganization,
  deleteOrganization,
  getOrganization,
  listOrganizations,
  organizationKinds,
  organizationSorts,
  products,
  removeMember,
  setPublicListing,
  updateOrganizationDetails,
  type OrganizationContact,
  type OrganizationProduct,
} from "../../domain/organizations.ts";
import { listUsers } from "../../domain/users.ts";
import { builder } from "../builder.ts";
import { connectionType, pageFrom, SortDirection } from "./pagination.ts";
import { OrganizationRef, UserRef } from "./refs.ts";

const OrganizationKindEnum = builder.enumType("OrganizationKind", { values: organizationKinds });
const CertificationStatusEnum = builder.enumType("CertificationStatus", {
  description: "Certification to run the equipment, from the Get Certified programme.",
  values: certificationStatuses,
});
const ProductEnum = builder.enumType("Product", { values: products });
const OrganizationSortEnum = builder.enumType("OrganizationSort", { values: organizationSorts });

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
    product: t.expose("product", { type: ProductEnum }),
    units: t.exposeInt("units"),
  }),
});

OrganizationRef.implement({
  description: "A clinic, hospital, distributor or research site that runs or sells the equipment.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    kind: t.expose("kind", { type: OrganizationKindEnum }),
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
    certificationStatus: t.expose("certificationStatus", { type: CertificationStatusEnum }),
    certifiedUntil: t.expose("certifiedUntil", { type: "Date", nullable: true }),
    memberCount: t.int({
      resolve: (organization, _args, context) => context.loaders.memberCount.load(organization.id),
    }),
    members: t.field({
      type: [UserRef],
      description: "The people who belong to it (first 100 by name), as far as the reader may see them.",
      resolve: async (organization, _args, context) =>
        (
          await listUsers(context.domain, {
            organizationId: organization.id,
            sort: "name",
            direction: "asc",
            page: { first: 100 },
          })
        ).nodes,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    version: t.exposeInt("version"),
  }),
});

const OrganizationConnection = connectionType("Organization", OrganizationRef);

const OrganizationCountsType = builder
  .objectRef<{ total: number; listed: number; certified: number }>("OrganizationCounts")
  .implement({
    fields: (t) => ({
      total: t.exposeInt("total"),
      listed: t.exposeInt("listed", { description: "Shown on the public locations page." }),
      certified: t.exposeInt("certified"),
    }),
  });

builder.queryFields((t) => ({
  organizationCounts: t.field({
    type: OrganizationCountsType,
    resolve: (_root, _args, context) => countOrganizations(context.domain, {}),
  }),
  organizations: t.field({
    type: OrganizationConnection,
    description: "Organizations. Admins see all; others see their own.",
    args: {
      search: t.arg.string({ description: "Part of a name or city." }),
      kind: t.arg({ type: OrganizationKindEnum }),
      certificationStatus: t.arg({ type: CertificationStatusEnum }),
      publicListing: t.arg.boolean(),
      sort: t.arg({ type: OrganizationSortEnum }),
      direction: t.arg({ type: SortDirection }),
      first: t.arg.int(),
      after: t.arg.string(),
      last: t.arg.int(),
      before: t.arg.string(),
    },
    resolve: (_root, args, context) =>
      listOrganizations(context.domain, {
        search: args.search ?? undefined,
        kind: args.kind ?? undefined,
        certificationStatus: args.certificationStatus ?? undefined,
        publicListing: args.publicListing ?? undefined,
        sort: args.sort ?? undefined,
        direction: args.direction ?? undefined,
        page: pageFrom(args),
      }),
  }),
  organization: t.field({
    type: OrganizationRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => getOrganization(context.domain, { id: args.id }),
  }),
}));

const ContactInput = builder.inputType("OrganizationContactInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    role: t.string(),
    email: t.string(),
    phone: t.string(),
  }),
});

const ProductInput = builder.inputType("OrganizationProductInput", {
  fields: (t) => ({
    product: t.field({ type: ProductEnum, required: true }),
    units: t.int({ required: true }),
  }),
});

const OrganizationInput = builder.inputType("OrganizationInput", {
  description: "Everything about an organization.",
  fields: (t) => ({
    name: t.string({ required: true }),
    kind: t.field({ type: OrganizationKindEnum, required: true }),
    street: t.string(),
    city: t.string({ required: true }),
    region: t.string(),
    postalCode: t.string(),
    country: t.string({ required: true }),
    phone: t.string(),
    email: t.string(),
    website: t.string(),
    contacts: t.field({ type: [ContactInput] }),
    products: t.field({ type: [ProductInput] }),
    publicListing: t.boolean(),
    certificationStatus: t.field({ type: CertificationStatusEnum }),
    certifiedUntil: t.field({ type: "Date" }),
  }),
});

const VersionInput = builder.inputType("OrganizationVersionInput", {
  fields: (t) => ({ id: t.id({ required: true }), version: t.int({ required: true }) }),
});

const ListingInput = builder.inputType("PublicListingInput", {
  fields: (t) => ({
    id: t.id({ required: true }),
    version: t.int({ required: true }),
    publicListing: t.boolean({ required: true }),
  }),
});

const CertifyInput = builder.inputType("CertifyInput", {
  fields: (t) => ({
    id: t.id({ required: true }),
    version: t.int({ required: true }),
    certificationStatus: t.field({ type: CertificationStatusEnum, required: true }),
    certifiedUntil: t.field({ type: "Date" }),
  }),
});

const MemberInput = builder.inputType("MemberInput", {
  fields: (t) => ({ organizationId: t.id({ required: true }), userId: t.id({ required: true }) }),
});

type OrganizationFields = typeof OrganizationInput.$inferInput;

function details(input: OrganizationFields) {
  return {
    name: input.name,
    kind: input.kind,
    street: input.street,
    city: input.city,
    region: input.region,
    postalCode: input.postalCode,
    country: input.country,
    phone: input.phone,
    email: input.email,
    website: input.website,
    contacts: input.contacts ?? undefined,
    products: input.products ?? undefined,
    publicListing: input.publicListing ?? undefined,
    certificationStatus: input.certificationStatus ?? "not_certified",
    certifiedUntil: input.certifiedUntil,
  };
}

builder.mutationFields((t) => ({
  createOrganization: t.field({
    type: OrganizationRef,
    args: { input: t.arg({ type: OrganizationInput, required: true }) },
    resolve: (_root, { input }, context) => createOrganization(context.domain, details(input)),
  }),
  updateOrganization: t.field({
    type: OrganizationRef,
    description: "Replaces its details, at the version you read (a newer one is a conflict).",
    args: {
      id: t.arg.id({ required: true }),
      version: t.arg.int({ required: true }),
      input: t.arg({ type: OrganizationInput, required: true }),
    },
    resolve: (_root, { id, version, input }, context) =>
      updateOrganizationDetails(context.domain, { ...details(input), id, version }),
  }),
  deleteOrganization: t.field({
    type: OrganizationRef,
    description: "Deletes it; its members stay, without an organization. Returns it as it was.",
    args: { input: t.arg({ type: VersionInput, required: true }) },
    resolve: (_root, { input }, context) => deleteOrganization(context.domain, input),
  }),
  setPublicListing: t.field({
    type: OrganizationRef,
    args: { input: t.arg({ type: ListingInput, required: true }) },
    resolve: (_root, { input }, context) => setPublicListing(context.domain, input),
  }),
  certifyOrganization: t.field({
    type: OrganizationRef,
    args: { input: t.arg({ type: CertifyInput, required: true }) },
    resolve: (_root, { input }, context) => certifyOrganization(context.domain, input),
  }),
  addMember: t.field({
    type: UserRef,
    description: "Makes a user a member (moving them from any other organization).",
    args: { input: t.arg({ type: MemberInput, required: true }) },
    resolve: (_root, { input }, context) => addMember(context.domain, input),
  }),
  removeMember: t.field({
    type: UserRef,
    args: { input: t.arg({ type: MemberInput, required: true }) },
    resolve: (_root, { input }, context) => removeMember(context.domain, input),
  }),
}));
