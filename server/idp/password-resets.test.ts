import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../tests/support/databases.ts";
import { idpAccounts, idpPasswordResets, outbox } from "../db/schema.ts";
import { checkIdpCredentials, createIdpAccount, lockout } from "./accounts.ts";
import {
  completePasswordReset,
  findPasswordReset,
  passwordResetTtlS,
  requestPasswordReset,
} from "./password-resets.ts";

const fast = { N: 2 ** 10, r: 8, p: 1 } as const;
const password = "a sound password 42";
const newPassword = "a brand new password 43";
const linkFor = (token: string) => `https://www.densara.example/idp/reset?token=${token}`;

describe.each(databaseKinds)("password resets on %s", (kind) => {
  const database = useTestDatabase(kind);
  const createAlice = async () => {
    const result = await createIdpAccount(
      database().db,
      { email: "Alice@Example.com", name: "Alice", password },
      { hashParameters: fast },
    );
    if (!result.ok) throw new Error(result.error.message);
    return result.account;
  };
  /** Requests a reset and returns the token of the emailed link. */
  const request = async (email = "alice@example.com", now?: Date) => {
    const tokens: string[] = [];
    await requestPasswordReset(database().db, email, {
      linkFor: (token) => {
        tokens.push(token);
        return linkFor(token);
      },
      ...(now ? { now } : {}),
    });
    expect(tokens.length).toBeLessThanOrEqual(1);
    return tokens[0];
  };

  it("sends nothing and stores nothing for an unknown address", async () => {
    await createAlice();
    expect(await request("nobody@example.com")).toBeUndefined();
    expect(await database().db.select().from(outbox)).toEqual([]);
    expect(await database().db.select().from(idpPasswordResets)).toEqual([]);
  });

  it("queues one mail to the account, whatever the case of the address asked for, with the link in it", async () => {
    const account = await createAlice();
    const token = await request("  ALICE@example.COM ");
    expect(token).toMatch(/^[\w-]{43}$/);
    const mails = await database().db.select().from(outbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe("alice@example.com");
    expect(mails[0]?.sentAt).toBeNull();
    expect(mails[0]?.text).toContain(linkFor(token ?? ""));
    expect(await findPasswordReset(database().db, token ?? "")).toEqual({
      accountId: account.id,
      email: "alice@example.com",
    });
    // Only a hash of the token is stored.
    const resets = await database().db.select().from(idpPasswordResets);
    expect(resets).toHaveLength(1);
    expect(resets[0]?.tokenHash).toMatch(/^[\w-]{43}$/);
    expect(resets[0]?.tokenHash).not.toBe(token);
  });

  it("only the newest link works: a second request voids the first", async () => {
    const account = await createAlice();
    const first = await request();
    const second = await request();
    expect(second).not.toBe(first);
    expect(await database().db.select().from(outbox)).toHaveLength(2);
    expect(await findPasswordReset(database().db, first ?? "")).toBeUndefined();
    expect(await findPasswordReset(database().db, second ?? "")).toEqual({
      accountId: account.id,
      email: "alice@example.com",
    });
    expect(await completePasswordReset(database().db, first ?? "", newPassword)).toEqual({
      ok: false,
      reason: "invalid-link",
    });
  });

  it("rejects malformed tokens and tokens that were never issued", async () => {
    await createAlice();
    const token = (await request()) ?? "";
    const forged = [
      "",
      "short",
      "has spaces in it, which tokens never do",
      "x".repeat(129),
      "a+b/c=".repeat(5),
      `${token}=`,
      ` ${token}`,
      "A".repeat(43),
    ];
    for (const candidate of forged) {
      expect(await findPasswordReset(database().db, candidate)).toBeUndefined();
      expect(await completePasswordReset(database().db, candidate, newPassword)).toEqual({
        ok: false,
        reason: "invalid-link",
      });
    }
    // The real link is untouched by the attempts.
    expect(await findPasswordReset(database().db, token)).toBeDefined();
  });

  it(`works for ${passwordResetTtlS / 60} minutes and not a moment longer`, async () => {
    await createAlice();
    const now = new Date("2026-11-21T12:00:00Z");
    const token = (await request(undefined, now)) ?? "";
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    expect(await findPasswordReset(database().db, token, at(passwordResetTtlS - 1))).toBeDefined();
    expect(await findPasswordReset(database().db, token, at(passwordResetTtlS))).toBeUndefined();
    expect(await completePasswordReset(database().db, token, newPassword, { now: at(passwordResetTtlS + 60) })).toEqual(
      {
        ok: false,
        reason: "invalid-link",
      },
    );
    // The expired attempt changed nothing.
    expect((await checkIdpCredentials(database().db, "alice@example.com", password, { hashParameters: fast })).ok).toBe(
      true,
    );
  });

  it("refuses a weak password, keeps the old one and leaves the link usable", async () => {
    const account = await createAlice();
    const token = (await request()) ?? "";
    expect(await completePasswordReset(database().db, token, "too short")).toEqual({
      ok: false,
      reason: "weak-password",
      error: { field: "password", message: "Use at least 12 characters." },
    });
    expect(await findPasswordReset(database().db, token)).toEqual({
      accountId: account.id,
      email: "alice@example.com",
    });
    expect((await checkIdpCredentials(database().db, "alice@example.com", password, { hashParameters: fast })).ok).toBe(
      true,
    );
  });

  it("sets the new password, lifts a lockout, and works only once", async () => {
    const account = await createAlice();
    const now = new Date();
    const check = (attempt: string) =>
      checkIdpCredentials(database().db, "alice@example.com", attempt, { now, hashParameters: fast });
    for (let attempt = 1; attempt <= lockout.afterFailures; attempt += 1) await check("wrong password!");
    expect((await check(password)).ok).toBe(false);
    const [locked] = await database().db.select().from(idpAccounts).where(eq(idpAccounts.id, account.id));
    expect(locked?.lockedUntil?.getTime()).toBeGreaterThan(now.getTime());

    const token = (await request()) ?? "";
    expect(await completePasswordReset(database().db, token, newPassword, { now })).toEqual({
      ok: true,
      email: "alice@example.com",
    });

    const [after] = await database().db.select().from(idpAccounts).where(eq(idpAccounts.id, account.id));
    // Following the emailed link also proves the address.
    expect(account.emailVerified).toBe(false);
    expect(after).toMatchObject({ failedAttempts: 0, lockedUntil: null, emailVerified: true });
    expect(after?.passwordHash).not.toBe(account.passwordHash);
    // Still inside the old lock window: the lock is gone and only the new password works.
    expect((await check(newPassword)).ok).toBe(true);
    expect(await check(password)).toEqual({ ok: false, reason: "invalid" });

    expect(await findPasswordReset(database().db, token, now)).toBeUndefined();
    expect(await completePasswordReset(database().db, token, "yet another password 44", { now })).toEqual({
      ok: false,
      reason: "invalid-link",
    });
    expect(await database().db.select().from(idpPasswordResets)).toEqual([]);
  });
});
