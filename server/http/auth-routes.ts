import { randomBytes } from "node:crypto";
import type { HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import {
  clearSessionCookie,
  hasCookie,
  hostCookieName,
  readCookie,
  serializeCookie,
  sessionCookie,
  sessionCookieName,
} from "../auth/cookies.ts";
import type { BuildFileAnswer } from "./build-files.ts";
import { csrfTokenFor, csrfTokenMatches } from "./security/csrf.ts";
import { contentSecurityPolicy, requestIsHttps, securityHeaders } from "./security/headers.ts";
import { loginTransactionTtlS, type LoginTransactions } from "../auth/login-transactions.ts";
import { authNotices, isAuthNotice, type AuthNotice } from "../auth/notices.ts";
import { ProviderUnavailableError, type RelyingParty } from "../auth/relying-party.ts";
import { escapeHtml, providerPage, type ProviderPageOptions } from "../web/pages.ts";
import { clientAddress, rateLimitBucket } from "./security/client-address.ts";
import { createRateLimiter, type RateLimit } from "../web/rate-limit.ts";
import { safeReturnTo } from "../../shared/safe-navigation.ts";
import { returnToRefusal } from "../auth/return-to.ts";
import type { SessionStore } from "../domain/users/session-store.ts";
import type { SessionAnswers } from "../auth/session-answers.ts";
import { upsertUserFromClaims } from "../domain/users/index.ts";
import type { Logger } from "../log.ts";

type Env = { Bindings: Partial<HttpBindings>; Variables: { https: boolean } };

/** Starting sign-ins writes rows; one network may start this many per window. */
const loginStartLimit: RateLimit = { limit: 60, windowS: 15 * 60 };

const noStore = { "Cache-Control": "no-store" };

const noticeCookie = (https: boolean) => hostCookieName("densara_notice", https);

/**
 * GET /auth/session answered before the request meets any middleware: without a session
 * or notice cookie (every signed-out page view asks) it has one answer, with no database
 * work; with a session whose answer was given moments ago, that answer again. Anything
 * else goes to the route below.
 */
export function createEarlySessionAnswerer(options: { https: boolean; trustProxy: boolean; answers: SessionAnswers }) {
  const body = Buffer.from(JSON.stringify({ signedIn: false }));
  const base = { "cache-control": "no-store", vary: "Cookie", "content-type": "application/json" };
  const headersFor = (https: boolean) => ({
    ...base,
    ...securityHeaders({ csp: contentSecurityPolicy({ nonce: null, https }), https }),
  });
  const common = { http: headersFor(false), https: headersFor(true) };
  const signedOut = {
    http: { ...common.http, "content-length": body.length },
    https: { ...common.https, "content-length": body.length },
  };
  const noticeNames = [noticeCookie(true), noticeCookie(false)];
  const sessionNames = { http: sessionCookieName(false), https: sessionCookieName(true) };
  return (method: string, path: string, header: (name: string) => string | undefined): BuildFileAnswer | null => {
    if (path !== "/auth/session" || (method !== "GET" && method !== "HEAD")) return null;
    const https = requestIsHttps(options, header("x-forwarded-proto"));
    const cookies = header("cookie");
    if (cookies) {
      if (noticeNames.some((name) => hasCookie(cookies, name))) return null;
      const name = https ? sessionNames.https : sessionNames.http;
      if (hasCookie(cookies, name)) {
        const token = readCookie(cookies, name);
        const answer = token ? options.answers.get(token) : undefined;
        if (!answer) return null;
        return {
          status: 200,
          headers: { ...(https ? common.https : common.http), "content-length": answer.length },
          body: method === "HEAD" ? null : answer,
        };
      }
      if (hasCookie(cookies, https ? sessionNames.http : sessionNames.https)) return null;
    }
    return { status: 200, headers: https ? signedOut.https : signedOut.http, body: method === "HEAD" ? null : body };
  };
}
const loginCookieMaxAgeS = loginTransactionTtlS;
const noticeMaxAgeS = 5 * 60;

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
  transactions: LoginTransactions;
  /** Addresses that become admins at their first sign-in. */
  adminEmails: readonly string[];
  /** The look of the one page these routes render (the hand-over to an external provider's sign-out). */
  pages: ProviderPageOptions;
  log: Logger;
  /** Signed-in session checks, reused for a moment (createSessionAnswers). */
  sessionAnswers?: SessionAnswers;
}) {
  const { config, db, relyingParty, sessions, transactions, log } = deps;
  const routes = new Hono<Env>();
  const limiter = createRateLimiter(db);
  const loginCookie = (https: boolean) => hostCookieName("densara_login", https);

  /** Sends the browser on, leaving a message for the next page to show. */
  function redirectWithNotice(location: string, https: boolean, notice: AuthNotice): Response {
    return new Response(null, {
      status: 303,
      headers: {
        Location: location,
        "Set-Cookie": serializeCookie(noticeCookie(https), notice, { https, maxAgeS: noticeMaxAgeS }),
        ...noStore,
      },
    });
  }

  function fail(https: boolean, notice: AuthNotice, detail: Record<string, unknown> = {}): Response {
    log.warn("sign-in failed", { notice, ...detail });
    return redirectWithNotice(config.auth.errorPath, https, notice);
  }

  routes.get("/login", async (c) => {
    const https = c.get("https");
    const cookies = c.req.header("cookie");
    const knownBrowser = readCookie(cookies, loginCookie(https));
    // ?resume (the hosted pages' "Start again", "Back to sign in"): where this browser was headed.
    const resumed =
      c.req.query("returnTo") === undefined && c.req.query("resume") !== undefined && knownBrowser
        ? await transactions.latestReturnTo(knownBrowser)
        : undefined;
    const asked = c.req.query("returnTo");
    // Spec §8: another site, or a javascript: (or other disallowed) address, is an error the
    // person sees, never silently replaced by the home page.
    const refusal = returnToRefusal(asked, config.publicUrl.origin);
    if (refusal) return fail(https, refusal, { returnTo: asked?.slice(0, 200) });
    const returnTo = safeReturnTo(resumed ?? asked);
    if (await sessions.read(readCookie(cookies, sessionCookieName(https)))) {
      return new Response(null, { status: 303, headers: { Location: returnTo, ...noStore } });
    }
    const address = rateLimitBucket(
      clientAddress(c.req.header("x-forwarded-for"), c.env.incoming?.socket.remoteAddress, config.proxyHops),
    );
    if (!(await limiter.hit(`login-start:address:${address}`, loginStartLimit)).allowed) {
      return fail(https, "signin-too-many", { address });
    }
    // One secret per browser binds its sign-ins to it; tabs signing in at once share it.
    const browserSecret = knownBrowser || randomBytes(32).toString("base64url");
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
    const address = clientAddress(
      c.req.header("x-forwarded-for"),
      c.env.incoming?.socket.remoteAddress,
      config.proxyHops,
    );
    const userAgent = c.req.header("user-agent") ?? null;
    const user = await upsertUserFromClaims(db, result.claims, {
      adminEmails: deps.adminEmails,
      request: { address, userAgent },
    });
    if (user.status !== "active") return fail(https, "account-disabled", { user: user.id });
    const started = await sessions.start(user.id, {
      address,
      idToken: result.idToken,
      userAgent: c.req.header("user-agent") ?? null,
      replacing: readCookie(cookies, sessionCookieName(https)) ?? null,
    });
    log.info("signed in", { user: user.id, role: user.role });
    const headers = new Headers({ Location: consumed.transaction.returnTo, ...noStore });
    headers.append("Set-Cookie", sessionCookie(started.token, https, config.auth.session.absoluteLifetimeS));
    // The sign-in is done: unless another tab is signing in too, the browser's sign-in secret has no more use.
    const browserSecret = readCookie(cookies, loginCookie(https));
    if (browserSecret && !(await transactions.pendingFor(browserSecret))) {
      headers.append("Set-Cookie", serializeCookie(loginCookie(https), "", { https, maxAgeS: 0 }));
    }
    return new Response(null, { status: 303, headers });
  });

  /**
   * Leaves for the provider's sign-out page. A form post may not redirect to another
   * origin under `form-action 'self'`, so an external provider is reached from a small
   * page that moves on by itself (meta refresh) and has a link.
   */
  function leaveFor(location: string, https: boolean): Response {
    const headers = new Headers({ ...noStore, "Set-Cookie": clearSessionCookie(https) });
    const target = new URL(location, config.publicUrl);
    if (target.origin === config.publicUrl.origin) {
      headers.set("Location", location);
      return new Response(null, { status: 303, headers });
    }
    headers.set("Content-Type", "text/html; charset=utf-8");
    const href = escapeHtml(target.href);
    const html = providerPage(deps.pages, {
      title: "Signing out",
      head: `<meta http-equiv="refresh" content="0;url=${href}">`,
      body: `<h1 class="text-3xl font-bold tracking-tight">Signing you out…</h1>
<p>You are signed out of this site. Now signing you out at ${escapeHtml(target.host)}.</p>
<p><a class="font-semibold underline" href="${href}">Continue</a></p>`,
    });
    return new Response(html, { status: 200, headers });
  }

  routes.post("/logout", async (c) => {
    const https = c.get("https");
    const token = readCookie(c.req.header("cookie"), sessionCookieName(https));
    const session = await sessions.read(token);
    if (session && token) {
      const form = await c.req.formData().catch(() => new FormData());
      if (!csrfTokenMatches(token, form.get("csrf"))) return redirectWithNotice("/", https, "signout-expired");
      await sessions.end(token);
      deps.sessionAnswers?.forget(token);
      log.info("signed out", { user: session.user.id });
    }
    // Even when the site's session has already ended, the provider's may not have.
    let location = "/";
    try {
      location = (await relyingParty.endSessionUrl(session?.idToken ?? null))?.href ?? "/";
    } catch (error) {
      log.warn("could not sign out at the provider", { error: error instanceof Error ? error.message : String(error) });
    }
    return leaveFor(location, https);
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
    if (hasCookie(cookies, sessionCookieName(https)) && !session)
      headers.append("Set-Cookie", clearSessionCookie(https));
    const body =
      session && token
        ? {
            signedIn: true as const,
            user: { name: session.user.name, email: session.user.email, role: session.user.role },
            csrfToken: csrfTokenFor(token),
            ...(notice ? { notice } : {}),
          }
        : { signedIn: false as const, ...(notice ? { notice } : {}) };
    const json = JSON.stringify(body);
    if (token && deps.sessionAnswers) {
      // Kept only when it is the whole answer: no notice to show once, no cookie to set.
      if (session && !noticeCode)
        deps.sessionAnswers.set(token, Buffer.from(json), session.expiresAt.getTime(), session.user.id);
      else if (!session) deps.sessionAnswers.forget(token);
    }
    return new Response(json, { status: 200, headers });
  });

  return routes;
}
