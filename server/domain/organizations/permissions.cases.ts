import { adminsAllOthersOwn, adminsOnly, anyone, permissionCases } from "../../../tests/support/permission-cases.ts";
import { onlyMyOrganization, organizationDetails, seen, total } from "../../../tests/support/domain-probes.ts";

/**
 * The permission matrix's rows for this folder's operations (server/domain/permissions.test.ts
 * gathers them): who may run each, the probe that tries it on the actor's own rows and on
 * someone else's (tests/support/domain-probes.ts has the fixture), and which writes name
 * the version they start from.
 *
 * Organizations: admins manage them; everyone else sees their own; anyone finds the listed ones.
 */
export const cases = permissionCases({
  listOrganizations: { who: adminsAllOthersOwn, probe: { input: () => ({}), onlyOwn: onlyMyOrganization } },
  getOrganization: {
    who: adminsAllOthersOwn,
    probe: {
      input: (f, _me, target) => ({ id: target === "own" ? f.organizations.mine.id : f.organizations.other.id }),
    },
  },
  getOrganizationsByIds: {
    who: adminsAllOthersOwn,
    probe: {
      input: (f) => ({ ids: [f.organizations.mine.id, f.organizations.other.id] }),
      onlyOwn: onlyMyOrganization,
    },
  },
  countMembers: {
    who: adminsAllOthersOwn,
    probe: {
      input: (f) => ({ ids: [f.organizations.mine.id, f.organizations.other.id] }),
      onlyOwn: (result, me) => seen([...(result as Map<string, number>).keys()], (key) => key === me.organizationId),
    },
  },
  countOrganizations: {
    who: adminsAllOthersOwn,
    probe: { input: () => ({}), onlyOwn: (result) => total((result as { total: number }).total) },
  },
  listExpiringCertifications: { who: adminsOnly, probe: { input: () => ({}) } },
  createOrganization: { who: adminsOnly, probe: { input: () => organizationDetails } },
  updateOrganization: {
    who: adminsOnly,
    probe: {
      input: (f) => ({ ...organizationDetails, id: f.organizations.other.id, version: f.organizations.other.version }),
    },
    namesVersion: true,
  },
  setPublicListing: {
    who: adminsOnly,
    probe: {
      input: (f) => ({ id: f.organizations.other.id, version: f.organizations.other.version, publicListing: true }),
    },
    namesVersion: true,
  },
  certifyOrganization: {
    who: adminsOnly,
    probe: {
      input: (f) => ({
        id: f.organizations.other.id,
        version: f.organizations.other.version,
        certificationStatus: "certified",
        certifiedUntil: "2030-01-01",
      }),
    },
    namesVersion: true,
  },
  deleteOrganization: {
    who: adminsOnly,
    probe: { input: (f) => ({ id: f.organizations.other.id, version: f.organizations.other.version }) },
    namesVersion: true,
  },
  // The public locations page: anyone finds the listed ones (and sees only what the page shows).
  findLocations: { who: anyone, probe: { input: () => ({ place: "WI" }) } },
});
