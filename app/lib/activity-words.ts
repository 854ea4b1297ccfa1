/** The activity log's actions in words: "Ana Díaz changed a role: Ben Ode". */
const words: Record<string, string> = {
  "user.signIn": "signed in",
  "user.firstSignIn": "signed in for the first time",
  "user.acceptInvitation": "accepted an invitation",
  "user.invite": "invited",
  "user.resendInvitation": "sent an invitation again to",
  "user.delete": "cancelled the invitation of",
  "user.update": "changed the profile of",
  "user.updatePreferences": "changed the preferences of",
  "user.updatePicture": "changed the picture of",
  "user.removePicture": "removed the picture of",
  "user.changeRole": "changed the role of",
  "user.disable": "disabled",
  "user.enable": "enabled",
  "user.revokeSession": "ended a session of",
  "user.signOutOthers": "signed out their other sessions:",
  "organization.create": "added the organization",
  "organization.update": "edited the organization",
  "organization.delete": "deleted the organization",
  "organization.addMember": "added a member to",
  "organization.removeMember": "removed a member from",
  "organization.setPublicListing": "changed the public listing of",
  "organization.certify": "changed the certification of",
  "setting.update": "changed the site setting",
  "token.create": "created the access token",
  "token.revoke": "revoked the access token",
};

export function actionWords(action: string): string {
  return words[action] ?? action;
}

/** Record types as people say them, for the filters. */
export const targetTypeLabels: Record<string, string> = {
  user: "Users",
  organization: "Organizations",
  setting: "Site settings",
  token: "Access tokens",
};
