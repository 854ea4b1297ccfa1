import { execute, getOperationAST, validate, type DocumentNode, type GraphQLError, type GraphQLSchema } from "graphql";
import { ValidationError } from "../domain/core/errors.ts";
import { parseInput } from "../domain/core/input.ts";
import type { Logger } from "../log.ts";
import type { GraphQLContext } from "./builder.ts";
import { apiErrorOf, maskError, type ApiError } from "./errors.ts";
import { formMutation, inputFromForm, type FormMutation } from "./form-input.ts";
import { operationInput } from "./from-zod.ts";
import { mutationOperations } from "./operations.ts";

export type InProcessResult = { data: Record<string, unknown> | null | undefined; errors?: ApiError[] };

/** Told of each executed operation: its name, type (query, mutation), whether it had errors, and its seconds (the metrics). */
export type OperationObserver = (name: string | undefined, type: string, failed: boolean, seconds: number) => void;

export const unexpectedErrorMessage = "Something went wrong on our side. Please try again in a moment.";
const invalidVariablesMessage = "This form was sent without something it needs. Reload the page and try again.";

/**
 * Runs the app's own operations in the server process, against the same schema as
 * /graphql: a page's loader or action pays no HTTP round trip and no JSON encoding.
 * Documents are the app's typed, static ones; each is validated once.
 */
export function createInProcessExecutor(schema: GraphQLSchema, log: Logger, observe?: OperationObserver) {
  const validated = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  const mutations = new WeakMap<DocumentNode, FormMutation>();

  async function run(
    document: DocumentNode,
    variables: Record<string, unknown> | undefined,
    context: GraphQLContext,
  ): Promise<InProcessResult> {
    let problems = validated.get(document);
    if (!problems) {
      problems = validate(schema, document);
      validated.set(document, problems);
    }
    if (problems.length > 0) {
      // A document that does not fit the schema is a bug in the app, not the user's doing.
      throw new Error(`invalid GraphQL document: ${problems.map((problem) => problem.message).join("; ")}`);
    }
    const started = observe ? performance.now() : 0;
    const result = await execute({ schema, document, variableValues: variables ?? {}, contextValue: context });
    if (observe) {
      const operation = getOperationAST(document);
      observe(
        operation?.name?.value,
        operation?.operation ?? "query",
        Boolean(result.errors?.length),
        (performance.now() - started) / 1000,
      );
    }
    if (!result.errors?.length) return { data: result.data };
    if (result.data === undefined) {
      // A variable the operation cannot take (no resolver ran): what a hand-made form sent, not a fault here.
      return {
        data: null,
        errors: [apiErrorOf(maskError(new ValidationError({}, invalidVariablesMessage), unexpectedErrorMessage))],
      };
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
  }

  /**
   * A page's form, as the input of the one mutation its document runs: read against the
   * mutation's input type, then checked with the operation's own schema (after its access
   * rule, as the operation itself does), so every field gets the schema's message and a
   * refused form changes nothing. Then it runs like any other document.
   */
  async function submit(document: DocumentNode, form: FormData, context: GraphQLContext): Promise<InProcessResult> {
    let mutation = mutations.get(document);
    if (!mutation) {
      mutation = formMutation(schema, document);
      mutations.set(document, mutation);
    }
    const operation = mutationOperations.get(mutation.field);
    if (!operation) throw new Error(`the mutation ${mutation.field} runs no domain operation`);
    let input: Record<string, unknown>;
    try {
      input = inputFromForm(mutation, form);
      if (operation.entity.decide(operation.operation, context.domain.actor) !== false) {
        parseInput(operation.input, await operationInput(operation.input, input));
      }
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      return { data: null, errors: [apiErrorOf(maskError(error, unexpectedErrorMessage))] };
    }
    return run(document, { input }, context);
  }

  return { run, submit };
}
