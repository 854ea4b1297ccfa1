import { eq, sql, type SQL } from "drizzle-orm";
import { organizations, type OrganizationContact, type OrganizationProduct } from "../../db/schema/index.ts";
import { allow, type Actor } from "../core/access.ts";
import { defineEntity, type RowVerdict } from "../core/entity.ts";

export type Organization = typeof organizations.$inferSelect;
export type { OrganizationContact, OrganizationProduct };

const ownOrganization = (actor: Actor): SQL =>
  actor.organizationId ? eq(organizations.id, actor.organizationId) : sql`false`;
const allowed = (): RowVerdict => "allowed";

/** Clinics, hospitals, distributors and research sites. Admins manage them; everyone else sees their own. */
export const organizationEntity = defineEntity({
  name: "organization",
  plural: "Organizations",
  table: organizations,
  label: (organization) => organization.name,
  notFound: "That organization does not exist.",
  rules: {
    read: allow.roleOrRows("admin", ownOrganization),
    create: allow.role("admin"),
    update: allow.role("admin"),
    delete: allow.role("admin"),
    setPublicListing: allow.role("admin"),
    certify: allow.role("admin"),
  },
  rowChecks: {
    update: allowed,
    delete: allowed,
    setPublicListing: allowed,
    certify: allowed,
  },
  actions: {
    create: "added the organization",
    update: "edited the organization",
    delete: "deleted the organization",
    setPublicListing: "changed the public listing of",
    certify: "changed the certification of",
    // Recorded by earlier versions, when membership was an organization's change (now the user's).
    addMember: "added a member to",
    removeMember: "removed a member from",
  },
  constraints: {
    organizations_name: (values) => ({
      name: `There is already an organization called ${values.name ?? "that"}.`,
    }),
  },
});
