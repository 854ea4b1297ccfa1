import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { outbox } from "../db/schema/index.ts";
import { sessionAnswerTtlMs } from "../auth/session-answers.ts";
import { createHostedLogin } from "./hosted-login.ts";

/**
 * Password reset and sign-up through the hosted pages' service, end to end: the mail
 * goes to the outbox, the link in it sets a new password, and that password signs in.
 */
describe.each(databaseKinds)("hosted account pages on %s", (kind) => {
  let harness: AuthHarness;

  beforeAll(async () => {
    harness = await startAuthHarness(kind);
  }, 120_000);

  afterAll(async () => {
    await harness.close();
  });

  function service(options: { signupAllowed?: boolean; clientAddress?: string } = {}) {
    // The reset calls never touch the interaction, so an unconnected request is enough.
    const request = new IncomingMessage(new Socket());
    return createHostedLogin({
      db: harness.database.db,
      provider: harness.embedded.provider,
      request,
      response: new ServerResponse(request),
      clientAddress: options.clientAddress ?? `198.51.100.${Math.floor(Math.random() * 250)}`,
      signupAllowed: options.signupAllowed ?? false,
      publicUrl: harness.publicUrl,
      issuer: harness.embedded.issuer.href,
      log: harness.log,
    });
  }

  async function mailTo(email: string) {
    return harness.database.db.select().from(outbox).where(eq(outbox.to, email));
  }

  it("resets a password by emailed link, and the new password signs in", async () => {
    const account = await harness.newAccount("reset");
    // Signed in before the reset: that session must end with it.
    const before = harness.newBrowser();
    await harness.signIn(before, account, "/dashboard");
    expect(((await (await before.fetch("/auth/session")).json()) as { signedIn: boolean }).signedIn).toBe(true);
    const hosted = service();
    expect(await hosted.requestPasswordReset({ email: account.email.toUpperCase() })).toEqual({ ok: true });
    const [mail] = await mailTo(account.email);
    const link = /https?:\/\/\S+\/idp\/password\/reset\/([\w-]+)/.exec(mail?.text ?? "");
    expect(link?.[0].startsWith(`${harness.origin}/idp/password/reset/`)).toBe(true);
    const token = link?.[1] ?? "";
    expect(await hosted.passwordResetFor(token)).toEqual({ email: account.email, firstPassword: true });

    expect(await hosted.resetPassword(token, { password: "a-brand-new-password", confirm: "a-different-one" })).toEqual(
      {
        ok: false,
        errors: { confirm: "The two passwords are not the same. Type the new password again." },
      },
    );
    expect(await hosted.resetPassword(token, { password: "short", confirm: "short" })).toMatchObject({
      ok: false,
      errors: { password: "Use at least 12 characters." },
    });
    expect(
      await hosted.resetPassword(token, { password: "a-brand-new-password", confirm: "a-brand-new-password" }),
    ).toEqual({ ok: true });
    expect(
      await hosted.resetPassword(token, { password: "a-brand-new-password", confirm: "a-brand-new-password" }),
    ).toMatchObject({ ok: false, linkExpired: true });

    // The page header's session check may repeat its answer for a moment (sessionAnswerTtlMs); after it, signed out.
    harness.clock.offsetMs = sessionAnswerTtlMs;
    expect(((await (await before.fetch("/auth/session")).json()) as { signedIn: boolean }).signedIn).toBe(false);
    harness.clock.offsetMs = 0;
    const browser = harness.newBrowser();
    const { response } = await harness.signIn(browser, { ...account, password: "a-brand-new-password" }, "/dashboard");
    expect(response.headers.get("location")).toBe("/dashboard");
  });

  it("answers the same for an unknown address, and sends nothing", async () => {
    const email = "nobody-at-all@densara.test";
    expect(await service().requestPasswordReset({ email })).toEqual({ ok: true });
    expect(await mailTo(email)).toEqual([]);
  });

  it("explains a malformed address, and limits requests per network", async () => {
    expect(await service().requestPasswordReset({ email: "not an address" })).toEqual({
      ok: false,
      errors: { email: "Enter a valid email address, like name@example.com." },
    });
    const hosted = service({ clientAddress: "203.0.113.77" });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(await hosted.requestPasswordReset({ email: `someone${attempt}@densara.test` })).toEqual({ ok: true });
    }
    const limited = await hosted.requestPasswordReset({ email: "one-more@densara.test" });
    expect(limited.ok).toBe(false);
    expect(limited.ok ? "" : limited.errors.form).toMatch(/^Too many requests from this network/);
  });

  it("sends at most three links an hour to one address, answering the same", async () => {
    const account = await harness.newAccount("reset-flood");
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await service().requestPasswordReset({ email: account.email })).toEqual({ ok: true });
    }
    expect(await mailTo(account.email)).toHaveLength(3);
  });

  it("refuses sign-up when the configuration does not allow it", async () => {
    const outcome = await service({ signupAllowed: false }).signUp("any-uid", {
      name: "Eve",
      email: "eve@densara.test",
    });
    expect(outcome).toEqual({ ok: false, errors: { form: "New accounts are created by an administrator." } });
  });

  it("checks sign-up input on the server before anything else", async () => {
    const outcome = await service({ signupAllowed: true }).signUp("any-uid", {
      name: "",
      email: "not-an-address",
    });
    expect(outcome).toEqual({
      ok: false,
      errors: {
        name: "Enter your name.",
        email: "Enter a valid email address, like name@example.com.",
      },
    });
  });

  it("refuses a name with a NUL character (which the database cannot keep) with a message, not a failure", async () => {
    const outcome = await service({ signupAllowed: true }).signUp("any-uid", {
      name: "Eve\u0000",
      email: "eve@densara.test",
    });
    expect(outcome).toEqual({
      ok: false,
      errors: { name: "Remove the invisible control character (U+0000) from your name." },
    });
  });

  it("refuses a name or a password on more than one line, naming the field, before anything else", async () => {
    const signUp = await service({ signupAllowed: true }).signUp("any-uid", {
      name: "Eve\r\nBcc: someone@example.com",
      email: "eve@densara.test\u202e",
    });
    expect(signUp).toEqual({
      ok: false,
      errors: {
        name: "Write your name on one line.",
        email: "Remove the invisible control character (U+202E) from your email address.",
      },
    });
    const signIn = await service().signIn("any-uid", { email: "eve@densara.test", password: "secret\u0001" });
    expect(signIn).toEqual({
      ok: false,
      errors: { password: "Remove the invisible control character (U+0001) from your password." },
    });
  });
});
