import { execute, validate, type DocumentNode, type GraphQLError, type GraphQLSchema } from "graphql";
import type { Logger } from "../log.ts";
import type { GraphQLContext } from "./builder.ts";
import { apiErrorOf, maskError, type ApiError } from "./errors.ts";

export type InProcessResult = { data: Record<string, unknown> | null | undefined; errors?: ApiError[] };

export const unexpectedErrorMessage = "Something went wrong on our side. Please try again in a moment.";
export const invalidVariablesMessage = "This form was sent without something it needs. Reload the page and try again.";

/**
 * Runs the app's own operations in the server process, against the same schema as
 * /graphql: a page's loader or action pays no HTTP round trip and no JSON encoding.
 * Documents are the app's typed, static ones; each is validated once.
 */
export function createInProcessExecutor(schema: GraphQLSchema, log: Logger) {
  const validated = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  return async (
    document: DocumentNode,
    variables: Record<string, unknown> | undefined,
    context: GraphQLContext,
  ): Promise<InProcessResult> => {
    let problems = validated.get(document);
    if (!problems) {
      problems = validate(schema, document);
      validated.set(document, problems);
    }
    if (problems.length > 0) {
      // A document that does not fit the schema is a bug in the app, not the user's doing.
      throw new Error(`invalid GraphQL document: ${problems.map((problem) => problem.message).join("; ")}`);
    }
    const result = await execute({ schema, document, variableValues: variables ?? {}, contextValue: context });
    if (!result.errors?.length) return { data: result.data };
    if (result.data === undefined) {
      // A variable the operation cannot take (no resolver ran): what a hand-made form sent, not a fault here.
      return { data: null, errors: [{ message: invalidVariablesMessage, code: "VALIDATION_FAILED" }] };
    }
    const errors = result.errors.map((error) => {
      const masked = maskError(error, unexpectedErrorMessage);
      if (masked.extensions.code === "INTERNAL_SERVER_ERROR") {
        const cause = error.originalError ?? error;
        log.error("GraphQL operation failed", { path: error.path?.join("."), error: cause.stack ?? cause.message });
      }
      return apiErrorOf(masked);
    });
    return { data: result.data, errors };
  };
}

export type InProcessExecutor = ReturnType<typeof createInProcessExecutor>;
