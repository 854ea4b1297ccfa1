import { editors, permissionCases } from "../../../tests/support/permission-cases.ts";

/**
 * The permission matrix's rows for this folder's operations (server/domain/permissions.test.ts
 * gathers them): who may run each, the probe that tries it on the actor's own rows and on
 * someone else's (tests/support/domain-probes.ts has the fixture), and which writes name
 * the version they start from.
 *
 * Search synonyms: editors and admins keep them.
 */
export const cases = permissionCases({
  listSearchSynonyms: { who: editors, probe: { input: () => ({}) } },
  createSearchSynonym: { who: editors, probe: { input: () => ({ terms: ["probe term, trial term"] }) } },
  updateSearchSynonym: {
    who: editors,
    probe: {
      input: (f) => ({ id: f.synonyms.id, version: f.synonyms.version, terms: ["probe", "sample, test piece"] }),
    },
    namesVersion: true,
  },
  deleteSearchSynonym: {
    who: editors,
    probe: { input: (f) => ({ id: f.synonyms.id, version: f.synonyms.version }) },
    namesVersion: true,
  },
});
