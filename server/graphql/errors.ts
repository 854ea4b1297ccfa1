import { GraphQLError } from "graphql";
import { DomainError, RateLimitedError, ValidationError } from "../domain/errors.ts";

/** The error shape the app's loaders and actions read (and the API's clients see in `extensions`). */
export type ApiError = {
  message: string;
  code: string;
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
 * is masked, so no stack trace or SQL ever reaches a client.
 */
export function maskError(error: unknown, message: string): GraphQLError {
  const domain = domainErrorIn(error);
  const graphqlError = error instanceof GraphQLError ? error : undefined;
  if (domain) {
    return new GraphQLError(domain.message, {
      ...(graphqlError?.nodes ? { nodes: graphqlError.nodes } : {}),
      ...(graphqlError?.path ? { path: graphqlError.path } : {}),
      extensions: extensionsOf(domain),
    });
  }
  // Parse, validation and variable errors are about the request itself; they keep their words.
  if (graphqlError && isRequestError(graphqlError)) return graphqlError;
  return new GraphQLError(message, {
    ...(graphqlError?.path ? { path: graphqlError.path } : {}),
    extensions: { code: "INTERNAL_SERVER_ERROR" },
  });
}

/** An error as the app sees it, from a masked GraphQL error. */
export function apiErrorOf(error: GraphQLError): ApiError {
  const code = typeof error.extensions.code === "string" ? error.extensions.code : "INTERNAL_SERVER_ERROR";
  const fields = error.extensions.fields as Record<string, string> | undefined;
  return {
    message: error.message,
    code,
    ...(fields ? { fields } : {}),
    ...(error.path ? { path: error.path } : {}),
  };
}
