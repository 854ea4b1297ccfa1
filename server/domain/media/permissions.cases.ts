import { editors, editorsAllOthersPublished, permissionCases } from "../../../tests/support/permission-cases.ts";
import { fileFor, probePdf } from "../../../tests/support/domain-probes.ts";

/**
 * The permission matrix's rows for this folder's operations (server/domain/permissions.test.ts
 * gathers them): who may run each, the probe that tries it on the actor's own rows and on
 * someone else's (tests/support/domain-probes.ts has the fixture), and which writes name
 * the version they start from.
 *
 * Media: editors and admins; anyone loads the files public releases show.
 */
export const cases = permissionCases({
  listMedia: { who: editors, probe: { input: () => ({}) } },
  // Anyone may load the images public releases show (media.test.ts); a file nothing public
  // shows, as here, asks a visitor to sign in.
  getMedia: { who: editorsAllOthersPublished, probe: { input: (f, _me, target) => ({ id: fileFor(f, target).id }) } },
  listMediaUses: {
    who: editorsAllOthersPublished,
    probe: {
      input: (f, _me, target) => ({ ids: [fileFor(f, target).id] }),
      onlyOwn: (result) => ((result as unknown[]).length > 0 ? "own" : "nothing"),
    },
  },
  getMediaUploaders: {
    who: editorsAllOthersPublished,
    probe: {
      input: (f, _me, target) => ({ ids: [fileFor(f, target).id] }),
      onlyOwn: (result) => ((result as Map<string, unknown>).size > 0 ? "own" : "nothing"),
    },
  },
  listMediaUploaders: { who: editors, probe: { input: () => ({ search: "edit" }) } },
  openMediaFile: {
    who: editorsAllOthersPublished,
    probe: {
      input: (f, _me, target) => {
        const file = fileFor(f, target);
        return { id: file.id, folder: file.folder.slice("media/".length), variant: "original" };
      },
    },
  },
  uploadMedia: { who: editors, probe: { input: () => ({ file: probePdf, name: "Service manual.pdf" }) } },
  updateMedia: {
    who: editors,
    probe: {
      input: (f) => ({ id: f.file.id, version: f.file.version, name: "Renamed.pdf", alt: null, caption: "Probe" }),
    },
    namesVersion: true,
  },
  replaceMediaFile: {
    who: editors,
    probe: {
      input: (f) => ({ id: f.file.id, version: f.file.version, file: probePdf, name: "Service manual v2.pdf" }),
    },
    namesVersion: true,
  },
  deleteMedia: {
    who: editors,
    probe: { input: (f) => ({ id: f.file.id, version: f.file.version }) },
    namesVersion: true,
  },
});
