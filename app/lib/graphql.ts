import { initGraphQLTada } from "gql.tada";
import type { introspection } from "../graphql-env.d.ts";

/**
 * The app's GraphQL documents, typed from the API's schema (gql.tada reads
 * app/graphql-env.d.ts, which `npm run graphql:generate` writes from the server's
 * schema). A document that does not fit the schema does not typecheck.
 */
export const graphql = initGraphQLTada<{
  introspection: introspection;
  scalars: { DateTime: string; Date: string; ID: string; File: File };
}>();

export type { FragmentOf, ResultOf } from "gql.tada";
export { readFragment } from "gql.tada";

type ApiTypes = introspection["types"];

/**
 * The values of one of the API's enums, from its schema. A map of labels typed
 * `Record<ApiEnum<"Role">, string>` must name every value and no other: a value added or
 * removed on the server is a type error here, so the UI's lists never drift from the API.
 */
export type ApiEnum<Name extends keyof ApiTypes> = ApiTypes[Name] extends { enumValues: infer Values } ? Values : never;

/** The options of a select, in the order the labels are written. */
export function optionsOf<Value extends string>(labels: Record<Value, string>): { value: Value; label: string }[] {
  return (Object.entries(labels) as [Value, string][]).map(([value, label]) => ({ value, label }));
}
