import {
  adminsAllOthersOwn,
  adminsOnly,
  permissionCases,
  row,
  signedIn,
} from "../../../tests/support/permission-cases.ts";
import { aimedAt, onlyMe, personOf, total } from "../../../tests/support/domain-probes.ts";

/**
 * The permission matrix's rows for this folder's operations (server/domain/permissions.test.ts
 * gathers them): who may run each, the probe that tries it on the actor's own rows and on
 * someone else's (tests/support/domain-probes.ts has the fixture), and which writes name
 * the version they start from.
 *
 * People: admins manage everyone; everyone else only themselves.
 */
export const cases = permissionCases({
  listUsers: { who: adminsAllOthersOwn, probe: { input: () => ({}), onlyOwn: onlyMe } },
  getUser: { who: adminsAllOthersOwn, probe: { input: (f, me, target) => ({ id: aimedAt(f, me, target).id }) } },
  getUsersByIds: {
    who: adminsAllOthersOwn,
    probe: {
      input: (f, me) => ({ ids: [me?.id ?? f.people.viewer.id, f.people.admin.id, f.people.other.id] }),
      onlyOwn: onlyMe,
    },
  },
  countUsersByStatus: {
    who: adminsAllOthersOwn,
    probe: {
      input: () => ({}),
      onlyOwn: (result) =>
        total(Object.values(result as Record<string, number>).reduce((sum, value) => sum + value, 0)),
    },
  },
  listLapsingInvitations: { who: adminsOnly, probe: { input: () => ({ withinDays: 30 }) } },
  listDisabledWithLiveTokens: { who: adminsOnly, probe: { input: () => ({}) } },
  listFailedSignIns: { who: adminsOnly, probe: { input: () => ({}) } },
  listUserSessions: {
    who: adminsAllOthersOwn,
    probe: { input: (f, me, target) => ({ userId: aimedAt(f, me, target).id }) },
  },
  getUserPicture: {
    who: adminsAllOthersOwn,
    probe: { input: (f, me, target) => ({ userId: aimedAt(f, me, target).id }) },
  },
  inviteUser: { who: adminsOnly, probe: { input: () => ({ email: "probe-invitee@example.test", role: "viewer" }) } },
  resendInvitation: {
    who: adminsOnly,
    probe: { input: (f) => ({ id: f.invited.id, version: f.invited.version }) },
    namesVersion: true,
  },
  cancelInvitation: {
    who: adminsOnly,
    probe: { input: (f) => ({ id: f.invited.id, version: f.invited.version }) },
    namesVersion: true,
  },
  updateProfile: {
    who: adminsAllOthersOwn,
    probe: {
      input: (f, me, target) => {
        const user = aimedAt(f, me, target);
        return { id: user.id, version: user.version, name: "Probe Name" };
      },
    },
    namesVersion: true,
  },
  updatePreferences: {
    who: row("refuse", "own", "own", "own"),
    probe: {
      input: (f, me, target) => {
        const user = aimedAt(f, me, target);
        return { id: user.id, version: user.version, colorMode: "dark" };
      },
    },
    namesVersion: true,
  },
  updatePicture: {
    who: adminsAllOthersOwn,
    probe: {
      input: (f, me, target) => {
        const user = aimedAt(f, me, target);
        return { id: user.id, version: user.version, picture: null };
      },
    },
    namesVersion: true,
  },
  changeUserRole: {
    who: adminsOnly,
    probe: { input: (f) => ({ id: f.people.other.id, version: f.people.other.version, role: "editor" }) },
    namesVersion: true,
  },
  changeUserGrants: {
    who: adminsOnly,
    probe: {
      input: (f) => ({ id: f.people.other.id, version: f.people.other.version, grants: ["inquiries"] }),
    },
    namesVersion: true,
  },
  changeUserOrganization: {
    who: adminsOnly,
    probe: {
      input: (f) => ({
        id: f.people.other.id,
        version: f.people.other.version,
        organizationId: f.organizations.mine.id,
      }),
    },
    namesVersion: true,
  },
  disableUser: {
    who: adminsOnly,
    probe: { input: (f) => ({ id: f.people.other.id, version: f.people.other.version }) },
    namesVersion: true,
  },
  enableUser: {
    who: adminsOnly,
    probe: { input: (f) => ({ id: f.people.other.id, version: f.people.other.version }) },
    namesVersion: true,
  },
  revokeUserSession: {
    who: adminsAllOthersOwn,
    probe: {
      input: (f, me, target) => ({ sessionId: f.sessions[personOf(f, aimedAt(f, me, target))] }),
    },
  },
  signOutOtherSessions: { who: signedIn, probe: { input: () => ({ keepSessionId: null }) } },
});
