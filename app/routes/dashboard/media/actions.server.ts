import { formActions, intent } from "../../../lib/actions.server.ts";
import { DeleteMedia, UpdateMedia } from "./queries.ts";

/** The media page's forms: each sends its mutation, and says what happened. */
export const mediaActions = formActions("/dashboard/admin/media", {
  update: intent(UpdateMedia, (data) => ({ title: `${data.updateMedia.name} was saved` })),
  delete: intent(DeleteMedia, (data) => ({
    title: `${data.deleteMedia.name} was deleted`,
    params: { file: null },
  })),
});
