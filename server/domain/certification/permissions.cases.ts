import { adminsOnly, anyone, permissionCases } from "../../../tests/support/permission-cases.ts";
import { probeApplication } from "../../../tests/support/domain-probes.ts";

/**
 * The permission matrix's rows for this folder's operations (server/domain/permissions.test.ts
 * gathers them): who may run each, the probe that tries it on the actor's own rows and on
 * someone else's (tests/support/domain-probes.ts has the fixture), and which writes name
 * the version they start from.
 *
 * Certification applications: anyone applies; admins (and the inquiries duty) move them along.
 */
export const cases = permissionCases({
  applyForCertification: { who: anyone, probe: { input: () => probeApplication("probe-applicant@example.test") } },
  listApplications: { who: adminsOnly, probe: { input: () => ({}) } },
  getApplication: { who: adminsOnly, probe: { input: (f) => ({ id: f.application.id }) } },
  countApplications: { who: adminsOnly, probe: { input: () => ({}) } },
  setApplicationStatus: {
    who: adminsOnly,
    probe: {
      input: (f) => ({
        id: f.application.id,
        version: f.application.version,
        status: "scheduled",
        scheduledFor: "2027-03-15",
      }),
    },
    namesVersion: true,
  },
  linkApplicationOrganization: {
    who: adminsOnly,
    probe: {
      input: (f) => ({ id: f.application.id, version: f.application.version, organizationId: f.organizations.mine.id }),
    },
    namesVersion: true,
  },
  purgeApplications: { who: adminsOnly, probe: { input: () => ({ days: 30 }) } },
});
