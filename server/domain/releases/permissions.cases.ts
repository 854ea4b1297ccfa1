import {
  anyone,
  editors,
  editorsAllOthersPublished,
  permissionCases,
  row,
} from "../../../tests/support/permission-cases.ts";
import { seen } from "../../../tests/support/domain-probes.ts";
import type { Release } from "./index.ts";

/**
 * The permission matrix's rows for this folder's operations (server/domain/permissions.test.ts
 * gathers them): who may run each, the probe that tries it on the actor's own rows and on
 * someone else's (tests/support/domain-probes.ts has the fixture), and which writes name
 * the version they start from.
 *
 * Releases: editors and admins write; everyone sees published ones.
 */
export const cases = permissionCases({
  listReleases: {
    who: editorsAllOthersPublished,
    probe: {
      input: () => ({}),
      onlyOwn: (result) => seen((result as { nodes: Release[] }).nodes, (release) => release.publishedAt !== null),
    },
  },
  latestReleases: { who: anyone, probe: { input: () => ({}) } },
  listPublishedReleases: { who: anyone, probe: { input: () => ({ product: "v5" }) } },
  // A release's public page, and the list of them: the same for everyone.
  getPublicRelease: { who: anyone, probe: { input: () => ({ product: "v5", versionNumber: "5.2.1" }) } },
  listReleasePages: { who: anyone, probe: { input: () => ({}) } },
  getRelease: {
    who: editorsAllOthersPublished,
    probe: { input: (f, _me, target) => ({ id: target === "own" ? f.releases.published.id : f.releases.draft.id }) },
  },
  getReleasesByIds: {
    who: editorsAllOthersPublished,
    probe: {
      input: (f) => ({ ids: [f.releases.draft.id, f.releases.published.id] }),
      onlyOwn: (result) => seen(result as Release[], (release) => release.publishedAt !== null),
    },
  },
  // Anyone sees the downloads of published stable releases (the public feed lists them).
  listReleaseAssets: {
    who: row("allow", "own", "allow", "allow"),
    probe: {
      input: (f) => ({ ids: [f.releases.draft.id, f.releases.published.id] }),
      onlyOwn: (result) =>
        (result as unknown[]).length === 1 ? "own" : (result as unknown[]).length === 0 ? "nothing" : "others",
    },
  },
  createRelease: {
    who: editors,
    probe: {
      input: (f) => ({
        product: "v4",
        channel: "stable",
        versionNumber: "4.9.0",
        releasedOn: "2026-11-20",
        notes: "Probe",
        assetIds: [f.file.id],
      }),
    },
  },
  updateRelease: {
    who: editors,
    probe: {
      input: (f) => ({
        id: f.releases.draft.id,
        version: f.releases.draft.version,
        product: "v5",
        channel: "stable",
        versionNumber: "5.3.1",
        releasedOn: "2026-11-21",
        notes: "Probe, edited",
        assetIds: [f.file.id],
      }),
    },
    namesVersion: true,
  },
  publishRelease: {
    who: editors,
    probe: { input: (f) => ({ id: f.releases.draft.id, version: f.releases.draft.version }) },
    namesVersion: true,
  },
  unpublishRelease: {
    who: editors,
    probe: { input: (f) => ({ id: f.releases.published.id, version: f.releases.published.version }) },
    namesVersion: true,
  },
  deleteRelease: {
    who: editors,
    probe: { input: (f) => ({ id: f.releases.draft.id, version: f.releases.draft.version }) },
    namesVersion: true,
  },
  downloadReleaseAsset: {
    who: editorsAllOthersPublished,
    probe: {
      input: (f, _me, target) => ({
        releaseId: target === "own" ? f.releases.published.id : f.releases.draft.id,
        mediaId: f.releaseFile.id,
      }),
    },
  },
  getReleaseAsset: {
    who: editorsAllOthersPublished,
    probe: {
      input: (f, _me, target) => ({
        releaseId: target === "own" ? f.releases.published.id : f.releases.draft.id,
        mediaId: f.releaseFile.id,
      }),
    },
  },
});
