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
    /** The public locations page: anyone finds the organizations whose listing is on (and sees only what it shows). */
    findListed: allow.anyone,
    /** The overview's reads about every organization (certifications about to end): admins. */
    oversee: allow.role("admin"),
  },
  rowChecks: {
    update: allowed,
    delete: allowed,
    setPublicListing: allowed,
    certify: allowed,
  },
  actions: {
    create: { words: "added the organization", label: "Organization added" },
    update: { words: "edited the organization", label: "Organization edited" },
    delete: { words: "deleted the organization", label: "Organization deleted" },
    setPublicListing: { words: "changed the public listing of", label: "Public listing changed" },
    certify: { words: "changed the certification of", label: "Certification changed" },
    // Recorded by earlier versions, when membership was an organization's change (now the user's).
    addMember: { words: "added a member to", label: "Member added (earlier versions)" },
    removeMember: { words: "removed a member from", label: "Member removed (earlier versions)" },
  },
  constraints: {
    organizations_name: (values) => ({
      name: `There is already an organization called ${values.name ?? "that"}.`,
    }),
  },
});
