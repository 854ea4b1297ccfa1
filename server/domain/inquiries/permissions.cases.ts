import { adminsOnly, anyone, permissionCases } from "../../../tests/support/permission-cases.ts";
import { probeInquiry } from "../../../tests/support/domain-probes.ts";

/**
 * The permission matrix's rows for this folder's operations (server/domain/permissions.test.ts
 * gathers them): who may run each, the probe that tries it on the actor's own rows and on
 * someone else's (tests/support/domain-probes.ts has the fixture), and which writes name
 * the version they start from.
 *
 * Inquiries: anyone sends one; admins (and people given the duty, none here) read and answer them.
 */
export const cases = permissionCases({
  submitInquiry: { who: anyone, probe: { input: () => probeInquiry("probe-writer@example.test") } },
  listInquiries: { who: adminsOnly, probe: { input: () => ({}) } },
  getInquiry: { who: adminsOnly, probe: { input: (f) => ({ id: f.inquiry.id }) } },
  countInquiries: { who: adminsOnly, probe: { input: () => ({}) } },
  listInquiryNotes: { who: adminsOnly, probe: { input: (f) => ({ id: f.inquiry.id }) } },
  listInquiryAssignees: { who: adminsOnly, probe: { input: () => ({}) } },
  exportInquiries: { who: adminsOnly, probe: { input: () => ({}) } },
  assignInquiry: {
    who: adminsOnly,
    probe: { input: (f) => ({ id: f.inquiry.id, version: f.inquiry.version, assigneeId: f.people.admin.id }) },
    namesVersion: true,
  },
  setInquiryStatus: {
    who: adminsOnly,
    probe: { input: (f) => ({ id: f.inquiry.id, version: f.inquiry.version, status: "closed" }) },
    namesVersion: true,
  },
  addInquiryNote: {
    who: adminsOnly,
    probe: { input: (f) => ({ id: f.inquiry.id, version: f.inquiry.version, body: "Probe note." }) },
    namesVersion: true,
  },
  forgetPerson: { who: adminsOnly, probe: { input: (f) => ({ email: f.inquiry.email }) } },
  purgeInquiries: { who: adminsOnly, probe: { input: () => ({ days: 30 }) } },
});
