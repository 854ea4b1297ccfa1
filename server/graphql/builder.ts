import SchemaBuilder from "@pothos/core";
import { GraphQLError, Kind } from "graphql";
import type { Loaders } from "./loaders.ts";
import type { DomainContext } from "../domain/core/context.ts";

/** What every resolver gets: the domain context of the request (who, from where, when) and batched lookups. */
export type GraphQLContext = {
  domain: DomainContext;
  /** The session the request came with (a browser), or null (a token, or no one). */
  sessionId: string | null;
  loaders: Loaders;
  /** The embedded identity provider's issuer, when it is the one in use (its accounts can reset passwords here). */
  embeddedIssuer: string | null;
};

/** A file part of a multipart request, as the server's Fetch implementation gives it. */
export type UploadedFile = { readonly size: number; arrayBuffer: () => Promise<ArrayBuffer> };

export function isUploadedFile(value: unknown): value is UploadedFile {
  return (
    typeof value === "object" &&
    value !== null &&
    "size" in value &&
    typeof value.size === "number" &&
    "arrayBuffer" in value &&
    typeof value.arrayBuffer === "function"
  );
}

/**
 * The API is code-first (Pothos): the types here are the schema, and the committed
 * `schema.graphql` is printed from them. Resolvers stay thin: they call `server/domain`.
 */
type ApiConfig = {
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  DefaultInputFieldRequiredness: false;
  Scalars: {
    DateTime: { Input: string; Output: Date | string };
    Date: { Input: string; Output: string };
    File: { Input: UploadedFile; Output: never };
  };
};

/** The schema builder's types, for helpers that make fields generically. */
export type ApiTypes = PothosSchemaTypes.ExtendDefaultTypes<ApiConfig>;

export const builder = new SchemaBuilder<ApiConfig>({ defaultFieldNullability: false });

/** An instant with its time zone, as inputs send it; the domain's schema reads it. */
const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function parseInstant(value: string | undefined): string {
  if (value === undefined || !instant.test(value) || Number.isNaN(Date.parse(value))) {
    throw new GraphQLError("Expected an ISO 8601 date and time with a time zone, like 2026-11-23T09:30:00Z.");
  }
  return value;
}

builder.scalarType("DateTime", {
  description: "An instant, as an ISO 8601 string with a time zone (UTC from the server).",
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  parseValue: (value) => parseInstant(typeof value === "string" ? value : undefined),
  parseLiteral: (node) => parseInstant(node.kind === Kind.STRING ? node.value : undefined),
});

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

builder.scalarType("Date", {
  description: "A calendar date, YYYY-MM-DD.",
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value !== "string" || !isoDate.test(value)) throw new GraphQLError("Expected a date, YYYY-MM-DD.");
    return value;
  },
  parseLiteral: (node) => {
    if (node.kind !== Kind.STRING || !isoDate.test(node.value)) throw new GraphQLError("Expected a date, YYYY-MM-DD.");
    return node.value;
  },
});

builder.scalarType("File", {
  description:
    "A file sent as a part of a multipart request (the GraphQL multipart request spec). Input only: what it is, the server decides by its content.",
  serialize: () => {
    throw new GraphQLError("A file is input only.");
  },
  parseValue: (value) => {
    if (!isUploadedFile(value)) {
      throw new GraphQLError("Expected a file: send the request as multipart/form-data, with the file in a part.");
    }
    return value;
  },
  parseLiteral: () => {
    throw new GraphQLError("A file cannot be written in the query: send it as a variable, in a multipart request.");
  },
});

builder.queryType({});
builder.mutationType({});
