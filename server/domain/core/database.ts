export type { ReadDatabase } from "../../db/client.ts";

/** Whether a failure is PostgreSQL refusing a value for breaking a constraint, and which. */
export function constraintViolation(error: unknown): { code: string; constraint: string } | null {
  // Drizzle wraps the driver's error (its `cause`); both drivers name the code and the constraint.
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && isRecord(cause); depth += 1, cause = cause.cause) {
    const { code, constraint } = cause;
    if ((code === "23505" || code === "23503") && typeof constraint === "string") return { code, constraint };
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * Failures that say the database cannot be reached at all (a refused or cut connection,
 * a server shutting down or starting, too many connections), not that a query was wrong.
 * SQLSTATE class 08 is "connection exception"; 57P01-57P03 are shutdowns and start-ups.
 */
const unreachableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
const unreachableMessages =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

/** Whether a failure is the database being out of reach (then: 503, try again), through Drizzle's wrapping. */
export function databaseUnreachable(error: unknown): boolean {
  let cause: unknown = error;
  for (let depth = 0; depth < 5 && isRecord(cause); depth += 1, cause = cause.cause) {
    // The file store's failures carry the same network codes: they are the store's, not the database's.
    if (cause.name === "BlobStoreError") return false;
    const { code, message } = cause;
    if (typeof code === "string" && (unreachableCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === "string" && unreachableMessages.test(message)) return true;
    // AggregateError: every address tried (IPv4 and IPv6) refused.
    if (Array.isArray(cause.errors) && cause.errors.length > 0 && cause.errors.every(databaseUnreachable)) return true;
  }
  return false;
}

/** What a person is told when the database is out of reach. */
export const databaseUnreachableMessage =
  "The site's database is not answering at the moment, so nothing was read or changed. Please try again in a minute.";
