import { and, count, eq, ilike, inArray, ne, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import {
  endSessionById,
  endSessionsOf,
  hasSessionFrom,
  listSessionsOf,
  type SessionSummary,
} from "../auth/sessions.ts";
import type { Database } from "../db/client.ts";
import { organizations, users } from "../db/schema.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { allow, defineAccess, roles, type Actor, type Role } from "./access.ts";
import { recordActivity } from "./activity-log.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "./errors.ts";
import { email, id, likePattern, optionalText, searchText, versionField } from "./fields.ts";
import { defineOperation, type Scope } from "./operation.ts";
import { pageArgs, pageOf, pageQuery, type Connection, type SortKey } from "./pagination.ts";

export type User = typeof users.$inferSelect;
export type UserStatus = User["status"];
export type { Role };

/** How long an invitation works before an admin must send it again. */
export const invitationTtlDays = 7;

const self = (actor: Actor): SQL => eq(users.id, actor.id);

/**
 * Admins manage everyone. Everyone else sees and edits only themselves: their profile,
 * their preferences and their own sessions.
 */
export const userAccess = defineAccess("user", {
  read: allow.roleOrRows("admin", self),
  invite: allow.role("admin"),
  update: allow.roleOrRows("admin", self),
  updatePreferences: allow.rows(self),
  changeRole: allow.role("admin"),
  disable: allow.role("admin"),
  enable: allow.role("admin"),
  resendInvitation: allow.role("admin"),
  delete: allow.role("admin"),
  readSessions: allow.roleOrRows("admin", self),
  revokeSession: allow.roleOrRows("admin", self),
});

/** How a user is named in lists and the activity log. */
export function userLabel(user: Pick<User, "name" | "email">): string {
  return user.name ?? user.email ?? "Unnamed user";
}

/** The actor a signed-in person acts as. */
export function actorFor(user: User, via: Actor["via"], role: Role = user.role): Actor {
  return { id: user.id, role, organizationId: user.organizationId, label: userLabel(user), via };
}

function normalizeEmail(address: string | null | undefined): string | null {
  const trimmed = address?.trim().toLowerCase();
  return trimmed ? trimmed : null;
}

/** Where a person's uploaded picture is served; the version makes each upload a new address. */
export function picturePath(userId: string, version: number): string {
  return `/dashboard/pictures/${userId}?v=${version}`;
}

/**
 * A picture the site serves itself (uploaded in the settings), rather than one a sign-in
 * provider's address points at. Only these are shown: the page's policy loads no image
 * from another site, so no provider learns who reads the portal.
 */
export function isUploadedPicture(picture: string | null): boolean {
  return picture?.startsWith("/dashboard/pictures/") ?? false;
}

/** Only https pictures are kept: anything else would be a mixed-content or tracking hazard in the header. */
function safePicture(picture: string | null | undefined): string | null {
  if (!picture) return null;
  try {
    return new URL(picture).protocol === "https:" ? picture : null;
  } catch {
    return null;
  }
}

/** The row an operation is about, within the rule's rows: missing is "not found", outside the rows "forbidden". */
export async function targetUser(scope: Scope<Actor>, userId: string, refusal: string): Promise<User> {
  const [row] = await scope.db
    .select({ user: users, allowed: scope.rows ? sql<boolean>`${scope.rows}` : sql<boolean>`true` })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new NotFoundError("That user does not exist.");
  if (!row.allowed) throw new ForbiddenError(refusal);
  return row.user;
}

/** Updates one user at the version the caller read; a stale version is a conflict, never an overwrite. */
export async function updateUser(
  scope: Scope<Actor>,
  user: User,
  expectedVersion: number | undefined,
  changes: Partial<typeof users.$inferInsert>,
): Promise<User> {
  const conditions = [eq(users.id, user.id)];
  if (expectedVersion !== undefined) conditions.push(eq(users.version, expectedVersion));
  const [updated] = await scope.db
    .update(users)
    .set({ ...changes, version: sql`${users.version} + 1`, updatedAt: scope.now })
    .where(and(...conditions))
    .returning();
  if (!updated) {
    throw new ConflictError(
      `${userLabel(user)} was changed by someone else while you were editing. Reload to see the latest, then try again.`,
    );
  }
  return updated;
}

/**
 * Admins who can still sign in, locked for the rest of the transaction: two admins
 * demoting each other at once cannot leave the site with none.
 */
async function lockActiveAdmins(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.status, "active")))
    .for("update");
  return rows.map((row) => row.id);
}

async function refuseLastAdmin(scope: Scope<Actor>, user: User, doing: string): Promise<void> {
  if (user.role !== "admin" || user.status !== "active") return;
  const admins = await lockActiveAdmins(scope.db);
  if (admins.filter((adminId) => adminId !== user.id).length === 0) {
    throw new ConflictError(`${userLabel(user)} is the last admin: make someone else an admin before you ${doing}.`);
  }
}

async function mailIfWanted(db: Database, user: User, subject: string, lines: string[]): Promise<void> {
  if (!user.email || !user.notifyAccountChanges || user.status === "invited") return;
  await enqueueMail(db, {
    to: user.email,
    subject,
    text: [
      `Hello ${user.name ?? user.email},`,
      "",
      ...lines,
      "",
      "You receive these messages because of the notification settings of your Densara account.",
    ].join("\n"),
  });
}

// ---------------------------------------------------------------------------------------
// Reading

export const userSorts = ["created", "name", "email", "lastSignIn"] as const;
export type UserSort = (typeof userSorts)[number];

const sortKeys: Record<UserSort, Omit<SortKey, "direction">> = {
  created: { key: users.createdAt, type: "timestamptz", id: users.id },
  name: { key: sql`lower(coalesce(${users.name}, ${users.email}, ''))`, type: "text", id: users.id },
  email: { key: sql`lower(coalesce(${users.email}, ''))`, type: "text", id: users.id },
  lastSignIn: {
    key: sql`coalesce(${users.lastLoginAt}, '-infinity'::timestamptz)`,
    type: "timestamptz",
    id: users.id,
  },
};

/** A row's place in the order, for its cursor; `key` is the sort key as the database computed it. */
function sortValue(user: User, sort: UserSort, key: string): string {
  switch (sort) {
    case "created":
      return user.createdAt.toISOString();
    case "name":
    case "email":
      // The database's lower(), not JavaScript's: they differ for some letters (İ, a final Σ),
      // and a cursor that does not match its row's key skips rows or pages in a circle.
      return key;
    case "lastSignIn":
      return user.lastLoginAt?.toISOString() ?? "-infinity";
  }
}

const listInput = z.object({
  search: searchText,
  role: z.enum(roles).optional(),
  status: z.enum(["invited", "active", "disabled"]).optional(),
  organizationId: id.optional(),
  sort: z.enum(userSorts).default("created"),
  direction: z.enum(["asc", "desc"]).default("desc"),
  page: pageArgs.prefault({}),
});

export const listUsers = defineOperation({
  access: userAccess,
  operation: "read",
  doing: "see the list of users",
  input: listInput,
  write: false,
  run: async (scope, input): Promise<Connection<User>> => {
    const sort = { ...sortKeys[input.sort], direction: input.direction };
    const page = pageQuery(sort, input.page);
    const conditions: (SQL | undefined)[] = [scope.rows, page.where];
    if (input.search) {
      conditions.push(
        ilike(
          sql`lower(coalesce(${users.name}, '') || ' ' || coalesce(${users.email}, ''))`,
          likePattern(input.search),
        ),
      );
    }
    if (input.role) conditions.push(eq(users.role, input.role));
    if (input.status) conditions.push(eq(users.status, input.status));
    if (input.organizationId) conditions.push(eq(users.organizationId, input.organizationId));
    const rows = await scope.db
      .select({ user: users, key: sql<string>`${sort.key}::text` })
      .from(users)
      .where(and(...conditions))
      .orderBy(...page.orderBy)
      .limit(page.limit);
    const connection = pageOf(rows, page, input.page, (row) => [sortValue(row.user, input.sort, row.key), row.user.id]);
    return { ...connection, nodes: connection.nodes.map((row) => row.user) };
  },
});

export const getUser = defineOperation({
  access: userAccess,
  operation: "read",
  doing: "see this user",
  input: z.object({ id }),
  write: false,
  run: async (scope, input): Promise<User> => targetUser(scope, input.id, "You can only see your own account."),
});

/** Users by id, for the API's batched lookups; rows outside the reader's reach are left out. */
export const getUsersByIds = defineOperation({
  access: userAccess,
  operation: "read",
  doing: "see these users",
  input: z.object({ ids: z.array(id).max(500) }),
  write: false,
  run: async (scope, input): Promise<User[]> => {
    if (input.ids.length === 0) return [];
    return scope.db
      .select()
      .from(users)
      .where(and(inArray(users.id, input.ids), scope.rows));
  },
});

export const countUsersByStatus = defineOperation({
  access: userAccess,
  operation: "read",
  doing: "count users",
  input: z.object({}),
  write: false,
  run: async (scope): Promise<Record<UserStatus, number>> => {
    const rows = await scope.db
      .select({ status: users.status, value: count() })
      .from(users)
      .where(scope.rows)
      .groupBy(users.status);
    const counts: Record<UserStatus, number> = { invited: 0, active: 0, disabled: 0 };
    for (const row of rows) counts[row.status] = row.value;
    return counts;
  },
});

export const listUserSessions = defineOperation({
  access: userAccess,
  operation: "readSessions",
  doing: "see this user's sessions",
  input: z.object({ userId: id }),
  write: false,
  run: async (scope, input): Promise<SessionSummary[]> => {
    await targetUser(scope, input.userId, "You can only see your own sessions.");
    return listSessionsOf(scope.db, input.userId, scope.now);
  },
});

// ---------------------------------------------------------------------------------------
// Writing

const organizationField = id.nullable().optional();

async function requireOrganization(db: Database, organizationId: string | null | undefined): Promise<void> {
  if (!organizationId) return;
  const [found] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!found) throw new NotFoundError("That organization does not exist.");
}

function invitationMail(
  scope: Scope<Actor>,
  invitee: User,
  howToSignIn: string,
): { to: string; subject: string; text: string } {
  const expires = invitee.invitationExpiresAt?.toUTCString() ?? "";
  return {
    to: invitee.email ?? "",
    subject: "You are invited to the Densara portal",
    text: [
      `Hello${invitee.name ? ` ${invitee.name}` : ""},`,
      "",
      `${scope.actor.label} has invited you to the Densara portal as ${/^[aeiou]/.test(invitee.role) ? "an" : "a"} ${invitee.role}.`,
      "",
      howToSignIn,
      "",
      `This invitation works until ${expires}. If you did not expect it, ignore this message.`,
    ].join("\n"),
  };
}

export const inviteUser = defineOperation({
  access: userAccess,
  operation: "invite",
  doing: "invite people",
  input: z.object({
    email,
    name: optionalText(120),
    role: z.enum(roles).default("viewer"),
    organizationId: organizationField,
  }),
  write: true,
  run: async (scope, input): Promise<User> => {
    const address = input.email;
    const [existing] = await scope.db
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(sql`lower(${users.email}) = ${address}`)
      .limit(1);
    if (existing) {
      throw new ConflictError(
        existing.status === "invited"
          ? `${address} has already been invited. Send the invitation again from their row instead.`
          : `${address} already has an account.`,
      );
    }
    await requireOrganization(scope.db, input.organizationId);
    const expiresAt = new Date(scope.now.getTime() + invitationTtlDays * 86_400_000);
    const [invited] = await scope.db
      .insert(users)
      .values({
        email: address,
        name: input.name,
        role: input.role,
        status: "invited",
        organizationId: input.organizationId ?? null,
        invitedById: scope.actor.via === "system" ? null : scope.actor.id,
        invitationExpiresAt: expiresAt,
        createdAt: scope.now,
        updatedAt: scope.now,
      })
      .returning();
    if (!invited) throw new Error("the invitation was not saved");
    const howToSignIn = await scope.ports.invitations.prepare(scope.db, {
      email: address,
      name: input.name,
      invitedAt: scope.now,
      expiresAt,
    });
    await enqueueMail(scope.db, invitationMail(scope, invited, howToSignIn));
    await scope.audit({
      target: { type: "user", id: invited.id, label: userLabel(invited) },
      after: { email: invited.email, name: invited.name, role: invited.role, organizationId: invited.organizationId },
    });
    return invited;
  },
});

export const resendInvitation = defineOperation({
  access: userAccess,
  operation: "resendInvitation",
  doing: "send invitations",
  input: z.object({ id }),
  write: true,
  run: async (scope, input): Promise<User> => {
    const user = await targetUser(scope, input.id, "Only admins send invitations.");
    if (user.status !== "invited" || !user.email) {
      throw new ConflictError(`${userLabel(user)} has already accepted their invitation.`);
    }
    const expiresAt = new Date(scope.now.getTime() + invitationTtlDays * 86_400_000);
    const updated = await updateUser(scope, user, undefined, { invitationExpiresAt: expiresAt });
    const howToSignIn = await scope.ports.invitations.prepare(scope.db, {
      email: user.email,
      name: user.name,
      invitedAt: scope.now,
      expiresAt,
    });
    await enqueueMail(scope.db, invitationMail(scope, updated, howToSignIn));
    await scope.audit({
      target: { type: "user", id: user.id, label: userLabel(user) },
      before: { invitationExpiresAt: user.invitationExpiresAt },
      after: { invitationExpiresAt: updated.invitationExpiresAt },
    });
    return updated;
  },
});

export const cancelInvitation = defineOperation({
  access: userAccess,
  operation: "delete",
  doing: "cancel invitations",
  input: z.object({ id }),
  write: true,
  run: async (scope, input): Promise<User> => {
    const user = await targetUser(scope, input.id, "Only admins cancel invitations.");
    if (user.status !== "invited") {
      throw new ConflictError(
        `${userLabel(user)} has already signed in, so their account cannot be deleted: disable it instead.`,
      );
    }
    await scope.db.delete(users).where(eq(users.id, user.id));
    await scope.audit({
      target: { type: "user", id: user.id, label: userLabel(user) },
      before: { email: user.email, role: user.role, status: user.status },
    });
    return user;
  },
});

export const updateProfile = defineOperation({
  access: userAccess,
  operation: "update",
  doing: "change this profile",
  input: z.object({
    id,
    version: versionField,
    name: optionalText(120),
  }),
  write: true,
  run: async (scope, input): Promise<User> => {
    const user = await targetUser(scope, input.id, "You can only change your own profile.");
    // A name written here is the person's choice; cleared, the provider's name fills it again at sign-in.
    const updated = await updateUser(scope, user, input.version, { name: input.name, nameChosen: input.name !== null });
    await scope.audit({
      target: { type: "user", id: user.id, label: userLabel(updated) },
      before: { name: user.name },
      after: { name: updated.name },
    });
    return updated;
  },
});

export const updatePreferences = defineOperation({
  access: userAccess,
  operation: "updatePreferences",
  doing: "change these preferences",
  input: z.object({
    id,
    version: versionField,
    colorMode: z.enum(["light", "dark", "system"]).optional(),
    notifyAccountChanges: z.boolean().optional(),
    notifyNewSignIn: z.boolean().optional(),
  }),
  write: true,
  run: async (scope, input): Promise<User> => {
    const user = await targetUser(scope, input.id, "Preferences are personal: you can only change your own.");
    const { id: _id, version, ...changes } = input;
    const updated = await updateUser(scope, user, version, changes);
    const fields = Object.keys(changes) as (keyof typeof changes)[];
    await scope.audit({
      target: { type: "user", id: user.id, label: userLabel(user) },
      before: Object.fromEntries(fields.map((field) => [field, user[field]])),
      after: Object.fromEntries(fields.map((field) => [field, updated[field]])),
    });
    return updated;
  },
});

export const changeUserRole = defineOperation({
  access: userAccess,
  operation: "changeRole",
  doing: "change roles",
  input: z.object({ id, version: versionField, role: z.enum(roles) }),
  write: true,
  run: async (scope, input): Promise<User> => {
    if (input.id === scope.actor.id) {
      throw new ForbiddenError("You cannot change your own role: ask another admin.");
    }
    const user = await targetUser(scope, input.id, "Only admins change roles.");
    if (user.role === input.role) {
      scope.unchanged();
      return user;
    }
    if (input.role !== "admin") await refuseLastAdmin(scope, user, "change their role");
    const updated = await updateUser(scope, user, input.version, { role: input.role });
    await mailIfWanted(scope.db, updated, "Your role on the Densara portal has changed", [
      `${scope.actor.label} changed your role from ${user.role} to ${updated.role}.`,
    ]);
    await scope.audit({
      target: { type: "user", id: user.id, label: userLabel(user) },
      before: { role: user.role },
      after: { role: updated.role },
    });
    return updated;
  },
});

export const disableUser = defineOperation({
  access: userAccess,
  operation: "disable",
  doing: "disable users",
  input: z.object({ id, version: versionField }),
  write: true,
  run: async (scope, input): Promise<User> => {
    if (input.id === scope.actor.id) throw new ForbiddenError("You cannot disable your own account.");
    const user = await targetUser(scope, input.id, "Only admins disable users.");
    if (user.status === "disabled") {
      scope.unchanged();
      return user;
    }
    if (user.status === "invited") {
      throw new ConflictError(`${userLabel(user)} has not accepted their invitation yet: cancel it instead.`);
    }
    await refuseLastAdmin(scope, user, "disable them");
    const updated = await updateUser(scope, user, input.version, { status: "disabled", disabledAt: scope.now });
    // Signed out everywhere at once: their sessions end in the same transaction, at the provider too.
    await endSessionsOf(scope.db, user.id);
    await scope.ports.providerSessions.endFor(scope.db, user);
    await scope.audit({
      target: { type: "user", id: user.id, label: userLabel(user) },
      before: { status: user.status },
      after: { status: updated.status },
    });
    return updated;
  },
});

export const enableUser = defineOperation({
  access: userAccess,
  operation: "enable",
  doing: "enable users",
  input: z.object({ id, version: versionField }),
  write: true,
  run: async (scope, input): Promise<User> => {
    const user = await targetUser(scope, input.id, "Only admins enable users.");
    if (user.status !== "disabled") {
      scope.unchanged();
      return user;
    }
    const updated = await updateUser(scope, user, input.version, { status: "active", disabledAt: null });
    await mailIfWanted(scope.db, updated, "Your Densara account is enabled again", [
      `${scope.actor.label} has enabled your account: you can sign in again.`,
    ]);
    await scope.audit({
      target: { type: "user", id: user.id, label: userLabel(user) },
      before: { status: user.status },
      after: { status: updated.status },
    });
    return updated;
  },
});

export const revokeUserSession = defineOperation({
  access: userAccess,
  operation: "revokeSession",
  doing: "end this session",
  input: z.object({ userId: id, sessionId: id }),
  write: true,
  run: async (scope, input): Promise<SessionSummary> => {
    const user = await targetUser(scope, input.userId, "You can only end your own sessions.");
    const ended = await endSessionById(scope.db, input.sessionId, user.id);
    if (!ended) throw new NotFoundError("That session has already ended.");
    // Which provider session that browser holds is unknown: all of them end, so every
    // browser must type the password at its next sign-in (its site session goes on).
    await scope.ports.providerSessions.endFor(scope.db, user);
    if (user.id !== scope.actor.id) {
      await mailIfWanted(scope.db, user, "A session of your Densara account was ended", [
        `${scope.actor.label} signed out one of your browsers (${ended.userAgent ?? "an unknown browser"}).`,
      ]);
    }
    await scope.audit({
      target: { type: "user", id: user.id, label: userLabel(user) },
      before: { session: ended.userAgent ?? ended.id },
    });
    return ended;
  },
});

export const signOutOtherSessions = defineOperation({
  access: userAccess,
  operation: "revokeSession",
  doing: "end your other sessions",
  /** The session to keep (the browser asking); a script with a token keeps none. */
  input: z.object({ keepSessionId: id.nullable() }),
  write: true,
  run: async (scope, input): Promise<number> => {
    const kept = input.keepSessionId ? 1 : 0;
    const [me] = await scope.db.select().from(users).where(eq(users.id, scope.actor.id)).limit(1);
    if (me) await scope.ports.providerSessions.endFor(scope.db, me);
    const ended = await endSessionsOf(
      scope.db,
      scope.actor.id,
      input.keepSessionId ? { except: input.keepSessionId } : {},
    );
    await scope.audit({
      action: "user.signOutOthers",
      target: { type: "user", id: scope.actor.id, label: scope.actor.label },
      before: { sessions: ended + kept },
      after: { sessions: kept },
    });
    return ended;
  },
});

// ---------------------------------------------------------------------------------------
// Signing in

/** The identity claims a sign-in brings (ID token, then userinfo). */
export type IdentityClaims = {
  issuer: string;
  subject: string;
  email?: string | null;
  name?: string | null;
  picture?: string | null;
  /** The provider's `email_verified`; only an address it says is verified can grant admin or claim an invitation. */
  emailVerified?: boolean | null;
};

/** Serializes first sign-ins while no admin exists, so two at once cannot both become "the first account". */
const firstAccountLock = 4_711_202_612;

async function adminExists(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  return row !== undefined;
}

async function mailNewSignIn(db: Database, user: User, at: Date, userAgent: string): Promise<void> {
  if (!user.email) return;
  await enqueueMail(db, {
    to: user.email,
    subject: "New sign-in to your Densara account",
    text: [
      `Hello ${user.name ?? user.email},`,
      "",
      `Your account signed in from a browser it has not used lately, at ${at.toUTCString()}:`,
      userAgent,
      "",
      "If this was you, there is nothing to do. If not, reset your password and sign out your other sessions in Settings.",
      "",
      "You can turn these messages off in Settings, under Notifications.",
    ].join("\n"),
  });
}

/**
 * Creates or updates the user behind a sign-in, and records the sign-in. A verified
 * address with a live invitation takes that invitation's account (its role and
 * organization). Otherwise a verified address listed in ADMIN_EMAILS is an admin, and
 * so is the very first account when no address is listed; everyone else starts as a
 * viewer. A returning user's role is never changed here.
 */
export async function upsertUserFromClaims(
  db: Database,
  claims: IdentityClaims,
  options: {
    adminEmails: readonly string[];
    now?: Date;
    request?: { address: string | null; userAgent: string | null };
  },
): Promise<User> {
  const now = options.now ?? new Date();
  const request = options.request ?? { address: null, userAgent: null };
  const address = normalizeEmail(claims.email);
  const verified = address !== null && claims.emailVerified === true;
  const profile = {
    email: address,
    name: claims.name?.trim() || null,
    picture: safePicture(claims.picture),
    lastLoginAt: now,
    updatedAt: now,
  };
  const adminEmails = options.adminEmails.map((item) => item.toLowerCase());
  // The lock is only needed while there is no admin yet: after that, "first" means nothing.
  const needsFirstAccountLock = adminEmails.length === 0 && !(await adminExists(db));
  return db.transaction(async (tx) => {
    if (needsFirstAccountLock) await tx.execute(sql`select pg_advisory_xact_lock(${firstAccountLock})`);
    const [existing] = await tx
      .select()
      .from(users)
      .where(and(eq(users.issuer, claims.issuer), eq(users.subject, claims.subject)))
      .limit(1);
    let user: User | undefined;
    let action = "user.signIn";
    if (existing) {
      // A claim the provider did not send this time keeps the value it sent before.
      [user] = await tx
        .update(users)
        .set({
          ...profile,
          email: profile.email ?? existing.email,
          name: existing.nameChosen ? existing.name : (profile.name ?? existing.name),
          // A picture uploaded here is the person's own choice: a provider's never replaces it.
          picture: isUploadedPicture(existing.picture) ? existing.picture : (profile.picture ?? existing.picture),
        })
        .where(eq(users.id, existing.id))
        .returning();
    } else {
      const [invitation] = verified
        ? await tx
            .select()
            .from(users)
            .where(and(eq(users.status, "invited"), sql`lower(${users.email}) = ${address}`))
            .limit(1)
            .for("update")
        : [];
      if (invitation?.invitationExpiresAt && invitation.invitationExpiresAt > now) {
        action = "user.acceptInvitation";
        [user] = await tx
          .update(users)
          .set({
            ...profile,
            issuer: claims.issuer,
            subject: claims.subject,
            name: profile.name ?? invitation.name,
            status: "active",
            invitationExpiresAt: null,
            version: sql`${users.version} + 1`,
          })
          .where(eq(users.id, invitation.id))
          .returning();
      } else {
        // An expired invitation for this address gives way to the account signing in now.
        if (invitation) await tx.delete(users).where(eq(users.id, invitation.id));
        const [{ value: userCount } = { value: 0 }] = await tx
          .select({ value: count() })
          .from(users)
          .where(ne(users.status, "invited"));
        // Only a verified address counts: some providers (Entra ID) let people set any address unverified.
        const listed = verified && adminEmails.includes(address);
        // With admins named, "first come" must not win: a stranger could sign up before them.
        const first = userCount === 0 && adminEmails.length === 0;
        const role: Role = first || listed ? "admin" : "viewer";
        action = "user.firstSignIn";
        [user] = await tx
          .insert(users)
          .values({ issuer: claims.issuer, subject: claims.subject, role, ...profile, createdAt: now })
          .returning();
      }
    }
    if (!user) throw new Error("the user could not be saved while signing in");
    if (user.status !== "active") return user;
    // A browser none of their sessions came from is news to the account's owner.
    if (existing?.lastLoginAt && user.notifyNewSignIn && request.userAgent) {
      if (!(await hasSessionFrom(tx, user.id, request.userAgent))) {
        await mailNewSignIn(tx, user, now, request.userAgent);
      }
    }
    await recordActivity(tx, {
      actor: actorFor(user, "session"),
      request,
      at: now,
      action,
      entry: {
        target: { type: "user", id: user.id, label: userLabel(user) },
        ...(action === "user.signIn" ? {} : { after: { role: user.role, status: user.status } }),
      },
    });
    return user;
  });
}

/** The user behind a session or token, by id. */
export async function findUserById(db: Database, userId: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}
