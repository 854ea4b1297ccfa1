import type { Context } from "hono";
import { clearSessionCookie, hasCookie, sessionCookieName } from "../auth/cookies.ts";
import type { Database } from "../db/client.ts";
import type { Actor } from "../domain/core/access.ts";
import { authenticateToken } from "../domain/tokens/index.ts";
import type { User } from "../domain/users/index.ts";
import type { AppEnv } from "./env.ts";
import { csrfTokenFor, csrfTokenMatches } from "./security/csrf.ts";

/**
 * The credentials of an Authorization header: `Bearer <token>`, or a token alone (spec §6:
 * a token without a scheme word is read as Bearer). Another scheme gives none.
 */
function bearerToken(header: string): string | null {
  const trimmed = header.trim();
  const match = /^(\S+)\s+(\S+)$/.exec(trimmed);
  if (match) return match[1]?.toLowerCase() === "bearer" ? (match[2] ?? null) : null;
  return /^\S+$/.test(trimmed) ? trimmed : null;
}

export type Caller =
  | {
      ok: true;
      actor: Actor | null;
      user: User | null;
      sessionId: string | null;
      /** The session's CSRF token, for a cookie-authenticated caller. */
      csrfToken: string | null;
    }
  | {
      ok: false;
      status: 401 | 403;
      code: "UNAUTHENTICATED" | "FORBIDDEN";
      message: string;
      headers: Record<string, string>;
    };

/**
 * Who is asking, for the server's API routes (/graphql, file uploads and downloads): a
 * personal access token (Authorization), or the session cookie, whose writes must carry
 * the session's CSRF token in `X-CSRF-Token` (`writes` says which methods write). Ended
 * credentials are refused, so the client can drop them and go on as the anonymous viewer.
 * Mounted after the session middleware.
 */
export async function callerOf(c: Context<AppEnv>, db: Database, writes: readonly string[]): Promise<Caller> {
  const authorization = c.req.header("authorization");
  const current = c.get("session");
  if (authorization !== undefined) {
    const token = bearerToken(authorization);
    const authenticated = token ? await authenticateToken(db, token) : null;
    if (!authenticated) {
      return {
        ok: false,
        status: 401,
        code: "UNAUTHENTICATED",
        message: "That access token is not valid: it is unknown, revoked or expired.",
        headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' },
      };
    }
    return { ok: true, actor: authenticated.actor, user: authenticated.user, sessionId: null, csrfToken: null };
  }
  if (current) {
    if (writes.includes(c.req.method) && !csrfTokenMatches(current.token, c.req.header("x-csrf-token"))) {
      return {
        ok: false,
        status: 403,
        code: "FORBIDDEN",
        message: "This request did not carry the page's security token. Reload the page and try again.",
        headers: {},
      };
    }
    return {
      ok: true,
      actor: c.get("actor"),
      user: current.session.user,
      sessionId: current.session.id,
      csrfToken: csrfTokenFor(current.token),
    };
  }
  const https = c.get("https");
  if (hasCookie(c.req.header("cookie"), sessionCookieName(https))) {
    return {
      ok: false,
      status: 401,
      code: "UNAUTHENTICATED",
      message: "Your session has ended. Sign in again to go on.",
      headers: { "Set-Cookie": clearSessionCookie(https) },
    };
  }
  return { ok: true, actor: null, user: null, sessionId: null, csrfToken: null };
}
