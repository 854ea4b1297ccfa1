import type { TypeParam } from "@pothos/core";
import type { z } from "zod";
import { capitalized } from "../../shared/words.ts";
import type { AnyEntity, Operation } from "../domain/core/entity.ts";
import { builder, type ApiTypes, type GraphQLContext } from "./builder.ts";
import { argsFrom, inputTypeFrom, operationInput, unwrap } from "./from-zod.ts";

/**
 * API fields over domain operations, in one shape each:
 *
 * - a mutation is `name(input: NameInput!)`, its input type made from the operation's
 *   zod schema (a row's `id` and `version` first), and it resolves to the operation;
 * - a query's arguments are the fields of its operation's schema.
 *
 * Resolvers stay this thin; everything else happens in server/domain.
 */

type AnyOperation = Operation<never, unknown>;
type Output = TypeParam<ApiTypes>;

/** Which operation each mutation runs: forms are read against it, and the tests walk it. */
export const mutationOperations = new Map<string, AnyOperation>();

/** A mutation over one write: `name(input: NameInput!)`, unless the request itself gives the whole input. */
export function mutationField<Result>(
  name: string,
  options: {
    operation: Operation<never, Result>;
    type: Output;
    description?: string;
    nullable?: boolean;
    /** The result as the field's type shows it. */
    result?: (result: Result) => unknown;
    /** For a mutation that takes nothing from the client: its input, from the request. */
    inputFromRequest?: (context: GraphQLContext) => unknown;
  },
): void {
  const { operation } = options;
  mutationOperations.set(name, operation);
  const show = options.result ?? ((result: Result) => result);
  builder.mutationField(name, (t) => {
    // The field's type is any output type, so Pothos cannot type the resolver: the operation's result is what it returns.
    if (options.inputFromRequest) {
      const fromRequest = options.inputFromRequest;
      return t.field({
        type: options.type,
        nullable: options.nullable ?? false,
        description: options.description,
        resolve: async (_root: unknown, _args: unknown, context: GraphQLContext) =>
          show(await operation(context.domain, fromRequest(context) as never)),
      } as never);
    }
    const input = inputTypeFrom(unwrap(operation.input).base as z.ZodObject, `${capitalized(name)}Input`);
    return t.field({
      type: options.type,
      nullable: options.nullable ?? false,
      description: options.description,
      args: { input: t.arg({ type: input, required: true }) },
      resolve: async (_root: unknown, args: { input: unknown }, context: GraphQLContext) =>
        show(await operation(context.domain, (await operationInput(operation.input, args.input)) as never)),
    } as never);
  });
}

/** A query over one read, its arguments the fields of the operation's input. */
export function queryField<Result>(
  name: string,
  options: {
    operation: Operation<never, Result>;
    type: Output;
    description?: string;
    nullable?: boolean;
    result?: (result: Result) => unknown;
  },
): void {
  const { operation } = options;
  const show = options.result ?? ((result: Result) => result);
  builder.queryField(name, (t) =>
    t.field({
      type: options.type,
      nullable: options.nullable ?? false,
      description: options.description,
      args: argsFrom((argOptions: never) => t.arg(argOptions), operation.input, name),
      resolve: async (_root: unknown, args: unknown, context: GraphQLContext) =>
        show(await operation(context.domain, (await operationInput(operation.input, args)) as never)),
    } as never),
  );
}

/**
 * `can { … }` on an entity's type: per row, whether the viewer may do each of the
 * entity's row operations, decided by the same rule and row check the operation applies
 * (a filtering rule asks the database once per request and operation, for every row at once).
 */
export function rowCapabilities<Row>(entity: AnyEntity, key: (row: Row) => string) {
  const typeName = `${capitalized(entity.name)}Can`;
  return builder.objectRef<Row>(typeName).implement({
    description: `What the viewer may do to this ${entity.name}, from the server's own rules.`,
    fields: (t) =>
      Object.fromEntries(
        entity.rowOperations.map((operation) => [
          operation,
          t.boolean({
            resolve: async (row, _args, context) => {
              const { actor } = context.domain;
              if (!actor) return false;
              const decision = entity.decide(operation, actor);
              if (decision === false) return false;
              if (decision !== true && !(await context.loaders.reach(entity, operation).load(key(row)))) return false;
              return entity.verdict(operation, actor, row as never, context.domain.now()) === "allowed";
            },
          }),
        ]),
      ),
  });
}
