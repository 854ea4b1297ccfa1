import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  formAlertText,
  locationOf,
  setCookies,
  startAuthHarness,
  type AuthHarness,
  TestBrowser,
} from "../../tests/support/auth-harness.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { domainContext, systemAdmin } from "../../tests/support/domain.ts";
import { csrfTokenFor } from "./security/csrf.ts";
import { sessionMaxAgeS } from "../auth/cookies.ts";
import { hashSessionToken } from "../domain/users/session-store.ts";
import { loginTransactionTtlS } from "../auth/login-transactions.ts";
import { sessionAnswerTtlMs } from "../auth/session-answers.ts";
import { embeddedProviderPath } from "../idp/provider.ts";
import { idpAccounts, loginTransactions, outbox, sessions as sessionsTable, users } from "../db/schema/index.ts";
import { disableUser } from "../domain/users/index.ts";

/** Where a failed sign-in lands; not "/", so a test can tell it from the returnTo fallback. */
const errorPath = "/sign-in-problem";

type SessionBody =
  | { signedIn: true; user: { name: string | null; email: string | null; role: string }; csrfToken: string }
  | { signedIn: false; notice?: string };

describe.each(databaseKinds)("sign-in through /auth and the embedded provider on %s", (kind) => {
  let harness: AuthHarness;

  beforeAll(async () => {
    harness = await startAuthHarness(kind, { errorPath, signup: true });
  });

  afterAll(async () => {
    await harness.close();
  });

  afterEach(() => {
    harness.clock.offsetMs = 0;
    const errors = harness.log.entries.filter((entry) => entry.level === "error");
    harness.log.entries.length = 0;
    // No request of any test may have crashed the provider or a route.
    expect(errors).toEqual([]);
  });

  const at = (path: string) => new URL(path, harness.origin);

  async function session(browser: TestBrowser): Promise<{ response: Response; body: SessionBody }> {
    const response = await browser.fetch("/auth/session");
    return { response, body: (await response.json()) as SessionBody };
  }

  async function sessionRowsOf(userId: string) {
    return harness.database.db.select().from(sessionsTable).where(eq(sessionsTable.userId, userId));
  }

  async function userByEmail(email: string) {
    const [user] = await harness.database.db.select().from(users).where(eq(users.email, email));
    return user;
  }

  /** The notice a failed step left: a 303 to `location` with the densara_notice cookie. */
  function expectNotice(response: Response, notice: string, location = errorPath) {
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(location);
    expect(setCookies(response, "densara_notice").map((cookie) => cookie.value)).toEqual([notice]);
    expect(setCookies(response, "densara_session")).toEqual([]);
  }

  function stateOf(url: URL): string {
    const state = url.searchParams.get("state");
    if (!state) throw new Error(`no state in ${url.href}`);
    return state;
  }

  it("signs in and lands on the exact returnTo, with a session cookie the session endpoint knows", async () => {
    const account = await harness.newAccount("happy");
    const browser = harness.newBrowser();
    const returnTo = "/dashboard/x?tab=users&sort=name#top";

    const { response: login, authorizationUrl } = await harness.beginSignIn(browser, returnTo);
    expect(login.status).toBe(302);
    expect(login.headers.get("cache-control")).toBe("no-store");
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${harness.origin}/idp/auth`);
    expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
      client_id: harness.embedded.clientId,
      response_type: "code",
      redirect_uri: `${harness.origin}/auth/logged-in`,
      code_challenge_method: "S256",
      scope: "openid email profile",
    });
    for (const name of ["state", "nonce", "code_challenge"]) {
      expect(authorizationUrl.searchParams.get(name)).toMatch(/^[\w-]{43}$/);
    }
    const [loginCookie] = setCookies(login, "densara_login");
    expect(loginCookie?.value).toMatch(/^[\w-]{43}$/);
    expect(Object.fromEntries(loginCookie?.attributes ?? [])).toEqual({
      path: "/",
      httponly: "",
      samesite: "Lax",
      "max-age": String(loginTransactionTtlS),
    });

    const callbackUrl = await harness.signInAtProvider(browser, authorizationUrl, account);
    expect(callbackUrl.searchParams.get("state")).toBe(authorizationUrl.searchParams.get("state"));
    expect(callbackUrl.searchParams.get("iss")).toBe(harness.embedded.issuer.href);
    const landed = await browser.fetch(callbackUrl);

    expect(landed.status).toBe(303);
    expect(landed.headers.get("location")).toBe(returnTo);
    expect(landed.headers.get("cache-control")).toBe("no-store");
    const cookies = setCookies(landed, "densara_session");
    expect(cookies).toHaveLength(1);
    const token = cookies[0]?.value ?? "";
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(Object.fromEntries(cookies[0]?.attributes ?? [])).toEqual({
      path: "/",
      httponly: "",
      samesite: "Lax",
      "max-age": String(sessionMaxAgeS),
    });
    expect(sessionMaxAgeS).toBe(604_800);

    const { response, body } = await session(browser);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body).toEqual({
      signedIn: true,
      user: { name: account.name, email: account.email, role: expect.any(String) as unknown },
      csrfToken: csrfTokenFor(token),
    });

    const user = await userByEmail(account.email);
    expect(user).toMatchObject({
      email: account.email,
      name: account.name,
      issuer: harness.embedded.issuer.href,
      subject: account.account.id,
      disabledAt: null,
    });
    const rows = await sessionRowsOf(user?.id ?? "");
    expect(rows.map((row) => row.idHash)).toEqual([hashSessionToken(token)]);
    // The ID token stays on the server (for sign-out), never in a cookie.
    expect(rows[0]?.idToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // Signed in already: /auth/login goes straight back to the page, without the provider.
    const again = await browser.fetch("/auth/login?returnTo=%2Fdashboard");
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe("/dashboard");
  });

  async function expectSignInLandsHome(returnTo: string) {
    const account = await harness.newAccount("redirect");
    const browser = harness.newBrowser();
    const { response } = await harness.signIn(browser, account, returnTo);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
    expect(setCookies(response, "densara_session")).toHaveLength(1);
    // Already signed in, the shortcut applies the same rule.
    const shortcut = await browser.fetch(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
    expect(shortcut.status).toBe(303);
    expect(shortcut.headers.get("location")).toBe("/");
  }

  // Spec §8: another site or a disallowed scheme is an error the person is told about,
  // before any sign-in starts, and the same for someone already signed in.
  it.each([
    ["//evil.example", "signin-return-elsewhere"],
    ["https://evil.example", "signin-return-elsewhere"],
    ["/\\evil.example", "signin-return-elsewhere"],
    ["/\\/evil.example", "signin-return-elsewhere"],
    [" https://evil.example/x", "signin-return-elsewhere"],
    ["javascript:alert(1)", "signin-return-protocol"],
    ["java\tscript:alert(1)", "signin-return-protocol"],
    ["data:text/html,<script>alert(1)</script>", "signin-return-protocol"],
  ])("refuses a sign-in asked to return to %j with the notice %s", async (returnTo, notice) => {
    const browser = harness.newBrowser();
    const refused = await browser.fetch(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
    expectNotice(refused, notice);
    expect(refused.headers.get("location")).not.toContain("evil");

    const account = await harness.newAccount("refused-return");
    const signedIn = harness.newBrowser();
    const { response } = await harness.signIn(signedIn, account, "/dashboard");
    expect(response.headers.get("location")).toBe("/dashboard");
    const shortcut = await signedIn.fetch(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
    expectNotice(shortcut, notice);
  });

  // Dot segments collapse into "//evil.example" once resolved; the guard checks the result too.
  it.each(["/.//evil.example", "/%2e//evil.example", "/a/..//evil.example/path"])(
    "sends a sign-in asked to return to %s to / instead (dot segments)",
    expectSignInLandsHome,
  );

  it("refuses a replayed callback, and the provider refuses the code a second time", async () => {
    const account = await harness.newAccount("replay");
    const browser = harness.newBrowser();
    const { callbackUrl, response: first } = await harness.signIn(browser, account, "/dashboard");
    expect(first.status).toBe(303);
    const user = await userByEmail(account.email);
    const sessionsBefore = await sessionRowsOf(user?.id ?? "");
    expect(sessionsBefore).toHaveLength(1);

    // Same browser, same code and state (its sign-in secret was cleared when the sign-in finished).
    expect(browser.cookie("densara_login") ?? "").toBe("");
    const replay = await browser.fetch(callbackUrl);
    expectNotice(replay, "signin-state");
    expect(await sessionRowsOf(user?.id ?? "")).toEqual(sessionsBefore);
    expect(harness.log.entries).toContainEqual(
      expect.objectContaining({ message: "sign-in failed", fields: { notice: "signin-state", reason: "unknown" } }),
    );

    // The provider's own guard: the same code, with the right verifier, state and nonce, works only once.
    const other = harness.newBrowser();
    const transaction = await harness.transactions.begin({ returnTo: "/", browserSecret: "test-browser-secret" });
    const authorizationUrl = await harness.relyingParty.authorizationUrl(transaction);
    const callback = await harness.signInAtProvider(other, authorizationUrl, account);
    const query = callback.searchParams;
    const result = await harness.relyingParty.completeSignIn(query, transaction);
    expect(result.claims).toMatchObject({ subject: account.account.id, email: account.email });
    await expect(harness.relyingParty.completeSignIn(query, transaction)).rejects.toMatchObject({
      error: "invalid_grant",
    });
  });

  it("refuses a forged state, and a real state presented by another browser (which leaves it for the browser that began it)", async () => {
    const browser = harness.newBrowser();
    const forged = await browser.fetch(`/auth/logged-in?code=abc&state=${randomBytes(32).toString("base64url")}`);
    expectNotice(forged, "signin-state");
    expectNotice(await browser.fetch("/auth/logged-in?code=abc"), "signin-state");

    const account = await harness.newAccount("csrf");
    const victim = harness.newBrowser();
    const { authorizationUrl } = await harness.beginSignIn(victim, "/dashboard");
    const state = stateOf(authorizationUrl);
    const callbackUrl = await harness.signInAtProvider(victim, authorizationUrl, account);

    // The attacker's browser has no densara_login cookie of the victim's.
    const attacker = harness.newBrowser();
    const stolen = await attacker.fetch(callbackUrl);
    expectNotice(stolen, "signin-state");
    expect(harness.log.entries).toContainEqual(
      expect.objectContaining({ fields: { notice: "signin-state", reason: "other-browser" } }),
    );
    const remaining = await harness.database.db
      .select()
      .from(loginTransactions)
      .where(eq(loginTransactions.state, state));
    expect(remaining).toHaveLength(1);

    // The browser that began it still finishes it, and its sign-in secret is cleared.
    const finished = await victim.fetch(callbackUrl);
    expect(finished.status).toBe(303);
    expect(finished.headers.get("location")).toBe("/dashboard");
    expect(setCookies(finished, "densara_login").map((cookie) => cookie.attributes.get("max-age"))).toEqual(["0"]);
    expect(await userByEmail(account.email)).toBeDefined();
  });

  it("refuses a callback after the login transaction has expired", async () => {
    const account = await harness.newAccount("slow");
    const browser = harness.newBrowser();
    const { authorizationUrl } = await harness.beginSignIn(browser, "/dashboard");
    const callbackUrl = await harness.signInAtProvider(browser, authorizationUrl, account);
    harness.clock.offsetMs = loginTransactionTtlS * 1000 + 1_000;
    const late = await browser.fetch(callbackUrl);
    expectNotice(late, "signin-expired");
    expect(await userByEmail(account.email)).toBeUndefined();
  });

  it.each([
    ["nonce", { nonce: "a-nonce-the-provider-never-saw" }],
    ["PKCE verifier", { codeVerifier: "a-code-verifier-that-does-not-match-the-challenge-0000000" }],
  ])("refuses a callback whose %s does not match the authorization request", async (_what, tampered) => {
    const account = await harness.newAccount("mismatch");
    const browser = harness.newBrowser();
    const { authorizationUrl } = await harness.beginSignIn(browser, "/dashboard");
    const state = authorizationUrl.searchParams.get("state") ?? "";
    // As if the provider (or someone in between) answered a different request than the one sent.
    await harness.database.db.update(loginTransactions).set(tampered).where(eq(loginTransactions.state, state));
    const callbackUrl = await harness.signInAtProvider(browser, authorizationUrl, account);
    const response = await browser.fetch(callbackUrl);
    expectNotice(response, "signin-failed");
    expect(await userByEmail(account.email)).toBeUndefined();
    expect(setCookies(response, "densara_session")).toEqual([]);
  });

  it("says the provider refused when the callback carries an error", async () => {
    const browser = harness.newBrowser();
    const { authorizationUrl } = await harness.beginSignIn(browser, "/dashboard");
    const state = stateOf(authorizationUrl);
    const refused = await browser.fetch(
      `/auth/logged-in?error=access_denied&error_description=${encodeURIComponent("no thanks")}&state=${state}`,
    );
    expectNotice(refused, "signin-refused");
    expect(harness.log.entries).toContainEqual(
      expect.objectContaining({
        message: "sign-in failed",
        fields: { notice: "signin-refused", error: "access_denied", description: "no thanks" },
      }),
    );
    // The transaction is gone: the same state cannot be used again.
    expectNotice(await browser.fetch(`/auth/logged-in?code=abc&state=${state}`), "signin-state");
  });

  it("says signed out (never 500) for an unknown or tampered session cookie, and clears it", async () => {
    const account = await harness.newAccount("tamper");
    const browser = harness.newBrowser();
    await harness.signIn(browser, account, "/");
    const token = browser.cookie("densara_session") ?? "";
    expect(token).not.toBe("");
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;

    for (const value of [flipped, randomBytes(32).toString("base64url"), "x"]) {
      const other = harness.newBrowser();
      other.setCookie("densara_session", value);
      const { response, body } = await session(other);
      expect(response.status).toBe(200);
      expect(body).toEqual({ signedIn: false });
      const cleared = setCookies(response, "densara_session");
      expect(cleared.map((cookie) => [cookie.value, cookie.attributes.get("max-age")])).toEqual([["", "0"]]);
      expect(other.cookie("densara_session")).toBeUndefined();
    }

    // Values that are not a token at all also read as signed out.
    for (const value of [`${token}!`, "a".repeat(200), "%00", ""]) {
      const other = harness.newBrowser();
      other.setCookie("densara_session", value);
      const { response, body } = await session(other);
      expect(response.status).toBe(200);
      expect(body).toEqual({ signedIn: false });
    }

    // The real session is untouched by all that.
    expect((await session(browser)).body.signedIn).toBe(true);
  });

  it("reuses a signed-in session check for a moment, forgets it at sign-out, and asks again after the moment", async () => {
    const account = await harness.newAccount("reused");
    const browser = harness.newBrowser();
    await harness.signIn(browser, account, "/dashboard");
    const first = await session(browser);
    expect(first.body.signedIn).toBe(true);
    const token = browser.cookie("densara_session") ?? "";
    // Ended behind this process's back (another worker, say): the header may say so a moment late.
    await harness.database.db.delete(sessionsTable).where(eq(sessionsTable.idHash, hashSessionToken(token)));
    const reused = await session(browser);
    expect(reused.body).toEqual(first.body);
    expect(reused.response.headers.get("cache-control")).toBe("no-store");
    harness.clock.offsetMs = sessionAnswerTtlMs;
    expect((await session(browser)).body.signedIn).toBe(false);

    // Signing out in this process forgets the answer at once.
    const other = harness.newBrowser();
    await harness.signIn(other, account, "/dashboard");
    const signedIn = await session(other);
    if (!signedIn.body.signedIn) throw new Error("not signed in");
    expect((await other.post("/auth/logout", { csrf: signedIn.body.csrfToken })).status).toBe(303);
    expect((await session(other)).body.signedIn).toBe(false);
  });

  it("while it hears the database's announcements, forgets a kept session check the moment its session ends or its person changes, whoever changed them", async () => {
    const hearing = harness.server.hearSessionChanges();
    try {
      await hearing.ready;
      const account = await harness.newAccount("heard");
      const browser = harness.newBrowser();
      await harness.signIn(browser, account, "/dashboard");
      const first = await session(browser);
      if (!first.body.signedIn) throw new Error("not signed in");
      // The server's clock goes back an hour: every answer kept stays fresh by any TTL, so
      // only an announcement can make this process forget one.
      harness.clock.offsetMs = -3_600_000;
      const token = browser.cookie("densara_session") ?? "";

      // Renamed behind this process's back (an admin on another machine): the next checks read the new name.
      await harness.database.db.update(users).set({ name: "Renamed elsewhere" }).where(eq(users.email, account.email));
      await expect
        .poll(async () => (await session(browser)).body, { timeout: 10_000 })
        .toMatchObject({ user: { name: "Renamed elsewhere" } });

      // Ended behind this process's back (a sign-out on another machine): signed out.
      await harness.database.db.delete(sessionsTable).where(eq(sessionsTable.idHash, hashSessionToken(token)));
      await expect.poll(async () => (await session(browser)).body.signedIn, { timeout: 10_000 }).toBe(false);
    } finally {
      harness.clock.offsetMs = 0;
      await hearing.stop();
    }
  });

  it("signs out only with the session's CSRF token, then at the provider too", async () => {
    const account = await harness.newAccount("logout");
    const browser = harness.newBrowser();
    await harness.signIn(browser, account, "/dashboard");
    const before = await session(browser);
    if (!before.body.signedIn) throw new Error("not signed in");
    const token = browser.cookie("densara_session") ?? "";
    const stored = await harness.sessions.read(token);
    expect(stored?.idToken).toBeTruthy();

    const forms: Record<string, string>[] = [{}, { csrf: "wrong" }, { csrf: csrfTokenFor("another session") }];
    for (const fields of forms) {
      const refused = await browser.post("/auth/logout", fields);
      expectNotice(refused, "signout-expired", "/");
      expect((await session(browser)).body.signedIn).toBe(true);
    }

    const wrongMethod = await browser.fetch("/auth/logout");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST");
    expect((await session(browser)).body.signedIn).toBe(true);

    const loggedOut = await browser.post("/auth/logout", { csrf: before.body.csrfToken });
    expect(loggedOut.status).toBe(303);
    const endSession = locationOf(loggedOut, at("/auth/logout"));
    expect(endSession.origin + endSession.pathname).toBe(`${harness.origin}/idp/session/end`);
    expect(endSession.searchParams.get("id_token_hint")).toBe(stored?.idToken);
    expect(endSession.searchParams.get("post_logout_redirect_uri")).toBe(`${harness.origin}/`);
    expect(endSession.searchParams.get("client_id")).toBe(harness.embedded.clientId);
    expect(setCookies(loggedOut, "densara_session").map((cookie) => cookie.attributes.get("max-age"))).toEqual(["0"]);

    expect(await harness.sessions.read(token)).toBeNull();
    browser.setCookie("densara_session", token);
    const after = await session(browser);
    expect(after.body).toEqual({ signedIn: false });

    // The provider accepts the hint and asks its own page to confirm the sign-out.
    const providerPage = await browser.fetch(endSession);
    expect(providerPage.status).toBe(200);
    expect(await providerPage.text()).toContain('name="logout" value="yes"');

    // Signing out again without a site session still ends the provider's (no hint, so it asks).
    const twice = await browser.post("/auth/logout", { csrf: before.body.csrfToken });
    expect(twice.status).toBe(303);
    const again = locationOf(twice, at("/auth/logout"));
    expect(again.pathname).toBe("/idp/session/end");
    expect(again.searchParams.has("id_token_hint")).toBe(false);
    const asks = await (await browser.fetch(again)).text();
    expect(asks).toContain("Sign out of Densara?");
    expect(asks).not.toContain("document.forms[0].submit()");
  });

  it("refuses a disabled user a session", async () => {
    const account = await harness.newAccount("disabled");
    await harness.signIn(harness.newBrowser(), account, "/");
    const user = await userByEmail(account.email);
    if (!user) throw new Error("no user row");
    await disableUser(domainContext(harness.database.db, systemAdmin), { id: user.id, version: user.version });

    const browser = harness.newBrowser();
    const { response } = await harness.signIn(browser, account, "/dashboard");
    expectNotice(response, "account-disabled");
    expect(await sessionRowsOf(user.id)).toEqual([]);
    expect((await session(browser)).body).toEqual({
      signedIn: false,
      notice: "Your account is disabled. Please contact your administrator.",
    });
  });

  /** A sign-in page opened in this browser: its interaction's uid. */
  async function openSignIn(browser: TestBrowser, returnTo = "/dashboard"): Promise<string> {
    const { authorizationUrl } = await harness.beginSignIn(browser, returnTo);
    const opened = await harness.openInteraction(browser, authorizationUrl);
    if (!("uid" in opened)) throw new Error("the provider skipped the login page");
    return opened.uid;
  }

  async function attemptSignIn(browser: TestBrowser, uid: string, email: string, password: string) {
    const response = await harness.submitCredentials(browser, uid, { email, password });
    return { status: response.status, alert: await formAlertText(response) };
  }

  it("backs off one client guessing one address after five tries, in the same words for an unknown address, while the owner signs in from elsewhere", async () => {
    const account = await harness.newAccount("guessed");
    const unknown = `nobody-${randomBytes(4).toString("hex")}@example.test`;
    const guesser = harness.newBrowser();
    const uid = await openSignIn(guesser);
    const answers = { known: [] as (string | undefined)[], unknown: [] as (string | undefined)[] };
    for (let count = 1; count <= 6; count += 1) {
      answers.known.push((await attemptSignIn(guesser, uid, account.email, "not the password")).alert);
      answers.unknown.push((await attemptSignIn(guesser, uid, unknown, "not the password")).alert);
    }
    expect(answers.known).toEqual(answers.unknown);
    expect(answers.known.slice(0, 5)).toEqual(
      Array.from({ length: 5 }, () => expect.stringMatching(/do not match an account/) as unknown),
    );
    expect(answers.known.at(-1)).toBe(
      "Too many sign-in attempts for this email address. Try again in 15 minutes, or reset your password.",
    );
    // Even the right password waits, from this client…
    expect((await attemptSignIn(guesser, uid, account.email, account.password)).alert).toMatch(/^Too many sign-in/);
    // …but the owner, elsewhere, is not locked out.
    const { response } = await harness.signIn(harness.newBrowser(), account, "/dashboard");
    expect(response.headers.get("location")).toBe("/dashboard");
  });

  it("pauses an account guessed at from many networks, mails its owner once, and a new password lifts the pause", async () => {
    const account = await harness.newAccount("paused");
    await harness.database.db
      .update(idpAccounts)
      .set({ emailVerified: true })
      .where(eq(idpAccounts.id, account.account.id));
    const guesses = 50;
    let sent = 0;
    while (sent < guesses) {
      const browser = harness.newBrowser();
      const uid = await openSignIn(browser);
      for (let count = 0; count < 5 && sent < guesses; count += 1, sent += 1) {
        expect((await attemptSignIn(browser, uid, account.email, "not the password")).alert).toMatch(/do not match/);
      }
    }
    const owner = harness.newBrowser();
    const ownerUid = await openSignIn(owner);
    const refused = await attemptSignIn(owner, ownerUid, account.email, account.password);
    expect(refused).toEqual({
      status: 400,
      alert: "Too many sign-in attempts for this email address. Try again in 60 minutes, or reset your password.",
    });
    expect((await attemptSignIn(owner, ownerUid, account.email, account.password)).alert).toMatch(/^Too many sign-in/);
    const mails = await harness.database.db.select().from(outbox).where(eq(outbox.to, account.email));
    expect(mails.map((mail) => mail.subject)).toEqual(["Sign-in to your Densara account is paused"]);

    const link = /\/idp\/password\/reset\/([\w-]+)/.exec(mails[0]?.text ?? "");
    const hosted = harness.newBrowser();
    const token = link?.[1] ?? "";
    const page = await hosted.fetch(`/idp/password/reset/${token}`);
    expect(page.status).toBe(200);
    const saved = await hosted.post(`/idp/password/reset/${token}`, {
      password: "a fresh password 99",
      confirm: "a fresh password 99",
    });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Your password is changed");
    const { response } = await harness.signIn(owner, { ...account, password: "a fresh password 99" }, "/dashboard");
    expect(response.headers.get("location")).toBe("/dashboard");
  });

  /** Another browser on the same network as `browser`. */
  function neighbourOf(browser: TestBrowser): TestBrowser {
    return new TestBrowser(browser.origin, browser.clientAddress);
  }

  it("refuses the 21st password sign-in from one network in 15 minutes, whatever the addresses, and only that network", async () => {
    const account = await harness.newAccount("network");
    const guesser = harness.newBrowser();
    const uid = await openSignIn(guesser);
    const alerts: (string | undefined)[] = [];
    for (let count = 1; count <= 20; count += 1) {
      const email = `guess-${count}-${randomBytes(3).toString("hex")}@example.test`;
      alerts.push((await attemptSignIn(guesser, uid, email, "not the password")).alert);
    }
    expect(alerts.filter((alert) => alert?.includes("do not match an account"))).toHaveLength(20);
    const refusal = "Too many sign-in attempts from this network. Try again in 15 minutes.";
    expect(await attemptSignIn(guesser, uid, account.email, account.password)).toEqual({
      status: 400,
      alert: refusal,
    });
    // A neighbour on the same network meets the same wait; another network does not.
    const neighbour = neighbourOf(guesser);
    expect((await attemptSignIn(neighbour, await openSignIn(neighbour), account.email, account.password)).alert).toBe(
      refusal,
    );
    const { response } = await harness.signIn(harness.newBrowser(), account, "/dashboard");
    expect(response.headers.get("location")).toBe("/dashboard");
  });

  it("lets one network start 60 sign-ins in 15 minutes and sends the 61st to the sign-in error page", async () => {
    const browser = harness.newBrowser();
    for (let count = 1; count <= 60; count += 1) {
      const { response } = await harness.beginSignIn(browser, "/dashboard");
      expect(response.status).toBe(302);
      expect(new URL(response.headers.get("location") ?? "", browser.origin).pathname).toBe(
        `${embeddedProviderPath}/auth`,
      );
    }
    const { response } = await harness.beginSignIn(browser, "/dashboard");
    expectNotice(response, "signin-too-many");
    // Another network starts as usual.
    const elsewhere = await harness.beginSignIn(harness.newBrowser(), "/dashboard");
    expect(elsewhere.response.status).toBe(302);
  });

  it("takes ten new accounts from one network in an hour and refuses the eleventh in words", async () => {
    const browser = harness.newBrowser();
    const uid = await openSignIn(browser, "/docs");
    const statuses: number[] = [];
    const nudges = harness.mail.nudges;
    for (let count = 1; count <= 10; count += 1) {
      const email = `new-${count}-${randomBytes(3).toString("hex")}@example.test`;
      const response = await browser.post(`/idp/interaction/${uid}/signup`, { name: "Someone", email });
      statuses.push(response.status);
    }
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 200));
    // Each sign-up's mail was sent on at once: the outbox was told after each hosted page's post.
    expect(harness.mail.nudges).toBe(nudges + 10);
    const eleventh = `new-11-${randomBytes(3).toString("hex")}@example.test`;
    const refused = await browser.post(`/idp/interaction/${uid}/signup`, { name: "Someone", email: eleventh });
    expect(refused.status).toBe(400);
    expect(await formAlertText(refused)).toBe("Too many new accounts from this network. Try again in 60 minutes.");
    expect(await harness.database.db.select().from(outbox).where(eq(outbox.to, eleventh))).toEqual([]);
  });

  it("answers a sign-up the same whoever owns the address, and lets the mail tell the owner", async () => {
    const existing = await harness.newAccount("existing");
    await harness.database.db
      .update(idpAccounts)
      .set({ emailVerified: true })
      .where(eq(idpAccounts.id, existing.account.id));
    const fresh = `fresh-${randomBytes(4).toString("hex")}@example.test`;
    const pages: string[] = [];
    for (const email of [existing.email, fresh]) {
      const browser = harness.newBrowser();
      const uid = await openSignIn(browser, "/docs");
      const response = await browser.post(`/idp/interaction/${uid}/signup`, { name: "Someone", email });
      expect(response.status).toBe(200);
      const status = /<div[^>]*role="status"[^>]*>([^<]*)<\/div>/.exec(await response.text())?.[1];
      pages.push(status?.replace(email, "ADDRESS") ?? "");
    }
    expect(pages[0]).toBe(
      "We have sent a message to ADDRESS. Open the link in it to choose your password and finish your account.",
    );
    expect(pages[1]).toBe(pages[0]);
    const subjects = async (email: string) =>
      (await harness.database.db.select().from(outbox).where(eq(outbox.to, email))).map((mail) => mail.subject);
    expect(await subjects(existing.email)).toEqual(["You already have a Densara account"]);
    expect(await subjects(fresh)).toEqual(["Finish creating your Densara account"]);
  });

  it("resumes where the browser was headed when sign-in starts again after an expired page", async () => {
    const browser = harness.newBrowser();
    await harness.beginSignIn(browser, "/dashboard/admin/users");
    harness.clock.offsetMs = (loginTransactionTtlS + 60) * 1000;
    const again = await browser.fetch("/auth/login?resume");
    expect(again.status).toBe(302);
    const [pending] = await harness.database.db
      .select({ returnTo: loginTransactions.returnTo, createdAt: loginTransactions.createdAt })
      .from(loginTransactions)
      .where(eq(loginTransactions.state, locationOf(again, at("/auth/login")).searchParams.get("state") ?? ""));
    expect(pending?.returnTo).toBe("/dashboard/admin/users");
    // A browser that never began a sign-in goes to the default; an explicit returnTo wins.
    const stranger = harness.newBrowser();
    const fresh = await stranger.fetch("/auth/login?resume");
    const [defaulted] = await harness.database.db
      .select({ returnTo: loginTransactions.returnTo })
      .from(loginTransactions)
      .where(eq(loginTransactions.state, locationOf(fresh, at("/auth/login")).searchParams.get("state") ?? ""));
    expect(defaulted?.returnTo).toBe("/");
  });

  it("ends the old session when a browser that has one signs in again", async () => {
    const account = await harness.newAccount("rotate");
    const browser = harness.newBrowser();
    // A second tab starts signing in before the first one finishes.
    const { authorizationUrl: secondTab } = await harness.beginSignIn(browser, "/second");
    const { response: first } = await harness.signIn(browser, account, "/first");
    expect(first.headers.get("location")).toBe("/first");
    // The second tab still needs the browser's sign-in secret: it stays.
    expect(setCookies(first, "densara_login")).toEqual([]);
    const oldToken = browser.cookie("densara_session") ?? "";
    expect(await harness.sessions.read(oldToken)).not.toBeNull();

    // The provider remembers this browser, so the second tab comes straight back with a code.
    const callbackUrl = await harness.signInAtProvider(browser, secondTab, account);
    const second = await browser.fetch(callbackUrl);
    expect(second.status).toBe(303);
    expect(second.headers.get("location")).toBe("/second");
    // Nothing else under way: now it goes.
    expect(setCookies(second, "densara_login").map((cookie) => cookie.attributes.get("max-age"))).toEqual(["0"]);
    const newToken = setCookies(second, "densara_session")[0]?.value ?? "";
    expect(newToken).toMatch(/^[\w-]{43}$/);
    expect(newToken).not.toBe(oldToken);

    expect(await harness.sessions.read(oldToken)).toBeNull();
    expect((await harness.sessions.read(newToken))?.user.email).toBe(account.email);
    const user = await userByEmail(account.email);
    expect((await sessionRowsOf(user?.id ?? "")).map((row) => row.idHash)).toEqual([hashSessionToken(newToken)]);
    expect((await session(browser)).body.signedIn).toBe(true);
  });
});
