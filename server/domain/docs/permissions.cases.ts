import {
  adminsOnly,
  editors,
  editorsAllOthersPublished,
  ownForEditors,
  permissionCases,
  signedIn,
} from "../../../tests/support/permission-cases.ts";
import { seen, workOn } from "../../../tests/support/domain-probes.ts";
import type { DocNode, DocPresenceReport, DocSearchHit, DocWork } from "./index.ts";

/**
 * The permission matrix's rows for this folder's operations (server/domain/permissions.test.ts
 * gathers them): who may run each, the probe that tries it on the actor's own rows and on
 * someone else's (tests/support/domain-probes.ts has the fixture), and which writes name
 * the version they start from.
 *
 * Docs: everyone signed in reads what is published; editors see drafts and write; admins keep the trash.
 */
export const cases = permissionCases({
  docTree: {
    who: editorsAllOthersPublished,
    probe: {
      input: (_f, _me, target) => ({ preview: target === "other" }),
      onlyOwn: (result) => seen(result as DocNode[], (node) => node.status !== "draft"),
    },
  },
  // A viewer's own doc is the published one; another's is the draft, asked for in preview mode.
  readDoc: {
    who: editorsAllOthersPublished,
    probe: {
      input: (f, _me, target) =>
        target === "own" ? { path: f.docs.published.path } : { path: f.docs.draft.path, preview: true },
    },
  },
  readDocMarkdown: {
    who: editorsAllOthersPublished,
    probe: {
      input: (f, _me, target) =>
        target === "own" ? { path: f.docs.published.path } : { path: f.docs.draft.path, preview: true },
    },
  },
  checkDocsPreview: { who: signedIn, probe: { input: () => ({ token: "x".repeat(32) }) } },
  docsProductOf: { who: signedIn, probe: { input: () => ({}) } },
  readDocsHome: {
    who: editorsAllOthersPublished,
    probe: {
      input: (_f, _me, target) => ({ preview: target === "other" }),
      onlyOwn: (result) => seen((result as { tree: DocNode[] }).tree, (node) => node.status !== "draft"),
    },
  },
  searchDocs: {
    who: editorsAllOthersPublished,
    probe: {
      input: () => ({ query: "probe" }),
      onlyOwn: (result, _me) => seen(result as DocSearchHit[], (hit) => hit.path === "probe-guide"),
    },
  },
  getDoc: { who: editors, probe: { input: (f) => ({ id: f.docs.draft.id }) } },
  listDocs: { who: editors, probe: { input: () => ({}) } },
  getDocEditors: { who: editors, probe: { input: (f) => ({ ids: [f.docs.draft.id] }) } },
  listDocRevisions: { who: editors, probe: { input: (f) => ({ id: f.docs.draft.id }) } },
  getDocRevision: { who: editors, probe: { input: (f) => ({ id: f.docs.draft.id, number: 1 }) } },
  previewDocBody: { who: editors, probe: { input: () => ({ body: "## Probe\n\n[a](/docs/nowhere)" }) } },
  createDoc: { who: editors, probe: { input: () => ({ title: "Probe new page", slug: "probe-new", body: "New." }) } },
  saveDoc: {
    who: editors,
    probe: {
      input: (f) => ({
        id: f.docs.draft.id,
        version: f.docs.draft.version,
        title: f.docs.draft.title,
        slug: f.docs.draft.slug,
        body: "Probe steps, edited again.",
      }),
    },
    namesVersion: true,
  },
  publishDoc: {
    who: editors,
    probe: { input: (f) => ({ id: f.docs.draft.id, version: f.docs.draft.version }) },
    namesVersion: true,
  },
  unpublishDoc: {
    who: editors,
    probe: { input: (f) => ({ id: f.docs.published.id, version: f.docs.published.version }) },
    namesVersion: true,
  },
  restoreDocRevision: {
    who: editors,
    probe: { input: (f) => ({ id: f.docs.draft.id, version: f.docs.draft.version, number: 1 }) },
    namesVersion: true,
  },
  deleteDoc: {
    who: editors,
    probe: { input: (f) => ({ id: f.docs.draft.id, version: f.docs.draft.version }) },
    namesVersion: true,
  },
  startDocsPreview: { who: editors, probe: { input: () => ({}) } },
  listDocsTrash: { who: adminsOnly, probe: { input: () => ({}) } },
  restoreDoc: {
    who: adminsOnly,
    probe: { input: (f) => ({ id: f.docs.trashed.id, version: f.docs.trashed.version }) },
    namesVersion: true,
  },
  emptyDocsTrash: { who: adminsOnly, probe: { input: () => ({}) } },
  // The editor's unsaved work and who has a doc open: each editor's own, no one else's.
  // Unsaved work and presence act on the actor's own row only: the fixture gives the editor
  // and the admin each some work on the draft, and each has it open.
  keepDocWork: { who: ownForEditors, probe: { input: (f) => workOn(f.docs.draft), onlyOwn: () => "own" } },
  docWorkOf: {
    who: ownForEditors,
    probe: {
      input: (f) => ({ docId: f.docs.draft.id }),
      onlyOwn: (result, me) => {
        const work = result as DocWork | null;
        return work === null ? "nothing" : work.userId === me.id ? "own" : "others";
      },
    },
  },
  dropDocWork: {
    who: ownForEditors,
    probe: {
      input: (f) => ({ docId: f.docs.draft.id }),
      onlyOwn: (result) => ((result as { dropped: boolean }).dropped ? "own" : "nothing"),
    },
  },
  markDocOpen: {
    who: ownForEditors,
    probe: {
      input: (f) => ({ docId: f.docs.draft.id }),
      // Marking oneself answers who else is there: never oneself.
      onlyOwn: (result, me) =>
        (result as DocPresenceReport).others.some((other) => other.id === me.id) ? "others" : "own",
    },
  },
  markDocClosed: {
    who: ownForEditors,
    probe: {
      input: (f) => ({ docId: f.docs.draft.id }),
      onlyOwn: (result) => ((result as { closed: boolean }).closed ? "own" : "nothing"),
    },
  },
});
