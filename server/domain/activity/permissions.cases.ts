import { adminsAllOthersOwn, adminsOnly, permissionCases, signedIn } from "../../../tests/support/permission-cases.ts";
import { seen } from "../../../tests/support/domain-probes.ts";

/**
 * The permission matrix's rows for this folder's operations (server/domain/permissions.test.ts
 * gathers them): who may run each, the probe that tries it on the actor's own rows and on
 * someone else's (tests/support/domain-probes.ts has the fixture), and which writes name
 * the version they start from.
 *
 * Activity: admins read and export it all; everyone else reads their own.
 */
export const cases = permissionCases({
  listActivity: {
    who: adminsAllOthersOwn,
    probe: {
      input: () => ({}),
      onlyOwn: (result, me) =>
        seen((result as { nodes: { actorId: string | null }[] }).nodes, (entry) => entry.actorId === me.id),
    },
  },
  exportActivity: { who: adminsOnly, probe: { input: () => ({}) } },
  readActivityVocabulary: { who: signedIn, probe: { input: () => ({}) } },
});
