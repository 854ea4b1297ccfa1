import { count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";
import { requireRole, type Actor } from "./authorization.ts";

export type User = typeof users.$inferSelect;
export type Role = User["role"];

/** The identity claims a sign-in brings (ID token, then userinfo). */
export type IdentityClaims = {
  issuer: string;
  subject: string;
  email?: string | null;
  name?: string | null;
  picture?: string | null;
  /** The provider's `email_verified`; only an address it says is verified can grant admin. */
  emailVerified?: boolean | null;
};

function normalizeEmail(email: string | null | undefined): string | null {
  const trimmed = email?.trim().toLowerCase();
  return trimmed ? trimmed : null;
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

/**
 * Creates or updates the user behind a sign-in. Any verified address listed in
 * ADMIN_EMAILS is an admin, and so is the very first account when no address is listed;
 * everyone else starts as a viewer. A returning user's role is never changed here.
 */
export async function upsertUserFromClaims(
  db: Database,
  claims: IdentityClaims,
  options: { adminEmails: readonly string[]; now?: Date },
): Promise<User> {
  const now = options.now ?? new Date();
  const email = normalizeEmail(claims.email);
  const profile = {
    email,
    name: claims.name?.trim() || null,
    picture: safePicture(claims.picture),
    lastLoginAt: now,
    updatedAt: now,
  };
  return db.transaction(async (tx) => {
    // Serialize first sign-ins, so two at once cannot both become "the first account".
    await tx.execute(sql`select pg_advisory_xact_lock(4711202612)`);
    const [existing] = await tx
      .select()
      .from(users)
      .where(sql`${users.issuer} = ${claims.issuer} and ${users.subject} = ${claims.subject}`)
      .limit(1);
    if (existing) {
      // A claim the provider did not send this time keeps the value it sent before.
      const [updated] = await tx
        .update(users)
        .set({
          ...profile,
          email: profile.email ?? existing.email,
          name: profile.name ?? existing.name,
          picture: profile.picture ?? existing.picture,
        })
        .where(eq(users.id, existing.id))
        .returning();
      if (!updated) throw new Error("the user vanished while signing in");
      return updated;
    }
    const [{ value: userCount } = { value: 0 }] = await tx.select({ value: count() }).from(users);
    const adminEmails = options.adminEmails.map((address) => address.toLowerCase());
    // Only a verified address counts: some providers (Entra ID) let people set any address unverified.
    const listed = email !== null && claims.emailVerified === true && adminEmails.includes(email);
    // With admins named, "first come" must not win: a stranger could sign up before them.
    const first = userCount === 0 && adminEmails.length === 0;
    const role: Role = first || listed ? "admin" : "viewer";
    const [created] = await tx
      .insert(users)
      .values({ issuer: claims.issuer, subject: claims.subject, role, ...profile, createdAt: now })
      .returning();
    if (!created) throw new Error("the user could not be created");
    return created;
  });
}

/** Disables a user and ends every session they have, so it takes effect at once. */
export async function disableUser(db: Database, userId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ disabledAt: now, updatedAt: now }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}

export async function enableUser(db: Database, userId: string, now = new Date()): Promise<void> {
  await db.update(users).set({ disabledAt: null, updatedAt: now }).where(eq(users.id, userId));
}

export type UserSummary = Pick<User, "id" | "email" | "name" | "role" | "disabledAt" | "lastLoginAt" | "createdAt">;

/** Everyone who has signed in, newest first. Admins only. */
export async function listUsers(db: Database, actor: Actor): Promise<UserSummary[]> {
  requireRole(actor, "admin", "see the list of users");
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      disabledAt: users.disabledAt,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(desc(users.createdAt));
}

export class UserRuleError extends Error {
  override name = "UserRuleError";
}

/** Disables (signing them out everywhere at once) or re-enables a user. Admins only, never themselves. */
export async function setUserDisabled(db: Database, actor: Actor, userId: string, disabled: boolean): Promise<User> {
  requireRole(actor, "admin", "disable or enable users");
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId)) {
    throw new UserRuleError("That user does not exist.");
  }
  if (userId === actor.id) throw new UserRuleError("You cannot disable your own account.");
  if (disabled) await disableUser(db, userId);
  else await enableUser(db, userId);
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new UserRuleError("That user does not exist.");
  return user;
}
