import { certificationApplications } from "../../db/schema/index.ts";
import { allow } from "../core/access.ts";
import { defineEntity, type RowVerdict } from "../core/entity.ts";

export type CertificationApplication = typeof certificationApplications.$inferSelect;

const allowed = (): RowVerdict => "allowed";

/**
 * Applications to the Get Certified programme. Anyone may apply; admins, and people given
 * the inquiries duty, move them along (certifying the operator's organization is an
 * admin's act: the organization's own rule decides it).
 */
export const applicationEntity = defineEntity({
  name: "application",
  plural: "Certification applications",
  table: certificationApplications,
  label: (application) => `application from ${application.name}`,
  notFound: "That application does not exist, or it was deleted.",
  rules: {
    apply: allow.anyone,
    read: allow.roleOrGrant("admin", "inquiries"),
    setStatus: allow.roleOrGrant("admin", "inquiries"),
    link: allow.roleOrGrant("admin", "inquiries"),
    /** The retention purge: admins (it runs as the product). */
    purge: allow.role("admin"),
  },
  rowChecks: { setStatus: allowed, link: allowed },
  actions: {
    apply: { words: "applied for certification:", label: "Certification applied for" },
    setStatus: { words: "moved along the", label: "Certification application moved" },
    link: { words: "matched an organization to the", label: "Application matched to an organization" },
    purge: { words: "purged old certification applications:", label: "Old applications purged" },
  },
});
