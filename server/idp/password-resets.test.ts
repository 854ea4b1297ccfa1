import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../tests/support/databases.ts";
import { idpAccounts, idpPasswordResets, outbox } from "../db/schema/index.ts";
import { checkIdpCredentials, createIdpAccount, findIdpAccountByEmail } from "./accounts.ts";
import {
  completePasswordReset,
  findPasswordReset,
  passwordResetTtlS,
  requestPasswordReset,
  requestSignUp,
  signUpLinkTtlS,
  warnOfRefusedSignIns,
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
      firstPassword: true,
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
      firstPassword: true,
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
      firstPassword: true,
    });
    expect((await checkIdpCredentials(database().db, "alice@example.com", password, { hashParameters: fast })).ok).toBe(
      true,
    );
  });

  it("sets the new password, proves the address, and works only once", async () => {
    const account = await createAlice();
    const now = new Date();
    const check = (attempt: string) =>
      checkIdpCredentials(database().db, "alice@example.com", attempt, { hashParameters: fast });

    const token = (await request()) ?? "";
    expect(await completePasswordReset(database().db, token, newPassword, { now })).toEqual({
      ok: true,
      email: "alice@example.com",
    });

    const [after] = await database().db.select().from(idpAccounts).where(eq(idpAccounts.id, account.id));
    // Following the emailed link also proves the address.
    expect(account.emailVerified).toBe(false);
    expect(after?.emailVerified).toBe(true);
    expect(after?.passwordHash).not.toBe(account.passwordHash);
    expect((await check(newPassword)).ok).toBe(true);
    expect(await check(password)).toEqual({ ok: false, reason: "invalid" });

    expect(await findPasswordReset(database().db, token, now)).toBeUndefined();
    expect(await completePasswordReset(database().db, token, "yet another password 44", { now })).toEqual({
      ok: false,
      reason: "invalid-link",
    });
    expect(await database().db.select().from(idpPasswordResets)).toEqual([]);
  });

  describe("sign-up by emailed link", () => {
    const signUp = async (email: string, name = "Bea", now?: Date) => {
      const tokens: string[] = [];
      await requestSignUp(
        database().db,
        { email, name },
        {
          linkFor: (token) => {
            tokens.push(token);
            return linkFor(token);
          },
          ...(now ? { now } : {}),
        },
      );
      return tokens;
    };

    it("makes an account nobody can sign in to until its owner follows the link and chooses a password", async () => {
      const now = new Date("2026-11-23T10:00:00Z");
      const [token = ""] = await signUp("Bea@Example.com", "Bea", now);
      const account = await findIdpAccountByEmail(database().db, "bea@example.com");
      expect(account).toMatchObject({ email: "bea@example.com", name: "Bea", emailVerified: false });
      const [mail] = await database().db.select().from(outbox);
      expect(mail).toMatchObject({ to: "bea@example.com", subject: "Finish creating your Densara account" });
      expect(mail?.text).toContain(linkFor(token));
      expect(
        await findPasswordReset(database().db, token, new Date(now.getTime() + (signUpLinkTtlS - 1) * 1000)),
      ).toEqual({ accountId: account?.id, email: "bea@example.com", firstPassword: true });
      expect(
        await findPasswordReset(database().db, token, new Date(now.getTime() + signUpLinkTtlS * 1000)),
      ).toBeUndefined();

      expect(await completePasswordReset(database().db, token, newPassword, { now })).toEqual({
        ok: true,
        email: "bea@example.com",
      });
      expect(await findIdpAccountByEmail(database().db, "bea@example.com")).toMatchObject({ emailVerified: true });
      expect(
        (await checkIdpCredentials(database().db, "bea@example.com", newPassword, { hashParameters: fast })).ok,
      ).toBe(true);
    });

    it("tells the owner of an existing account by mail, with a reset link, and changes nothing", async () => {
      const account = await createAlice();
      // A finished account: its address was proven.
      await database().db.update(idpAccounts).set({ emailVerified: true }).where(eq(idpAccounts.id, account.id));
      const [token = ""] = await signUp("alice@example.com", "Mallory");
      const [mail] = await database().db.select().from(outbox);
      expect(mail).toMatchObject({ to: "alice@example.com", subject: "You already have a Densara account" });
      expect(mail?.text).toContain("Hello Alice,");
      expect(mail?.text).toContain(linkFor(token));
      expect(await findPasswordReset(database().db, token)).toMatchObject({ firstPassword: false });
      const [after] = await database().db.select().from(idpAccounts).where(eq(idpAccounts.id, account.id));
      expect(after).toMatchObject({ name: "Alice", passwordHash: account.passwordHash });
    });

    it("sends a fresh link for an account never finished, keeping the name first given", async () => {
      const [first = ""] = await signUp("cleo@example.com", "Cleo");
      const [second = ""] = await signUp("cleo@example.com", "Someone else");
      expect(await findPasswordReset(database().db, first)).toBeUndefined();
      expect(await findPasswordReset(database().db, second)).toMatchObject({ firstPassword: true });
      expect(await findIdpAccountByEmail(database().db, "cleo@example.com")).toMatchObject({ name: "Cleo" });
      const mails = await database().db.select().from(outbox);
      expect(mails.map((mail) => mail.subject)).toEqual([
        "Finish creating your Densara account",
        "Finish creating your Densara account",
      ]);
    });
  });

  describe("the warning of a paused account", () => {
    const resumesAt = new Date("2026-11-23T11:00:00Z");

    it("mails the owner of a finished account a link that lifts the pause", async () => {
      const account = await createAlice();
      await database().db.update(idpAccounts).set({ emailVerified: true }).where(eq(idpAccounts.id, account.id));
      const tokens: string[] = [];
      await warnOfRefusedSignIns(database().db, "ALICE@example.com", {
        resumesAt,
        linkFor: (token) => {
          tokens.push(token);
          return linkFor(token);
        },
      });
      const [mail] = await database().db.select().from(outbox);
      expect(mail).toMatchObject({ to: "alice@example.com", subject: "Sign-in to your Densara account is paused" });
      expect(mail?.text).toContain("paused until 2026-11-23 11:00 UTC");
      expect(mail?.text).toContain(linkFor(tokens[0] ?? ""));
    });

    it("sends nothing for an unknown address or an account never finished", async () => {
      await createAlice();
      await warnOfRefusedSignIns(database().db, "nobody@example.com", { resumesAt, linkFor });
      await warnOfRefusedSignIns(database().db, "alice@example.com", { resumesAt, linkFor });
      expect(await database().db.select().from(outbox)).toEqual([]);
    });
  });
});
