import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { idpAccounts, idpPasswordResets, sessions, users } from "../db/schema.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { findIdpAccountByEmail, type FieldError } from "./accounts.ts";
import { endProviderSessionsOf } from "./adapter.ts";
import { hashPassword, passwordProblem } from "./passwords.ts";

/** How long an emailed reset link works. */
export const passwordResetTtlS = 30 * 60;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

function plausibleToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{20,128}$/.test(token);
}

/**
 * A new link to choose a password, working until `expiresAt`; any older link of the
 * account stops working. Call it inside the transaction that sends the link.
 */
export async function issuePasswordLink(
  db: Database,
  accountId: string,
  createdAt: Date,
  expiresAt: Date,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.delete(idpPasswordResets).where(eq(idpPasswordResets.accountId, accountId));
  await db.insert(idpPasswordResets).values({ tokenHash: hashToken(token), accountId, createdAt, expiresAt });
  return token;
}

/**
 * Emails a reset link when the address has an account. The caller answers the same
 * either way, so the form does not reveal who has an account.
 */
export async function requestPasswordReset(
  db: Database,
  email: string,
  options: { linkFor: (token: string) => string; now?: Date },
): Promise<void> {
  const account = await findIdpAccountByEmail(db, email);
  if (!account) return;
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    const token = await issuePasswordLink(tx, account.id, now, new Date(now.getTime() + passwordResetTtlS * 1000));
    await enqueueMail(tx, {
      to: account.email,
      subject: "Reset your Densara password",
      text: [
        `Hello ${account.name},`,
        "",
        "Someone asked to reset the password of your Densara account. If it was you, open this link within 30 minutes and choose a new password:",
        "",
        options.linkFor(token),
        "",
        "If it was not you, ignore this message: your password stays as it is.",
      ].join("\n"),
    });
  });
}

/** The account a reset link belongs to, while the link still works. */
export async function findPasswordReset(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ accountId: string; email: string } | undefined> {
  if (!plausibleToken(token)) return undefined;
  const [row] = await db
    .select({ accountId: idpPasswordResets.accountId, email: idpAccounts.email })
    .from(idpPasswordResets)
    .innerJoin(idpAccounts, eq(idpAccounts.id, idpPasswordResets.accountId))
    .where(and(eq(idpPasswordResets.tokenHash, hashToken(token)), gt(idpPasswordResets.expiresAt, now)))
    .limit(1);
  return row;
}

export type PasswordResetResult =
  | { ok: true; email: string }
  | { ok: false; reason: "invalid-link" }
  | { ok: false; reason: "weak-password"; error: FieldError };

/**
 * Sets the new password and uses the link up; it also lifts a lockout, verifies the
 * address and ends the account's sessions (given the issuer, the site's too). The link
 * is taken (deleted) in the same transaction that changes the password, so two
 * submissions of one link cannot both succeed.
 */
export async function completePasswordReset(
  db: Database,
  token: string,
  password: string,
  options: { now?: Date; issuer?: string } = {},
): Promise<PasswordResetResult> {
  const now = options.now ?? new Date();
  // The link is checked before the (deliberately expensive) hashing.
  if (!(await findPasswordReset(db, token, now))) return { ok: false, reason: "invalid-link" };
  const problem = passwordProblem(password);
  if (problem) return { ok: false, reason: "weak-password", error: { field: "password", message: problem } };
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx): Promise<PasswordResetResult> => {
    const [taken] = await tx
      .delete(idpPasswordResets)
      .where(and(eq(idpPasswordResets.tokenHash, hashToken(token)), gt(idpPasswordResets.expiresAt, now)))
      .returning({ accountId: idpPasswordResets.accountId });
    if (!taken) return { ok: false, reason: "invalid-link" };
    const [account] = await tx
      .update(idpAccounts)
      // Following the emailed link proved the address belongs to this person.
      .set({ passwordHash, failedAttempts: 0, lockedUntil: null, emailVerified: true })
      .where(eq(idpAccounts.id, taken.accountId))
      .returning({ email: idpAccounts.email });
    if (!account) return { ok: false, reason: "invalid-link" };
    await tx.delete(idpPasswordResets).where(eq(idpPasswordResets.accountId, taken.accountId));
    // Whoever knew the old password is signed out: at the provider, and on the site.
    await endProviderSessionsOf(tx, taken.accountId);
    if (options.issuer) {
      await tx.delete(sessions).where(
        inArray(
          sessions.userId,
          tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.issuer, options.issuer), eq(users.subject, taken.accountId))),
        ),
      );
    }
    return { ok: true, email: account.email };
  });
}
