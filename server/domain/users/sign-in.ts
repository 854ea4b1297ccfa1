import { and, count, eq, ne, sql } from "drizzle-orm";
import { asText } from "../../../shared/text-kinds.ts";
import { hasSessionFrom } from "./session-store.ts";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import type { Role } from "../core/access.ts";
import { recordActivity } from "../core/activity-log.ts";
import { releaseFiles } from "../core/files.ts";
import { actorFor, userEntity, type User } from "./entity.ts";
import { mailNewSignIn } from "./mail.ts";
import { isUploadedPicture } from "./pictures.ts";

function normalizeEmail(address: string | null | undefined): string | null {
  const trimmed = address?.trim().toLowerCase();
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
 * A provider's text as one line (ADR 041): a claim is the provider's to send, so rather
 * than failing the sign-in, a line break becomes a space and every other control
 * character (NUL, which PostgreSQL cannot store, among them) is taken out.
 */
function storable(text: string | null | undefined): string | null | undefined {
  return typeof text === "string" ? asText("one-line", text) : text;
}

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
  const address = normalizeEmail(storable(claims.email));
  const verified = address !== null && claims.emailVerified === true;
  const profile = {
    email: address,
    name: storable(claims.name)?.trim() || null,
    picture: safePicture(storable(claims.picture)),
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
    let action: keyof typeof userEntity.actions = "signIn";
    if (existing) {
      // A claim the provider did not send this time keeps the value it sent before. The
      // row changes, so its version moves on: a settings form open elsewhere sees it.
      [user] = await tx
        .update(users)
        .set({
          ...profile,
          version: sql`${users.version} + 1`,
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
        action = "acceptInvitation";
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
        if (invitation) {
          await tx.delete(users).where(eq(users.id, invitation.id));
          // A picture an admin set on the invitation goes with it (swept once this commits).
          if (invitation.pictureFile) await releaseFiles(tx, [invitation.pictureFile], now);
        }
        const [{ value: userCount } = { value: 0 }] = await tx
          .select({ value: count() })
          .from(users)
          .where(ne(users.status, "invited"));
        // Only a verified address counts: some providers (Entra ID) let people set any address unverified.
        const listed = verified && adminEmails.includes(address);
        // With admins named, "first come" must not win: a stranger could sign up before them.
        const first = userCount === 0 && adminEmails.length === 0;
        const role: Role = first || listed ? "admin" : "viewer";
        action = "firstSignIn";
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
      action: `${userEntity.name}.${action}`,
      entry: {
        target: userEntity.targetOf(user),
        ...(action === "signIn" ? {} : { after: { role: user.role, status: user.status } }),
      },
    });
    return user;
  });
}
