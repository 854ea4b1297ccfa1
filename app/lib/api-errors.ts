import type { ApiError } from "./graphql-context.ts";

/**
 * The one mapping from the API's error codes to HTTP statuses, for pages whose loader or
 * action met one (the API itself answers GraphQL errors in its body, per GraphQL over HTTP).
 */
export const statusOfCode: Readonly<Record<string, number>> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL_SERVER_ERROR: 500,
};

export function statusOf(error: Pick<ApiError, "code"> | undefined): number {
  return (error && statusOfCode[error.code]) ?? 500;
}
