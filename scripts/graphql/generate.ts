/**
 * Writes the API's schema as SDL (server/graphql/schema.graphql, printed from the Pothos
 * types) and the app's document types from it (app/graphql-env.d.ts, by gql.tada).
 * Run it after changing a GraphQL type: `npm run graphql:generate`. A test fails when
 * the committed files differ from what this writes.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { schemaSdl } from "../../server/graphql/schema.ts";

writeFileSync(new URL("../../server/graphql/schema.graphql", import.meta.url), schemaSdl());
execFileSync("gql.tada", ["generate-output"], { stdio: "inherit" });
console.log("wrote server/graphql/schema.graphql and app/graphql-env.d.ts");
