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

export type { FragmentOf, ResultOf, VariablesOf } from "gql.tada";
export { readFragment } from "gql.tada";
