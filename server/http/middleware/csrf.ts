import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import { csrfTokenMatches, isCrossSiteWrite, submittedCsrfToken } from "../security/csrf.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** A write from another site is refused before any handler sees it (CSRF, first line; headers only). */
export function refuseCrossSiteWrites(siteOrigin: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isCrossSiteWrite(c.req.raw, siteOrigin)) {
      return c.text("This request was sent from another site, so it was refused.", 403);
    }
    return next();
  };
}

/**
 * Every write made with the session cookie carries the session's CSRF token: the
 * `X-CSRF-Token` header, or for a plain HTML form its `csrf` field. Mounted after the
 * session middleware, where cookie-authenticated writes are accepted. A write without a
 * session (or with a bearer token) has nothing a forged request could borrow.
 */
export function requireCsrfToken(options: {
  exempt?: (path: string) => boolean;
  refuse: (c: Context<AppEnv>) => Response;
}): MiddlewareHandler<AppEnv> {
  const { exempt, refuse } = options;
  return async (c, next) => {
    const session = c.get("session");
    if (!session || safeMethods.has(c.req.method) || exempt?.(c.req.path)) return next();
    const submitted = await submittedCsrfToken(c.req.raw);
    if (!csrfTokenMatches(session.token, submitted.token)) return refuse(c);
    c.set("submittedForm", submitted.form);
    return next();
  };
}
