import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { clearSessionCookie, readCookie, serializeCookie, sessionCookie, sessionCookieName } from "../auth/cookies.ts";
import { csrfTokenFor, csrfTokenMatches } from "../auth/csrf.ts";
import type { createLoginTransactions } from "../auth/login-transactions.ts";
import { authNotices, isAuthNotice, type AuthNotice } from "../auth/notices.ts";
import { ProviderUnavailableError, type RelyingParty } from "../auth/relying-party.ts";
import { safeReturnTo } from "../auth/return-to.ts";
import type { SessionStore } from "../auth/sessions.ts";
import { upsertUserFromClaims } from "../domain/users.ts";
import type { Logger } from "../log.ts";

type Env = { Variables: { https: boolean } };

const noStore = { "Cache-Control": "no-store" };
const loginCookieMaxAgeS = 10 * 60;
const noticeMaxAgeS = 5 * 60;

function prefixed(name: string, https: boolean): string {
  return https ? `__Host-${name}` : name;
}

/**
 * The site's side of sign-in: /auth/login starts it, /auth/logged-in (the provider's
 * return location; it has no page of its own) finishes it, /auth/logout ends it, and
 * /auth/session tells the header of a prerendered page who is signed in.
 */
export function createAuthRoutes(deps: {
  config: Config;
  db: Database;
  relyingParty: RelyingParty;
  sessions: SessionStore;
  transactions: ReturnType<typeof createLoginTransactions>;
  /** Addresses that become admins at their first sign-in. */
  adminEmails: readonly string[];
  log: Logger;
}) {
  const { config, db, relyingParty, sessions, transactions, log } = deps;
  const routes = new Hono<Env>();
  const loginCookie = (https: boolean) => prefixed("densara_login", https);
  const noticeCookie = (https: boolean) => prefixed("densara_notice", https);

  function fail(https: boolean, notice: AuthNotice, detail: Record<string, unknown> = {}): Response {
    log.warn("sign-in failed", { notice, ...detail });
    return new Response(null, {
      status: 303,
      headers: {
        Location: config.auth.errorPath,
        "Set-Cookie": serializeCookie(noticeCookie(https), notice, { https, maxAgeS: noticeMaxAgeS }),
        ...noStore,
      },
    });
  }

  routes.get("/login", async (c) => {
    const https = c.get("https");
    const returnTo = safeReturnTo(c.req.query("returnTo"));
    const cookies = c.req.header("cookie");
    if (await sessions.read(readCookie(cookies, sessionCookieName(https)))) {
      return new Response(null, { status: 303, headers: { Location: returnTo, ...noStore } });
    }
    // One secret per browser binds its sign-ins to it; tabs signing in at once share it.
    const browserSecret = readCookie(cookies, loginCookie(https)) ?? randomBytes(32).toString("base64url");
    try {
      const transaction = await transactions.begin({ returnTo, browserSecret });
      const location = await relyingParty.authorizationUrl(transaction);
      const headers = new Headers({ Location: location.href, ...noStore });
      headers.append(
        "Set-Cookie",
        serializeCookie(loginCookie(https), browserSecret, { https, maxAgeS: loginCookieMaxAgeS }),
      );
      return new Response(null, { status: 302, headers });
    } catch (error) {
      if (error instanceof ProviderUnavailableError) return fail(https, "signin-unavailable", { error: error.message });
      throw error;
    }
  });

  routes.get("/logged-in", async (c) => {
    const https = c.get("https");
    const query = new URL(c.req.url).searchParams;
    const state = query.get("state");
    if (!state) return fail(https, "signin-state", { reason: "no state" });
    const cookies = c.req.header("cookie");
    const consumed = await transactions.consume(state, readCookie(cookies, loginCookie(https)));
    if (!consumed.ok) {
      return fail(https, consumed.reason === "expired" ? "signin-expired" : "signin-state", {
        reason: consumed.reason,
      });
    }
    const providerError = query.get("error");
    if (providerError) {
      return fail(https, "signin-refused", {
        error: providerError.slice(0, 100),
        description: query.get("error_description")?.slice(0, 300),
      });
    }
    let result;
    try {
      result = await relyingParty.completeSignIn(query, consumed.transaction);
    } catch (error) {
      return fail(https, error instanceof ProviderUnavailableError ? "signin-unavailable" : "signin-failed", {
        error: error instanceof Error ? error.message : String(error),
      });
    }
    const user = await upsertUserFromClaims(db, result.claims, { adminEmails: deps.adminEmails });
    if (user.disabledAt) return fail(https, "account-disabled", { user: user.id });
    const started = await sessions.start(user.id, {
      idToken: result.idToken,
      userAgent: c.req.header("user-agent") ?? null,
      replacing: readCookie(cookies, sessionCookieName(https)) ?? null,
    });
    log.info("signed in", { user: user.id, role: user.role });
    return new Response(null, {
      status: 303,
      headers: {
        Location: consumed.transaction.returnTo,
        "Set-Cookie": sessionCookie(started.token, https),
        ...noStore,
      },
    });
  });

  routes.post("/logout", async (c) => {
    const https = c.get("https");
    const token = readCookie(c.req.header("cookie"), sessionCookieName(https));
    const session = await sessions.read(token);
    if (!session || !token) {
      return new Response(null, {
        status: 303,
        headers: { Location: "/", "Set-Cookie": clearSessionCookie(https), ...noStore },
      });
    }
    const form = await c.req.formData().catch(() => new FormData());
    if (!csrfTokenMatches(token, form.get("csrf"))) {
      return new Response(null, {
        status: 303,
        headers: {
          Location: "/",
          "Set-Cookie": serializeCookie(noticeCookie(https), "signout-expired", { https, maxAgeS: noticeMaxAgeS }),
          ...noStore,
        },
      });
    }
    await sessions.end(token);
    log.info("signed out", { user: session.user.id });
    let location = "/";
    try {
      location = (await relyingParty.endSessionUrl(session.idToken))?.href ?? "/";
    } catch (error) {
      log.warn("could not sign out at the provider", { error: error instanceof Error ? error.message : String(error) });
    }
    return new Response(null, {
      status: 303,
      headers: { Location: location, "Set-Cookie": clearSessionCookie(https), ...noStore },
    });
  });

  routes.on(["GET", "HEAD"], "/logout", (c) =>
    c.text("Sign out with the Sign out button: it sends a form, so another site cannot sign you out.", 405, {
      Allow: "POST",
    }),
  );

  routes.get("/session", async (c) => {
    const https = c.get("https");
    const cookies = c.req.header("cookie");
    const token = readCookie(cookies, sessionCookieName(https));
    const session = await sessions.read(token);
    const noticeCode = readCookie(cookies, noticeCookie(https));
    const notice = isAuthNotice(noticeCode) ? authNotices[noticeCode] : undefined;
    const headers = new Headers({ ...noStore, Vary: "Cookie", "Content-Type": "application/json" });
    if (noticeCode) headers.append("Set-Cookie", serializeCookie(noticeCookie(https), "", { https, maxAgeS: 0 }));
    // Any cookie by that name that is not a live session (ended, forged, malformed) is cleared.
    const presented = (cookies ?? "").split(";").some((part) => part.trim().startsWith(`${sessionCookieName(https)}=`));
    if (presented && !session) headers.append("Set-Cookie", clearSessionCookie(https));
    const body =
      session && token
        ? {
            signedIn: true as const,
            user: { name: session.user.name, email: session.user.email, role: session.user.role },
            csrfToken: csrfTokenFor(token),
            ...(notice ? { notice } : {}),
          }
        : { signedIn: false as const, ...(notice ? { notice } : {}) };
    return new Response(JSON.stringify(body), { status: 200, headers });
  });

  return routes;
}
