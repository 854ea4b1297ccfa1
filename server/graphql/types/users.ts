import { roles } from "../../domain/access.ts";
import {
  cancelInvitation,
  changeUserRole,
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
  updatePreferences,
  updateProfile,
  userSorts,
  countUsersByStatus,
} from "../../domain/users.ts";
import { updatePicture } from "../../domain/pictures.ts";
import { builder } from "../builder.ts";
import { connectionType, pageFrom, SortDirection } from "./pagination.ts";
import { OrganizationRef, SessionRef, UserRef } from "./refs.ts";

export const RoleEnum = builder.enumType("Role", {
  description: "admin: everything. editor: docs, media and releases. viewer: reads published releases and docs.",
  values: roles,
});
export const UserStatusEnum = builder.enumType("UserStatus", { values: ["invited", "active", "disabled"] as const });
export const ColorModeEnum = builder.enumType("ColorMode", { values: ["light", "dark", "system"] as const });
const UserSortEnum = builder.enumType("UserSort", { values: userSorts });

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
    status: t.expose("status", { type: UserStatusEnum }),
    organization: t.field({
      type: OrganizationRef,
      nullable: true,
      resolve: (user, _args, context) =>
        user.organizationId ? context.loaders.organization.load(user.organizationId) : null,
    }),
    colorMode: t.expose("colorMode", { type: ColorModeEnum }),
    notifyAccountChanges: t.exposeBoolean("notifyAccountChanges"),
    notifyNewSignIn: t.exposeBoolean("notifyNewSignIn"),
    invitationExpiresAt: t.expose("invitationExpiresAt", { type: "DateTime", nullable: true }),
    disabledAt: t.expose("disabledAt", { type: "DateTime", nullable: true }),
    lastSignInAt: t.expose("lastLoginAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    version: t.exposeInt("version"),
    sessions: t.field({
      type: [SessionRef],
      description: "The user's signed-in browsers, most recently used first (admins, and the user themself).",
      resolve: (user, _args, context) => listUserSessions(context.domain, { userId: user.id }),
    }),
  }),
});

const UserConnection = connectionType("User", UserRef);

const UserCountsType = builder
  .objectRef<{ invited: number; active: number; disabled: number }>("UserCounts")
  .implement({
    description: "How many users there are by status, among those the reader may see.",
    fields: (t) => ({
      invited: t.exposeInt("invited"),
      active: t.exposeInt("active"),
      disabled: t.exposeInt("disabled"),
    }),
  });

builder.queryFields((t) => ({
  userCounts: t.field({
    type: UserCountsType,
    resolve: (_root, _args, context) => countUsersByStatus(context.domain, {}),
  }),
  users: t.field({
    type: UserConnection,
    description: "People who may sign in. Admins see everyone; others see only themselves.",
    args: {
      search: t.arg.string({ description: "Part of a name or email address." }),
      role: t.arg({ type: RoleEnum }),
      status: t.arg({ type: UserStatusEnum }),
      organizationId: t.arg.id(),
      sort: t.arg({ type: UserSortEnum }),
      direction: t.arg({ type: SortDirection }),
      first: t.arg.int(),
      after: t.arg.string(),
      last: t.arg.int(),
      before: t.arg.string(),
    },
    resolve: (_root, args, context) =>
      listUsers(context.domain, {
        search: args.search ?? undefined,
        role: args.role ?? undefined,
        status: args.status ?? undefined,
        organizationId: args.organizationId ?? undefined,
        sort: args.sort ?? undefined,
        direction: args.direction ?? undefined,
        page: pageFrom(args),
      }),
  }),
  user: t.field({
    type: UserRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => getUser(context.domain, { id: args.id }),
  }),
}));

const InviteUserInput = builder.inputType("InviteUserInput", {
  fields: (t) => ({
    email: t.string({ required: true }),
    name: t.string(),
    role: t.field({ type: RoleEnum }),
    organizationId: t.id(),
  }),
});

const UserVersionInput = builder.inputType("UserVersionInput", {
  description: "A user, at the version the caller last read.",
  fields: (t) => ({ id: t.id({ required: true }), version: t.int({ required: true }) }),
});

const UpdateProfileInput = builder.inputType("UpdateProfileInput", {
  fields: (t) => ({ id: t.id({ required: true }), version: t.int({ required: true }), name: t.string() }),
});

const UpdatePictureInput = builder.inputType("UpdatePictureInput", {
  fields: (t) => ({
    id: t.id({ required: true }),
    version: t.int({ required: true }),
    picture: t.field({
      type: "File",
      description:
        "A JPEG, PNG, WebP, GIF or AVIF image up to 5 MB, kept as a 256 px square; null removes the picture.",
    }),
  }),
});

const UpdatePreferencesInput = builder.inputType("UpdatePreferencesInput", {
  fields: (t) => ({
    id: t.id({ required: true }),
    version: t.int({ required: true }),
    colorMode: t.field({ type: ColorModeEnum }),
    notifyAccountChanges: t.boolean(),
    notifyNewSignIn: t.boolean(),
  }),
});

const ChangeRoleInput = builder.inputType("ChangeRoleInput", {
  fields: (t) => ({
    id: t.id({ required: true }),
    version: t.int({ required: true }),
    role: t.field({ type: RoleEnum, required: true }),
  }),
});

const RevokeSessionInput = builder.inputType("RevokeSessionInput", {
  fields: (t) => ({ userId: t.id({ required: true }), sessionId: t.id({ required: true }) }),
});

builder.mutationFields((t) => ({
  inviteUser: t.field({
    type: UserRef,
    description: "Invites someone by email; the invitation works for 7 days.",
    args: { input: t.arg({ type: InviteUserInput, required: true }) },
    resolve: (_root, { input }, context) =>
      inviteUser(context.domain, {
        email: input.email,
        name: input.name,
        role: input.role ?? undefined,
        organizationId: input.organizationId,
      }),
  }),
  resendInvitation: t.field({
    type: UserRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => resendInvitation(context.domain, { id: args.id }),
  }),
  cancelInvitation: t.field({
    type: UserRef,
    description: "Deletes an invitation nobody has accepted yet; returns it as it was.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => cancelInvitation(context.domain, { id: args.id }),
  }),
  updateProfile: t.field({
    type: UserRef,
    args: { input: t.arg({ type: UpdateProfileInput, required: true }) },
    resolve: (_root, { input }, context) => updateProfile(context.domain, input),
  }),
  updatePicture: t.field({
    type: UserRef,
    description:
      "Sets or removes a person's picture (your own; an admin's, anyone's). Send the file in a multipart request.",
    args: { input: t.arg({ type: UpdatePictureInput, required: true }) },
    resolve: async (_root, { input }, context) =>
      updatePicture(context.domain, {
        id: input.id,
        version: input.version,
        picture: input.picture ? new Uint8Array(await input.picture.arrayBuffer()) : null,
      }),
  }),
  updatePreferences: t.field({
    type: UserRef,
    args: { input: t.arg({ type: UpdatePreferencesInput, required: true }) },
    resolve: (_root, { input }, context) =>
      updatePreferences(context.domain, {
        id: input.id,
        version: input.version,
        colorMode: input.colorMode ?? undefined,
        notifyAccountChanges: input.notifyAccountChanges ?? undefined,
        notifyNewSignIn: input.notifyNewSignIn ?? undefined,
      }),
  }),
  changeUserRole: t.field({
    type: UserRef,
    args: { input: t.arg({ type: ChangeRoleInput, required: true }) },
    resolve: (_root, { input }, context) => changeUserRole(context.domain, input),
  }),
  disableUser: t.field({
    type: UserRef,
    description: "Signs the user out everywhere at once and refuses their sign-ins until enabled.",
    args: { input: t.arg({ type: UserVersionInput, required: true }) },
    resolve: (_root, { input }, context) => disableUser(context.domain, input),
  }),
  enableUser: t.field({
    type: UserRef,
    args: { input: t.arg({ type: UserVersionInput, required: true }) },
    resolve: (_root, { input }, context) => enableUser(context.domain, input),
  }),
  revokeSession: t.field({
    type: SessionRef,
    args: { input: t.arg({ type: RevokeSessionInput, required: true }) },
    resolve: (_root, { input }, context) => revokeUserSession(context.domain, input),
  }),
  signOutOtherSessions: t.int({
    description: "Ends every session of yours but this one; returns how many ended.",
    resolve: (_root, _args, context) => signOutOtherSessions(context.domain, { keepSessionId: context.sessionId }),
  }),
}));
