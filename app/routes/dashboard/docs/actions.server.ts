import { formActions, intent } from "../../../lib/actions.server.ts";
import { formatCount } from "../../../lib/format.ts";
import {
  CreateSearchSynonym,
  DeleteDoc,
  DeleteSearchSynonym,
  EmptyDocsTrash,
  PublishDoc,
  RestoreDoc,
  RestoreDocRevision,
  UnpublishDoc,
  UpdateSearchSynonym,
} from "./queries.ts";
import { synonymsSaid } from "./words.ts";

/** The docs list's forms (and its trash's): each sends its mutation, and says what happened. */
export const docActions = formActions("/dashboard/admin/docs", {
  publish: intent(PublishDoc, (data) => ({
    title: `“${data.publishDoc.title}” is published`,
    description: `Readers see revision ${data.publishDoc.headRevision}.`,
  })),
  unpublish: intent(UnpublishDoc, (data) => ({
    title: `“${data.unpublishDoc.title}” is a draft again`,
    description: "Readers no longer see it; its history is kept.",
  })),
  delete: intent(DeleteDoc, (data) => ({
    title: `“${data.deleteDoc.title}” is in the trash`,
    description: "An admin can restore it from the trash.",
  })),
  restore: intent(RestoreDoc, (data) => ({
    title: `“${data.restoreDoc.title}” is back from the trash`,
    description: `It is at /docs/${data.restoreDoc.path} again.`,
  })),
  emptyTrash: intent(EmptyDocsTrash, (data) => ({
    title:
      data.emptyDocsTrash.deleted === 0
        ? "The trash was already empty"
        : `${formatCount(data.emptyDocsTrash.deleted, "doc", "docs")} deleted for good`,
  })),
  addSynonyms: intent(CreateSearchSynonym, (data) => ({
    title: "Synonyms added",
    description: synonymsSaid(data.createSearchSynonym.terms),
  })),
  saveSynonyms: intent(UpdateSearchSynonym, (data) => ({
    title: "Synonyms saved",
    description: synonymsSaid(data.updateSearchSynonym.terms),
    params: { edit: null },
  })),
  deleteSynonyms: intent(DeleteSearchSynonym, (data) => ({
    title: "Synonyms deleted",
    description: `A search for “${data.deleteSearchSynonym.terms[0] ?? ""}” no longer finds the others of its group.`,
    params: { edit: null },
  })),
});

/** A doc's history page: bringing back an earlier revision, then comparing it with the one before. */
export const docHistoryActions = formActions("/dashboard/admin/docs/:id/history", {
  restoreRevision: intent(RestoreDocRevision, (data) => ({
    title: `Restored as revision ${data.restoreDocRevision.headRevision}`,
    description: `“${data.restoreDocRevision.title}” has the earlier words again. Readers see them once it is published.`,
    params: { from: null, to: null },
  })),
});
