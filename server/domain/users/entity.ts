import { eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { colorModeEnum, userStatusEnum, users } from "../../db/schema/index.ts";
import { allow, type Actor, type Role } from "../core/access.ts";
import { defineEntity, type RowVerdict } from "../core/entity.ts";
import { ConflictError, ForbiddenError } from "../core/errors.ts";

export type User = typeof users.$inferSelect;
export type UserStatus = User["status"];
export type { Role };

export const userStatus = z
  .enum(userStatusEnum.enumValues, { error: "Choose a status from the list: invited, active or disabled." })
  .meta({ id: "UserStatus" });
export const colorMode = z
  .enum(colorModeEnum.enumValues, { error: "Choose light, dark or the same as your device (system)." })
  .meta({ id: "ColorMode" });

/** How a user is named in lists and the activity log. */
export function userLabel(user: Pick<User, "name" | "email">): string {
  return user.name ?? user.email ?? "Unnamed user";
}

/** The actor a signed-in person acts as. */
export function actorFor(user: User, via: Actor["via"], role: Role = user.role): Actor {
  return { id: user.id, role, organizationId: user.organizationId, label: userLabel(user), via, grants: user.grants };
}

const self = (actor: Actor): SQL => eq(users.id, actor.id);
const allowed = (): RowVerdict => "allowed";

/**
 * People who may sign in. Admins manage everyone; everyone else sees and edits only
 * themselves: their profile, their preferences and their own sessions.
 */
export const userEntity = defineEntity({
  name: "user",
  plural: "Users",
  table: users,
  label: userLabel,
  notFound: "That user does not exist.",
  rules: {
    read: allow.roleOrRows("admin", self),
    invite: allow.role("admin"),
    update: allow.roleOrRows("admin", self),
    updatePreferences: allow.rows(self),
    changeRole: allow.role("admin"),
    changeGrants: allow.role("admin"),
    changeOrganization: allow.role("admin"),
    disable: allow.role("admin"),
    enable: allow.role("admin"),
    resendInvitation: allow.role("admin"),
    delete: allow.role("admin"),
    readSessions: allow.roleOrRows("admin", self),
    revokeSession: allow.roleOrRows("admin", self),
    /** The overview's reads about everyone (invitations about to lapse, failed sign-ins): admins. */
    oversee: allow.role("admin"),
  },
  rowChecks: {
    update: allowed,
    updatePreferences: allowed,
    changeOrganization: allowed,
    changeGrants: allowed,
    revokeSession: allowed,
    changeRole: (user, actor) =>
      user.id === actor.id ? new ForbiddenError("You cannot change your own role: ask another admin.") : "allowed",
    disable: (user, actor) => {
      if (user.id === actor.id) return new ForbiddenError("You cannot disable your own account.");
      if (user.status === "invited") {
        return new ConflictError(`${userLabel(user)} has not accepted their invitation yet: cancel it instead.`);
      }
      return user.status === "disabled" ? "done" : "allowed";
    },
    enable: (user) => (user.status === "disabled" ? "allowed" : "done"),
    resendInvitation: (user) =>
      user.status === "invited"
        ? "allowed"
        : new ConflictError(`${userLabel(user)} has already accepted their invitation.`),
    delete: (user) =>
      user.status === "invited"
        ? "allowed"
        : new ConflictError(
            `${userLabel(user)} has already signed in, so their account cannot be deleted: disable it instead.`,
          ),
  },
  actions: {
    signIn: { words: "signed in", label: "Signed in" },
    firstSignIn: { words: "signed in for the first time", label: "First sign-in" },
    acceptInvitation: { words: "accepted an invitation", label: "Invitation accepted" },
    invite: { words: "invited", label: "Person invited" },
    resendInvitation: { words: "sent an invitation again to", label: "Invitation sent again" },
    delete: { words: "cancelled the invitation of", label: "Invitation cancelled" },
    update: { words: "changed the profile of", label: "Profile changed" },
    updatePreferences: { words: "changed the preferences of", label: "Preferences changed" },
    updatePicture: { words: "changed the picture of", label: "Picture changed" },
    removePicture: { words: "removed the picture of", label: "Picture removed" },
    changeRole: { words: "changed the role of", label: "Role changed" },
    changeGrants: { words: "changed the duties of", label: "Duties changed" },
    changeOrganization: { words: "changed the organization of", label: "Organization of a person changed" },
    disable: { words: "disabled", label: "Person disabled" },
    enable: { words: "enabled", label: "Person enabled" },
    revokeSession: { words: "ended a session of", label: "Session ended" },
    signOutOthers: { words: "signed out their other sessions:", label: "Other sessions signed out" },
  },
  constraints: {
    users_organization_id_organizations_id_fk: () => ({ organizationId: "That organization does not exist." }),
  },
});
