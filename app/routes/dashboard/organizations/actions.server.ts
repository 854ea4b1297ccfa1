import { personName } from "../../../lib/format.ts";
import { formActions, intent } from "../../../lib/actions.server.ts";
import { aboutPerson } from "../../../../shared/contracts/flash.ts";
import { ChangeMembership, CreateOrganization, DeleteOrganization, SetListing, UpdateOrganization } from "./queries.ts";

/** The organizations page's forms: each sends its mutation, and says what happened. */
export const organizationActions = formActions("/dashboard/admin/organizations", {
  create: intent(CreateOrganization, (data) => ({
    title: `${data.createOrganization.name} was added`,
    params: { new: null },
  })),
  update: intent(UpdateOrganization, (data) => ({ title: `${data.updateOrganization.name} was saved` })),
  delete: intent(DeleteOrganization, (data) => ({
    title: `${data.deleteOrganization.name} was deleted`,
    params: { edit: null },
  })),
  listing: intent(SetListing, (data) => ({
    title: data.setPublicListing.publicListing
      ? `${data.setPublicListing.name} is listed on the locations page`
      : `${data.setPublicListing.name} is no longer listed publicly`,
  })),
  addMember: intent(ChangeMembership, (data) => ({
    title: `${personName(data.changeUserOrganization)} was added to ${data.changeUserOrganization.organization?.name ?? "it"}`,
    ...aboutPerson(data.changeUserOrganization),
  })),
  removeMember: intent(ChangeMembership, (data) => ({
    title: `${personName(data.changeUserOrganization)} was removed`,
    ...aboutPerson(data.changeUserOrganization),
  })),
});
