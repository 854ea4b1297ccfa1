import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { idpAccounts, idpPasswordResets, sessions, users } from "../db/schema/index.ts";
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
 * Issues a password link for the account and queues a mail with it, in the caller's
 * transaction: `lines` get the link and make the message, greeting included.
 */
async function mailPasswordLink(
  tx: Database,
  account: { id: string; email: string; name: string },
  link: { at: Date; ttlS: number; linkFor: (token: string) => string },
  subject: string,
  lines: (link: string) => string[],
): Promise<void> {
  const token = await issuePasswordLink(tx, account.id, link.at, new Date(link.at.getTime() + link.ttlS * 1000));
  await enqueueMail(tx, {
    to: account.email,
    subject,
    text: [`Hello ${account.name},`, "", ...lines(link.linkFor(token))].join("\n"),
  });
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
  await db.transaction((tx) =>
    mailPasswordLink(
      tx,
      account,
      { at: now, ttlS: passwordResetTtlS, linkFor: options.linkFor },
      "Reset your Densara password",
      (link) => [
        "Someone asked to reset the password of your Densara account. If it was you, open this link within 30 minutes and choose a new password:",
        "",
        link,
        "",
        "If it was not you, ignore this message: your password stays as it is.",
      ],
    ),
  );
}

/** How long the link that finishes a new account works. */
export const signUpLinkTtlS = 24 * 60 * 60;

/**
 * A visitor asks for an account. The answer on screen is the same whoever owns the
 * address, so the mail does the telling:
 * - a new address gets an account with a password nobody knows, and a link to choose one
 *   (following it proves the address, as an invitation's link does);
 * - an address whose account was never finished (an earlier sign-up, an invitation) gets
 *   a fresh link to finish it; the name stays the one first given;
 * - an address with a working account gets a note that it exists, with a reset link in
 *   case the password is forgotten.
 */
export async function requestSignUp(
  db: Database,
  input: { email: string; name: string },
  options: { linkFor: (token: string) => string; now?: Date },
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const now = options.now ?? new Date();
  // Hashed whether or not it is needed, so a known address answers no faster than a new one.
  const unusablePasswordHash = await hashPassword(randomBytes(32).toString("base64url"));
  await db.transaction(async (tx) => {
    let account = await findIdpAccountByEmail(tx, email);
    if (!account) {
      const [created] = await tx
        .insert(idpAccounts)
        .values({ email, name: input.name, passwordHash: unusablePasswordHash })
        // Another request for the same address at the same moment: that one mails the link.
        .onConflictDoNothing()
        .returning();
      if (!created) return;
      account = created;
    }
    if (account.emailVerified) {
      await mailPasswordLink(
        tx,
        account,
        { at: now, ttlS: passwordResetTtlS, linkFor: options.linkFor },
        "You already have a Densara account",
        (link) => [
          "Someone asked to create a Densara account with this address, but you already have one. To use it, sign in with this address and your password.",
          "",
          "If you have forgotten your password, open this link within 30 minutes and choose a new one:",
          "",
          link,
          "",
          "If it was not you, ignore this message: nothing has changed.",
        ],
      );
      return;
    }
    await mailPasswordLink(
      tx,
      account,
      { at: now, ttlS: signUpLinkTtlS, linkFor: options.linkFor },
      "Finish creating your Densara account",
      (link) => [
        "To finish creating your Densara account, open this link within 24 hours and choose your password:",
        "",
        link,
        "",
        "If you did not ask for an account, ignore this message: without a password, nobody can use it.",
      ],
    );
  });
}

/**
 * Tells the owner of an address that password sign-in to their account is paused after
 * many refused attempts, with a reset link that lifts the pause at once. Nothing is sent
 * for an address without a finished account.
 */
export async function warnOfRefusedSignIns(
  db: Database,
  email: string,
  options: { linkFor: (token: string) => string; resumesAt: Date; now?: Date },
): Promise<void> {
  const account = await findIdpAccountByEmail(db, email);
  if (!account?.emailVerified) return;
  const now = options.now ?? new Date();
  await db.transaction((tx) =>
    mailPasswordLink(
      tx,
      account,
      { at: now, ttlS: passwordResetTtlS, linkFor: options.linkFor },
      "Sign-in to your Densara account is paused",
      (link) => [
        `Many sign-in attempts with a wrong password were made on your Densara account, so signing in with a password is paused until ${options.resumesAt.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
        "",
        "To sign in now, open this link within 30 minutes and choose a new password. That also ends the pause:",
        "",
        link,
        "",
        "If the attempts were yours, you can also wait and sign in later with your current password.",
      ],
    ),
  );
}

/**
 * The account a reset link belongs to, while the link still works. `firstPassword`:
 * the address is not proven yet (a new sign-up or an invitation), so this link finishes
 * creating the account rather than replacing a password.
 */
export async function findPasswordReset(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ accountId: string; email: string; firstPassword: boolean } | undefined> {
  if (!plausibleToken(token)) return undefined;
  const [row] = await db
    .select({
      accountId: idpPasswordResets.accountId,
      email: idpAccounts.email,
      verified: idpAccounts.emailVerified,
    })
    .from(idpPasswordResets)
    .innerJoin(idpAccounts, eq(idpAccounts.id, idpPasswordResets.accountId))
    .where(and(eq(idpPasswordResets.tokenHash, hashToken(token)), gt(idpPasswordResets.expiresAt, now)))
    .limit(1);
  return row && { accountId: row.accountId, email: row.email, firstPassword: !row.verified };
}

export type PasswordResetResult =
  | { ok: true; email: string }
  | { ok: false; reason: "invalid-link" }
  | { ok: false; reason: "weak-password"; error: FieldError };

/**
 * Sets the new password and uses the link up; it also verifies the address and ends
 * the account's sessions (given the issuer, the site's too). The link is taken
 * (deleted) in the same transaction that changes the password, so two submissions of
 * one link cannot both succeed.
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
      .set({ passwordHash, emailVerified: true })
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
