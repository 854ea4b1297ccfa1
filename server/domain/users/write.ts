import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { endSessionsOf } from "./session-store.ts";
import type { Database } from "../../db/client.ts";
import { organizations, userGrants, users, type UserGrant } from "../../db/schema/index.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { role } from "../core/access.ts";
import { ConflictError } from "../core/errors.ts";
import { email, id, optionalLine, rowVersion } from "../core/fields.ts";
import { revokeTokensOf } from "../tokens/write.ts";
import { colorMode, userEntity, userLabel, type User } from "./entity.ts";
import { product } from "../core/product.ts";
import { invitationMail, mailAccountChange } from "./mail.ts";

/** How long an invitation works before an admin must send it again. */
export const invitationTtlDays = 7;

/** Each invitation mails someone: an admin (or a leaked admin token) cannot turn the site into a mailer. */
const invitationLimit = { limit: 100, windowS: 60 * 60 } as const;
const invitationLimitMessage =
  "You have sent 100 invitations in the last hour. Wait a while before you send more; the limit protects the site's mail from abuse.";

/**
 * Admins who can still sign in, locked for the rest of the transaction: two admins
 * demoting each other at once cannot leave the site with none.
 */
async function refuseLastAdmin(tx: Database, user: User, doing: string): Promise<void> {
  if (user.role !== "admin" || user.status !== "active") return;
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.status, "active")))
    .for("update");
  if (admins.every((admin) => admin.id === user.id)) {
    throw new ConflictError(`${userLabel(user)} is the last admin: make someone else an admin before you ${doing}.`);
  }
}

function expiresAt(now: Date): Date {
  return new Date(now.getTime() + invitationTtlDays * 86_400_000);
}

export const inviteUser = userEntity.write({
  operation: "invite",
  doing: "invite people",
  input: z.object({
    email,
    name: optionalLine("their name", 120),
    role,
    organizationId: id.nullish(),
  }),
  run: async (scope, input): Promise<User> => {
    await scope.limit(invitationLimit, invitationLimitMessage, "invitations");
    const [existing] = await scope
      .select({ status: users.status }, sql`lower(${users.email}) = ${input.email}`)
      .limit(1);
    if (existing) {
      throw new ConflictError(
        existing.status === "invited"
          ? `${input.email} has already been invited. Send the invitation again from their row instead.`
          : `${input.email} already has an account.`,
      );
    }
    const invited = await scope.insert({
      email: input.email,
      name: input.name,
      role: input.role,
      status: "invited",
      organizationId: input.organizationId ?? null,
      invitedById: scope.actor.via === "system" ? null : scope.actor.id,
      invitationExpiresAt: expiresAt(scope.now),
      createdAt: scope.now,
      updatedAt: scope.now,
    });
    const howToSignIn = await scope.ports.invitations.prepare(scope.tx, {
      email: input.email,
      name: input.name,
      invitedAt: scope.now,
      expiresAt: expiresAt(scope.now),
    });
    await enqueueMail(scope.tx, invitationMail(scope.actor, invited, howToSignIn));
    await scope.audit({
      row: invited,
      after: { email: invited.email, name: invited.name, role: invited.role, organizationId: invited.organizationId },
    });
    return invited;
  },
});

export const resendInvitation = userEntity.write({
  operation: "resendInvitation",
  doing: "send invitations",
  input: z.object(rowVersion),
  run: async (scope, input): Promise<User> => {
    const { row: user } = await scope.target(input);
    await scope.limit(invitationLimit, invitationLimitMessage, "invitations");
    const updated = await scope.update(input, { invitationExpiresAt: expiresAt(scope.now) });
    const howToSignIn = await scope.ports.invitations.prepare(scope.tx, {
      email: updated.email ?? "",
      name: updated.name,
      invitedAt: scope.now,
      expiresAt: expiresAt(scope.now),
    });
    await enqueueMail(scope.tx, invitationMail(scope.actor, updated, howToSignIn));
    await scope.audit({
      row: updated,
      before: { invitationExpiresAt: user.invitationExpiresAt },
      after: { invitationExpiresAt: updated.invitationExpiresAt },
    });
    return updated;
  },
});

export const cancelInvitation = userEntity.write({
  operation: "delete",
  doing: "cancel invitations",
  input: z.object(rowVersion),
  run: async (scope, input): Promise<User> => {
    await scope.target(input);
    const deleted = await scope.remove(input);
    if (deleted.pictureFile) await scope.releaseFiles([deleted.pictureFile]);
    await scope.audit({
      row: deleted,
      before: { email: deleted.email, role: deleted.role, status: deleted.status },
    });
    return deleted;
  },
});

export const updateProfile = userEntity.write({
  operation: "update",
  doing: "change this profile",
  input: z.object({ ...rowVersion, name: optionalLine("your name", 120) }),
  run: async (scope, input): Promise<User> => {
    const { row: user } = await scope.target(input);
    // A name written here is the person's choice; cleared, the provider's name fills it again at sign-in.
    const updated = await scope.update(input, { name: input.name, nameChosen: input.name !== null });
    await scope.audit({ row: updated, before: { name: user.name }, after: { name: updated.name } });
    return updated;
  },
});

export const updatePreferences = userEntity.write({
  operation: "updatePreferences",
  doing: "change these preferences",
  input: z.object({
    ...rowVersion,
    colorMode: colorMode.optional(),
    docsProduct: product.nullable().optional().describe("The product generation the docs show; null: the default."),
    notifyAccountChanges: z.boolean().optional(),
    notifyNewSignIn: z.boolean().optional(),
  }),
  run: async (scope, input): Promise<User> => {
    const { row: user } = await scope.target(input);
    const { id: _id, version: _version, ...changes } = input;
    const updated = await scope.update(input, changes);
    const fields = Object.keys(changes) as (keyof typeof changes)[];
    await scope.audit({
      row: updated,
      before: Object.fromEntries(fields.map((field) => [field, user[field]])),
      after: Object.fromEntries(fields.map((field) => [field, updated[field]])),
    });
    return updated;
  },
});

export const changeUserRole = userEntity.write({
  operation: "changeRole",
  doing: "change roles",
  input: z.object({ ...rowVersion, role }),
  run: async (scope, input): Promise<User> => {
    const { row: user } = await scope.target(input);
    if (user.role === input.role) {
      scope.unchanged();
      return user;
    }
    if (input.role !== "admin") await refuseLastAdmin(scope.tx, user, "change their role");
    const updated = await scope.update(input, { role: input.role });
    await mailAccountChange(scope.tx, updated, "Your role on the Densara portal has changed", [
      `${scope.actor.label} changed your role from ${user.role} to ${updated.role}.`,
    ]);
    await scope.audit({ row: updated, before: { role: user.role }, after: { role: updated.role } });
    return updated;
  },
});

export const userGrant = z
  .enum(userGrants, { error: "Choose a duty from the list." })
  .meta({ id: "UserGrant", description: "inquiries: reads and answers the contact form's messages (personal data)." });

const grantWords: Record<UserGrant, string> = { inquiries: "answering inquiries" };

/** The duties an admin gives someone beyond their role: the whole list, as the form's boxes say. */
export const changeUserGrants = userEntity.write({
  operation: "changeGrants",
  doing: "change people's duties",
  input: z.object({
    ...rowVersion,
    // A form's unticked boxes send nothing: no list is no duties.
    grants: z
      .array(userGrant)
      .max(userGrants.length)
      .default([])
      .transform((list) => [...new Set(list)].sort()),
  }),
  run: async (scope, input): Promise<User> => {
    const { row: user } = await scope.target(input);
    if ([...user.grants].sort().join() === input.grants.join()) {
      scope.unchanged();
      return user;
    }
    const updated = await scope.update(input, { grants: input.grants });
    const duties = input.grants.map((grant) => grantWords[grant]);
    await mailAccountChange(scope.tx, updated, "Your duties on the Densara portal have changed", [
      duties.length
        ? `${scope.actor.label} gave you these duties: ${duties.join(", ")}.`
        : `${scope.actor.label} took away your duties beyond your role.`,
    ]);
    await scope.audit({ row: updated, before: { grants: user.grants }, after: { grants: updated.grants } });
    return updated;
  },
});

/** Moves a person into an organization (from any other), or out of theirs with null. */
export const changeUserOrganization = userEntity.write({
  operation: "changeOrganization",
  doing: "change who belongs to an organization",
  input: z.object({ ...rowVersion, organizationId: id.nullable() }),
  run: async (scope, input): Promise<User> => {
    const { row: user } = await scope.target(input);
    if (user.organizationId === input.organizationId) {
      scope.unchanged();
      return user;
    }
    const updated = await scope.update(input, { organizationId: input.organizationId });
    const named = await organizationNames(scope.tx, [user.organizationId, updated.organizationId]);
    await scope.audit({
      row: updated,
      before: { organization: user.organizationId ? (named.get(user.organizationId) ?? null) : null },
      after: { organization: updated.organizationId ? (named.get(updated.organizationId) ?? null) : null },
    });
    return updated;
  },
});

/** Organizations' names as the activity log keeps them (an id means nothing to a reader later). */
async function organizationNames(tx: Database, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = ids.filter((value): value is string => value !== null);
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export const disableUser = userEntity.write({
  operation: "disable",
  doing: "disable users",
  input: z.object(rowVersion),
  run: async (scope, input): Promise<User> => {
    const { row: user, done } = await scope.target(input);
    if (done) return user;
    await refuseLastAdmin(scope.tx, user, "disable them");
    const updated = await scope.update(input, { status: "disabled", disabledAt: scope.now });
    // Signed out everywhere at once, at the provider too, and their scripts stop: enabling them later brings none of it back.
    const sessionsEnded = await endSessionsOf(scope.tx, user.id);
    const tokensRevoked = await revokeTokensOf(scope.tx, user.id, scope.now);
    await scope.ports.providerSessions.endFor(scope.tx, user);
    await scope.audit({
      row: updated,
      before: { status: user.status },
      after: { status: updated.status, sessionsEnded, tokensRevoked },
    });
    return updated;
  },
});

export const enableUser = userEntity.write({
  operation: "enable",
  doing: "enable users",
  input: z.object(rowVersion),
  run: async (scope, input): Promise<User> => {
    const { row: user, done } = await scope.target(input);
    if (done) return user;
    const updated = await scope.update(input, { status: "active", disabledAt: null });
    await mailAccountChange(scope.tx, updated, "Your Densara account is enabled again", [
      `${scope.actor.label} has enabled your account: you can sign in again.`,
    ]);
    await scope.audit({ row: updated, before: { status: user.status }, after: { status: updated.status } });
    return updated;
  },
});
