import { formActions, intent } from "../../../../lib/actions.server.ts";
import type { ResultOf } from "../../../../lib/graphql.ts";
import { LinkApplicationOrganization, SetApplicationStatus } from "./queries.ts";
import { applicationStatusLabels } from "./words.ts";

function moved(data: ResultOf<typeof SetApplicationStatus>) {
  return {
    title: `${data.setApplicationStatus.name}: ${applicationStatusLabels[data.setApplicationStatus.status].toLowerCase()}`,
    description: "They have been sent an email about it.",
  };
}

/** The applications tab's forms (each step of the workflow is its own form): each sends its mutation, and says what happened. */
export const applicationActions = formActions("/dashboard/admin/inquiries/applications", {
  schedule: intent(SetApplicationStatus, moved),
  complete: intent(SetApplicationStatus, moved),
  certify: intent(SetApplicationStatus, moved),
  decline: intent(SetApplicationStatus, moved),
  link: intent(LinkApplicationOrganization, (data) => ({
    title: data.linkApplicationOrganization.organizationId
      ? `${data.linkApplicationOrganization.name}'s application is matched to an organization`
      : `${data.linkApplicationOrganization.name}'s application is no longer matched`,
  })),
});
