import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { MiddlewareHandler } from "hono";
import { loggedPath } from "../../../app/lib/error-log.ts";
import type { Config } from "../../config.ts";
import type { Logger } from "../../log.ts";
import type { AppEnv } from "../env.ts";
import { applySecurityHeaders, contentSecurityPolicy, createNonce, requestIsHttps } from "../security/headers.ts";

/**
 * The first middleware of every request that is not a build file (those are answered
 * before it, with their headers made once: ADR 010): a fresh CSP nonce, whether the
 * visitor came over https, the security headers on whatever answers, and one log line.
 */
export function requestContext(config: Config, log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const https = requestIsHttps(config, c.req.header("x-forwarded-proto")) || c.req.url.startsWith("https:");
    const nonce = createNonce();
    c.set("nonce", nonce);
    c.set("https", https);
    c.set("session", null);
    c.set("actor", null);
    c.set("contentSecurityPolicy", undefined);
    await next();
    if (c.res === RESPONSE_ALREADY_SENT) {
      // The identity provider answered on the Node response itself (with these headers set first).
      logRequest(c.env.outgoing?.statusCode ?? 200);
      return;
    }
    const csp = c.get("contentSecurityPolicy") ?? contentSecurityPolicy({ nonce, https });
    try {
      applySecurityHeaders(c.res.headers, { csp, https, path: c.req.path });
    } catch {
      // Some responses (Response.redirect) have immutable headers: copy, then set.
      c.res = new Response(c.res.body, c.res);
      applySecurityHeaders(c.res.headers, { csp, https, path: c.req.path });
    }
    // A browser that went away before the answer was ready is not a failure of ours (nginx's 499).
    logRequest(c.req.raw.signal.aborted ? 499 : c.res.status);

    function logRequest(status: number) {
      log[status >= 500 ? "error" : "debug"]("request", {
        method: c.req.method,
        // A password-reset link is a secret until used: it never goes to the log.
        path: loggedPath(c.req.path),
        status,
        ms: Math.round(performance.now() - started),
      });
    }
  };
}

/** Security headers for a response written straight to the Node response (the identity provider). */
export function securityHeadersFor(c: { get: <K extends "nonce" | "https">(key: K) => AppEnv["Variables"][K] }) {
  const headers = new Headers();
  applySecurityHeaders(headers, {
    csp: contentSecurityPolicy({ nonce: c.get("nonce"), https: c.get("https") }),
    https: c.get("https"),
  });
  return headers;
}
