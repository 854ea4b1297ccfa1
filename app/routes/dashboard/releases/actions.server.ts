import { formActions, intent } from "../../../lib/actions.server.ts";
import { CreateRelease, DeleteRelease, PublishRelease, UnpublishRelease, UpdateRelease } from "./queries.ts";

/** The releases page's forms: each sends its mutation, and says what happened. */
export const releaseActions = formActions("/dashboard/releases", {
  create: intent(CreateRelease, (data) => ({
    title: `${data.createRelease.name} was added as a draft`,
    params: { new: null, edit: data.createRelease.id },
  })),
  update: intent(UpdateRelease, (data) => ({ title: `${data.updateRelease.name} was saved` })),
  publish: intent(PublishRelease, (data) => ({ title: `${data.publishRelease.name} is published` })),
  unpublish: intent(UnpublishRelease, (data) => ({ title: `${data.unpublishRelease.name} is a draft again` })),
  delete: intent(DeleteRelease, (data) => ({
    title: `${data.deleteRelease.name} was deleted`,
    params: { edit: null },
  })),
});
