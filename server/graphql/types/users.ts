import { role } from "../../domain/core/access.ts";
import {
  listDisabledWithLiveTokens,
  listFailedSignIns,
  listLapsingInvitations,
  type FailedSignIns,
  cancelInvitation,
  changeUserOrganization,
  changeUserGrants,
  changeUserRole,
  userGrant,
  colorMode,
  countUsersByStatus,
  disableUser,
  enableUser,
  getUser,
  inviteUser,
  isUploadedPicture,
  listUserSessions,
  listUsers,
  resendInvitation,
  revokeUserSession,
  signOutOtherSessions,
  updatePicture,
  updatePreferences,
  updateProfile,
  userEntity,
  userStatus,
  type User,
} from "../../domain/users/index.ts";
import { product } from "../../domain/core/product.ts";
import { builder } from "../builder.ts";
import { enumRef } from "../from-zod.ts";
import { mutationField, queryField, rowCapabilities } from "../operations.ts";
import { connectionType } from "./pagination.ts";
import { OrganizationRef, SessionRef, UserRef } from "./refs.ts";

export const RoleEnum = enumRef(role);

SessionRef.implement({
  description: "A signed-in browser. Its secret never leaves the server.",
  fields: (t) => ({
    id: t.exposeID("id"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    lastSeenAt: t.expose("lastSeenAt", { type: "DateTime" }),
    expiresAt: t.expose("expiresAt", { type: "DateTime" }),
    userAgent: t.exposeString("userAgent", { nullable: true }),
    address: t.exposeString("address", { nullable: true }),
    current: t.boolean({
      description: "Whether this is the session making the request.",
      resolve: (session, _args, context) => session.id === context.sessionId,
    }),
  }),
});

const UserCan = rowCapabilities<User>(userEntity, (user) => user.id);

UserRef.implement({
  description: "A person who may sign in: invited by an admin, or known from a sign-in.",
  fields: (t) => ({
    id: t.exposeID("id"),
    email: t.exposeString("email", { nullable: true }),
    name: t.exposeString("name", { nullable: true }),
    picture: t.string({
      nullable: true,
      description:
        "The address of the person's picture on this site (uploaded in their settings), or null. A picture a sign-in provider offers is not shown: pages load no image from another site.",
      resolve: (user) => (isUploadedPicture(user.picture) ? user.picture : null),
    }),
    role: t.expose("role", { type: RoleEnum }),
    grants: t.field({
      type: [enumRef(userGrant)],
      description: "Duties an admin gave beyond the role.",
      resolve: (user) => user.grants,
    }),
    status: t.expose("status", { type: enumRef(userStatus) }),
    organization: t.field({
      type: OrganizationRef,
      nullable: true,
      resolve: (user, _args, context) =>
        user.organizationId ? context.loaders.organization.load(user.organizationId) : null,
    }),
    colorMode: t.expose("colorMode", { type: enumRef(colorMode) }),
    docsProduct: t.expose("docsProduct", {
      type: enumRef(product),
      nullable: true,
      description: "The product generation they chose for the docs; null: their organization's, else the newest.",
    }),
    notifyAccountChanges: t.exposeBoolean("notifyAccountChanges"),
    notifyNewSignIn: t.exposeBoolean("notifyNewSignIn"),
    invitationExpiresAt: t.expose("invitationExpiresAt", { type: "DateTime", nullable: true }),
    disabledAt: t.expose("disabledAt", { type: "DateTime", nullable: true }),
    lastSignInAt: t.expose("lastLoginAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    version: t.exposeInt("version", { description: "Name it when you change this user: a newer one is a conflict." }),
    can: t.field({ type: UserCan, resolve: (user) => user }),
    sessions: t.field({
      type: [SessionRef],
      description: "The user's signed-in browsers, most recently used first (admins, and the user themself).",
      resolve: (user, _args, context) => listUserSessions(context.domain, { userId: user.id }),
    }),
  }),
});

const UserCounts = builder.objectRef<{ invited: number; active: number; disabled: number }>("UserCounts").implement({
  description: "How many users there are by status, among those the reader may see.",
  fields: (t) => ({
    invited: t.exposeInt("invited"),
    active: t.exposeInt("active"),
    disabled: t.exposeInt("disabled"),
  }),
});

const UserConnection = connectionType("User", UserRef);

const FailedSignInRef = builder.objectRef<FailedSignIns>("FailedSignIn").implement({
  description: "Wrong passwords given for one person's account since they last signed in.",
  fields: (t) => ({
    user: t.field({ type: UserRef, resolve: (row) => row.user }),
    failures: t.exposeInt("failures", { description: "How many wrong passwords since their last sign-in." }),
    lastFailedAt: t.expose("lastFailedAt", { type: "DateTime" }),
  }),
});

const FailedSignInsRef = builder.objectRef<{ available: boolean; rows: FailedSignIns[] }>("FailedSignIns").implement({
  fields: (t) => ({
    available: t.exposeBoolean("available", {
      description:
        "Whether the site sees wrong passwords: true with the embedded sign-in; an external provider keeps its own records.",
    }),
    rows: t.field({ type: [FailedSignInRef], resolve: (result) => result.rows }),
  }),
});

queryField("userCounts", { operation: countUsersByStatus, type: UserCounts });
queryField("lapsingInvitations", {
  operation: listLapsingInvitations,
  type: UserConnection,
  description: "Invitations that stop working within withinDays, or already have, the soonest first.",
});
queryField("disabledUsersWithLiveTokens", {
  operation: listDisabledWithLiveTokens,
  type: UserConnection,
  description: "Disabled people whose personal access tokens still work (there should be none).",
});
queryField("failedSignIns", {
  operation: listFailedSignIns,
  type: FailedSignInsRef,
  description: "People who gave a wrong password within withinHours and have not signed in since, the latest first.",
});
queryField("users", {
  operation: listUsers,
  type: UserConnection,
  description: "People who may sign in. Admins see everyone; others see only themselves.",
});
queryField("user", { operation: getUser, type: UserRef });

mutationField("inviteUser", {
  operation: inviteUser,
  type: UserRef,
  description: "Invites someone by email; the invitation works for 7 days.",
});
mutationField("resendInvitation", { operation: resendInvitation, type: UserRef });
mutationField("cancelInvitation", {
  operation: cancelInvitation,
  type: UserRef,
  description: "Deletes an invitation nobody has accepted yet; returns it as it was.",
});
mutationField("updateProfile", { operation: updateProfile, type: UserRef });
mutationField("updatePicture", {
  operation: updatePicture,
  type: UserRef,
  description:
    "Sets or removes a person's picture (your own; an admin's, anyone's). Send the file in a multipart request.",
});
mutationField("updatePreferences", { operation: updatePreferences, type: UserRef });
mutationField("changeUserRole", { operation: changeUserRole, type: UserRef });
mutationField("changeUserGrants", {
  operation: changeUserGrants,
  type: UserRef,
  description: "Sets the duties beyond the role (the whole list), at the version you read.",
});
mutationField("changeUserOrganization", {
  operation: changeUserOrganization,
  type: UserRef,
  description: "Moves a person into an organization (from any other), or out of theirs with organizationId null.",
});
mutationField("disableUser", {
  operation: disableUser,
  type: UserRef,
  description:
    "Signs the user out everywhere at once, revokes their access tokens, and refuses their sign-ins until enabled.",
});
mutationField("enableUser", { operation: enableUser, type: UserRef });
mutationField("revokeSession", {
  operation: revokeUserSession,
  type: SessionRef,
  description: "Signs out one browser: yours, or (admins) anyone's. Returns it as it was.",
});
mutationField("signOutOtherSessions", {
  operation: signOutOtherSessions,
  type: "Int",
  description: "Ends every session of yours but this one; returns how many ended.",
  inputFromRequest: (context) => ({ keepSessionId: context.sessionId }),
});
