import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler, Next } from "hono";
import { loggedPath } from "../../../shared/contracts/error-log.ts";
import type { Config } from "../../config.ts";
import { withRequestId, type Logger } from "../../log.ts";
import type { AppEnv } from "../env.ts";
import { applySecurityHeaders, contentSecurityPolicy, createNonce, requestIsHttps } from "../security/headers.ts";

/** Told of each answer, once it is ready (the metrics: ADR 032). */
export type AnswerObserver = (c: Context<AppEnv>, status: number, seconds: number) => void;

/**
 * The first middleware of every request that is not a build file (those are answered
 * before it, with their headers made once: ADR 010): a fresh CSP nonce, whether the
 * visitor came over https, the security headers on whatever answers, the request's id
 * (kept from `X-Request-Id` when well formed, sent back in it, on every log line), one
 * log line, and the answer told to `observe`.
 */
export function requestContext(config: Config, log: Logger, observe?: AnswerObserver): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const requestId = requestIdFrom(c.req.header("x-request-id"));
    c.set("requestId", requestId);
    // Every line logged for this request, by any module, carries its id (ADR 031).
    return withRequestId(requestId, () => handle(c, next));
  };

  async function handle(c: Context<AppEnv>, next: Next): Promise<void> {
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
    const requestId = c.get("requestId");
    try {
      applySecurityHeaders(c.res.headers, { csp, https, path: c.req.path });
      c.res.headers.set("X-Request-Id", requestId);
    } catch {
      // Some responses (Response.redirect) have immutable headers: copy, then set.
      c.res = new Response(c.res.body, c.res);
      applySecurityHeaders(c.res.headers, { csp, https, path: c.req.path });
      c.res.headers.set("X-Request-Id", requestId);
    }
    // A browser that went away before the answer was ready is not a failure of ours (nginx's 499).
    logRequest(c.req.raw.signal.aborted ? 499 : c.res.status);

    function logRequest(status: number) {
      const ms = performance.now() - started;
      log[status >= 500 ? "error" : "debug"]("request", {
        method: c.req.method,
        // A password-reset link is a secret until used: it never goes to the log.
        path: loggedPath(c.req.path),
        status,
        ms: Math.round(ms),
      });
      // The server's own renders of the pages it keeps are not visitors' requests.
      if (observe && c.env.liveRender !== true) observe(c, status, ms / 1000);
    }
  }
}

/**
 * A request id a proxy or a caller sent is kept when it is well formed (up to 128 letters,
 * digits and `._:-`: a UUID, a trace id); anything else is replaced, so what reaches the
 * log and the answer is never a stranger's text.
 */
const wellFormedRequestId = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export function requestIdFrom(incoming: string | undefined): string {
  return incoming !== undefined && wellFormedRequestId.test(incoming) ? incoming : randomUUID();
}

/** Security headers for a response written straight to the Node response (the identity provider). */
export function securityHeadersFor(c: {
  get: <K extends "nonce" | "https" | "requestId">(key: K) => AppEnv["Variables"][K];
}) {
  const headers = new Headers();
  applySecurityHeaders(headers, {
    csp: contentSecurityPolicy({ nonce: c.get("nonce"), https: c.get("https") }),
    https: c.get("https"),
  });
  headers.set("X-Request-Id", c.get("requestId"));
  return headers;
}
