import { GraphQLError } from "graphql";
import { databaseUnreachable, databaseUnreachableMessage } from "../domain/core/database.ts";
import { DomainError, httpStatusOf, RateLimitedError, ValidationError, type ErrorCode } from "../domain/core/errors.ts";

/** The error shape the app's loaders and actions read (and the API's clients see in `extensions`). */
export type ApiError = {
  message: string;
  code: string;
  /** The HTTP status the error's code has in the domain's one error table. */
  status: number;
  fields?: Record<string, string>;
  path?: readonly (string | number)[];
};

function domainErrorIn(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  if (error instanceof GraphQLError && error.originalError) return domainErrorIn(error.originalError);
  return undefined;
}

function extensionsOf(error: DomainError): Record<string, unknown> {
  return {
    code: error.code,
    ...(error instanceof ValidationError ? { fields: error.fields } : {}),
    ...(error instanceof RateLimitedError ? { retryAfterS: error.retryAfterS } : {}),
  };
}

/**
 * An error in GraphQL's own terms: no cause, or a cause that is such an error too (a
 * variable that does not fit its type, with the scalar's or the input type's message).
 * An error from anywhere else (the database, a bug) is not one.
 */
function isRequestError(error: GraphQLError): boolean {
  const cause = error.originalError;
  return cause === undefined || (cause instanceof GraphQLError && isRequestError(cause));
}

/**
 * The one mapping from domain errors to GraphQL errors: a refusal keeps its message and
 * gains `extensions.code` (and the field messages of a validation error); anything else
 * is masked, so no stack trace or SQL ever reaches a client. A request error (a query
 * that does not parse or fit the schema) keeps its message but nothing of its cause.
 */
export function maskError(error: unknown, message: string): GraphQLError {
  const domain = domainErrorIn(error);
  const graphqlError = error instanceof GraphQLError ? error : undefined;
  const where = {
    ...(graphqlError?.nodes ? { nodes: graphqlError.nodes } : {}),
    ...(graphqlError?.path ? { path: graphqlError.path } : {}),
  };
  if (domain) return new GraphQLError(domain.message, { ...where, extensions: extensionsOf(domain) });
  if (graphqlError && isRequestError(graphqlError)) {
    // The cause's own words (a JSON parser's, quoting the body) are no client's business.
    // The error itself goes on, so Yoga still gives it its HTTP status.
    delete (graphqlError.extensions as { originalError?: unknown }).originalError;
    return graphqlError;
  }
  if (databaseUnreachable(graphqlError?.originalError ?? error)) {
    // Not a fault of the request or of ours to log: the database is away, and trying again later works.
    return new GraphQLError(databaseUnreachableMessage, {
      ...where,
      extensions: { code: "UNAVAILABLE" satisfies ErrorCode, http: { status: 503, headers: { "Retry-After": "10" } } },
    });
  }
  return new GraphQLError(message, {
    ...(graphqlError?.path ? { path: graphqlError.path } : {}),
    extensions: { code: "INTERNAL_SERVER_ERROR" satisfies ErrorCode },
  });
}

/** An error as the app sees it, from a masked GraphQL error, with its HTTP status from the one table. */
export function apiErrorOf(error: GraphQLError): ApiError {
  const code = typeof error.extensions.code === "string" ? error.extensions.code : "INTERNAL_SERVER_ERROR";
  const fields = error.extensions.fields as Record<string, string> | undefined;
  return {
    message: error.message,
    code,
    status: httpStatusOf(code),
    ...(fields ? { fields } : {}),
    ...(error.path ? { path: error.path } : {}),
  };
}
