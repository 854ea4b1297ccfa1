import type { MiddlewareHandler } from "hono";
import { readCookie, sessionCookieName } from "../../auth/cookies.ts";
import type { SessionStore } from "../../domain/users/session-store.ts";
import { actorFor } from "../../domain/users/index.ts";
import type { Logger } from "../../log.ts";
import type { AppEnv } from "../env.ts";

/**
 * Reads the session cookie into `session` and `actor`. Without the database no one is
 * signed in: public pages and 404s still render, and the failure is logged.
 */
export function sessionReader(sessions: SessionStore, log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = readCookie(c.req.header("cookie"), sessionCookieName(c.get("https")));
    if (token) {
      const session = await sessions.read(token).catch((error: unknown) => {
        log.error("could not read the session", { error: error instanceof Error ? error.message : String(error) });
        return null;
      });
      if (session) {
        c.set("session", { token, session });
        c.set("actor", actorFor(session.user, "session"));
      }
    }
    await next();
  };
}
