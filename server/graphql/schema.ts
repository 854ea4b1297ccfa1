import { lexicographicSortSchema, printSchema } from "graphql";
import { builder } from "./builder.ts";
import "./types/users.ts";
import "./types/organizations.ts";
import "./types/locations.ts";
import "./types/inquiries.ts";
import "./types/certification.ts";
import "./types/media.ts";
import "./types/releases.ts";
import "./types/docs.ts";
import "./types/doc-preview.ts";
import "./types/search-synonyms.ts";
import "./types/doc-work.ts";
import "./types/activity.ts";
import "./types/settings.ts";
import "./types/tokens.ts";
import "./types/viewer.ts";

/** The whole API, built once from the types above. */
export const schema = builder.toSchema({ sortSchema: true });

/** The schema as SDL, as committed in `schema.graphql` (a test keeps the two the same). */
export function schemaSdl(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
