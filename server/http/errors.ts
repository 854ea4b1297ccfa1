import type { Context, ErrorHandler } from "hono";
import { loggedPath } from "../../shared/contracts/error-log.ts";
import { databaseUnreachable, databaseUnreachableMessage } from "../domain/core/database.ts";
import type { Logger } from "../log.ts";
import type { AppEnv } from "./env.ts";
import { DomainError, errorCodeOf, httpStatusOf, RateLimitedError } from "../domain/core/errors.ts";

/**
 * A domain error as a plain HTTP answer (for the server's own routes; pages and the API
 * carry the same code and status from the same table): its status, its sentence, and
 * for a rate limit when to try again. Anything that is not a domain error is thrown on,
 * to be logged and answered as a fault of ours.
 */
export function domainErrorResponse(c: Context, error: unknown): Response {
  if (!(error instanceof DomainError)) throw error;
  const status = httpStatusOf(errorCodeOf(error)) as 400 | 401 | 403 | 404 | 409 | 429 | 503;
  return c.text(error.message, status, {
    "Cache-Control": "no-store",
    ...(error instanceof RateLimitedError ? { "Retry-After": String(error.retryAfterS) } : {}),
  });
}

/**
 * What the server answers when a request fails with something no route turned into an
 * answer (Hono's `onError`): the database out of reach is 503 with a sentence and
 * `Retry-After` (JSON for the API and uploads, text otherwise; nothing was changed, and
 * trying again works once it is back); anything else is logged and answered as a fault of
 * ours, without its details.
 */
export function unexpectedErrorHandler(log: Logger): ErrorHandler<AppEnv> {
  return (error, c) => {
    const json = /^\/(graphql|uploads)(\/|$)/.test(c.req.path) || c.req.header("accept")?.includes("json") === true;
    const noStore = { "Cache-Control": "no-store" };
    if (databaseUnreachable(error)) {
      log.warn("request refused: the database is out of reach", { path: loggedPath(c.req.path), error: error.message });
      const headers = { ...noStore, "Retry-After": "10" };
      return json
        ? c.json({ error: { code: "UNAVAILABLE", message: databaseUnreachableMessage } }, 503, headers)
        : c.text(databaseUnreachableMessage, 503, headers);
    }
    log.error("request failed", { path: loggedPath(c.req.path), error: error.stack ?? error.message });
    const message = "Something failed on the server; nothing was changed. Please try again in a moment.";
    return json
      ? c.json({ error: { code: "INTERNAL_SERVER_ERROR", message } }, 500, noStore)
      : c.text(message, 500, noStore);
  };
}
