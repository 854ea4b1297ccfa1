import type { Context } from "hono";
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
