import { formActions, intent } from "../../../lib/actions.server.ts";
import { aboutPerson } from "../../../../shared/contracts/flash.ts";
import { personName, withArticle } from "../../../lib/format.ts";
import {
  CancelInvitation,
  ChangeGrants,
  ChangeOrganization,
  ChangeRole,
  DisableUser,
  EnableUser,
  InviteUser,
  ResendInvitation,
  RevokeSession,
} from "./queries.ts";

/** The users page's forms: each sends its mutation, and says what happened. */
export const userActions = formActions("/dashboard/admin/users", {
  invite: intent(InviteUser, (data) => ({
    title: `Invitation sent to ${data.inviteUser.email ?? "them"}`,
    description: "It works for 7 days.",
    icon: "mail",
    params: { invite: null },
  })),
  changeRole: intent(ChangeRole, (data) => ({
    title: `${personName(data.changeUserRole)} is now ${withArticle(data.changeUserRole.role)}`,
    ...aboutPerson(data.changeUserRole),
  })),
  changeGrants: intent(ChangeGrants, (data) => ({
    title: data.changeUserGrants.grants.includes("inquiries")
      ? `${personName(data.changeUserGrants)} now answers inquiries`
      : `${personName(data.changeUserGrants)} no longer answers inquiries`,
    ...aboutPerson(data.changeUserGrants),
  })),
  changeOrganization: intent(ChangeOrganization, (data) => {
    const organization = data.changeUserOrganization.organization;
    return {
      title: organization
        ? `${personName(data.changeUserOrganization)} now belongs to ${organization.name}`
        : `${personName(data.changeUserOrganization)} no longer belongs to an organization`,
      ...aboutPerson(data.changeUserOrganization),
    };
  }),
  disable: intent(DisableUser, (data) => ({
    title: `${personName(data.disableUser)} is disabled`,
    description: "They have been signed out everywhere, and their access tokens are revoked.",
    ...aboutPerson(data.disableUser),
  })),
  enable: intent(EnableUser, (data) => ({
    title: `${personName(data.enableUser)} can sign in again`,
    ...aboutPerson(data.enableUser),
  })),
  resend: intent(ResendInvitation, (data) => ({
    title: `Invitation sent again to ${data.resendInvitation.email ?? "them"}`,
    icon: "mail",
  })),
  cancel: intent(CancelInvitation, (data) => ({
    title: `Invitation to ${data.cancelInvitation.email ?? "them"} cancelled`,
    icon: "mail",
    params: { user: null },
  })),
  revokeSession: intent(RevokeSession, () => ({ title: "That browser is signed out", icon: "log-out" })),
});
