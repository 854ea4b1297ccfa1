import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  parse,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../tests/support/databases.ts";
import { domainContext } from "../../tests/support/domain.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { Actor } from "../domain/core/access.ts";
import { nulCharacterMessage } from "../domain/core/input.ts";
import { createLogger } from "../log.ts";
import { createLoaders } from "./loaders.ts";
import { createInProcessExecutor } from "./execute.ts";
import { schema } from "./schema.ts";

/**
 * PostgreSQL cannot store a NUL character (U+0000) in text, and used to answer one with an
 * unhandled error (a 500, and SQL in the log). Every text field and argument of the API,
 * found in the schema itself so a new one cannot be missed, gets one here, and each must
 * be refused as invalid input naming exactly that field.
 */

const admin: Actor = {
  id: "00000000-0000-4000-8000-0000000000ad",
  role: "admin",
  organizationId: null,
  label: "Probe Admin",
  via: "session",
};

const nul = "before\u0000after";

/** A value of this input type that GraphQL accepts (the domain may still refuse it). */
function sample(type: GraphQLInputType): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return [sample(nullable.ofType)];
  if (isInputObjectType(nullable)) {
    return Object.fromEntries(
      Object.values(nullable.getFields())
        .filter((field) => isNonNullType(field.type))
        .map((field) => [field.name, sample(field.type)]),
    );
  }
  if (isEnumType(nullable)) return nullable.getValues()[0]?.value;
  switch (getNamedType(type).name) {
    case "Int":
    case "Float":
      return 1;
    case "Boolean":
      return false;
    case "ID":
      return "00000000-0000-4000-8000-000000000001";
    case "Date":
      return "2026-01-01";
    case "DateTime":
      return "2026-01-01T00:00:00Z";
    default:
      return "text";
  }
}

/** Every path to a String or ID inside an input type, with the type of its container (lists get one item). */
function textPaths(type: GraphQLInputType, path: string[] = []): string[][] {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return textPaths(nullable.ofType, [...path, "0"]);
  if (isInputObjectType(nullable)) {
    return Object.values(nullable.getFields()).flatMap((field) => textPaths(field.type, [...path, field.name]));
  }
  const name = getNamedType(type).name;
  return name === "String" || name === "ID" ? [path] : [];
}

/** A value of `type` with the text at `path` inside it made NUL-bearing (making the objects and lists on the way). */
function withNul(value: unknown, path: string[], type: GraphQLInputType): unknown {
  const [segment, ...rest] = path;
  if (segment === undefined) return nul;
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    const item = nullable.ofType;
    return [withNul(sample(item), rest, item)];
  }
  if (!isInputObjectType(nullable)) throw new Error(`no field ${segment} in ${String(type)}`);
  const field = nullable.getFields()[segment];
  if (!field) throw new Error(`no field ${segment} in ${String(type)}`);
  const container = (value ?? sample(type)) as Record<string, unknown>;
  return { ...container, [segment]: withNul(container[segment] ?? sample(field.type), rest, field.type) };
}

type Case = { label: string; query: string; variables: Record<string, unknown>; field: string };

function selectionOf(field: GraphQLField<unknown, unknown>): string {
  return isLeafType(getNamedType(field.type)) ? "" : " { __typename }";
}

/** One case per text argument, and per text field inside an input argument, of every query and mutation. */
function cases(): Case[] {
  const all: Case[] = [];
  for (const [kind, root] of [
    ["query", schema.getQueryType()],
    ["mutation", schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const args: readonly GraphQLArgument[] = field.args;
      if (args.length === 0) continue;
      const declarations = args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(", ");
      const passes = args.map((arg) => `${arg.name}: $${arg.name}`).join(", ");
      const query = `${kind} Probe(${declarations}) { ${field.name}(${passes})${selectionOf(field)} }`;
      const base = Object.fromEntries(
        args.filter((arg) => isNonNullType(arg.type)).map((arg) => [arg.name, sample(arg.type)]),
      );
      for (const arg of args) {
        for (const path of textPaths(arg.type)) {
          // A mutation's input is the operation's input; a query's arguments are.
          const fieldPath = (arg.name === "input" && kind === "mutation" ? path : [arg.name, ...path]).join(".");
          all.push({
            label: `${field.name}(${[arg.name, ...path].join(".")})`,
            query,
            variables: { ...base, [arg.name]: withNul(base[arg.name], path, arg.type) },
            field: fieldPath,
          });
        }
      }
    }
  }
  return all;
}

describe("a NUL character in any text the API takes", () => {
  let handle: DatabaseHandle;
  const executor = createInProcessExecutor(schema, createLogger("error"));

  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
  });
  afterAll(async () => {
    await handle.close();
  });

  const all = cases();

  it("is looked for in every text argument and field of the schema", () => {
    expect(all.length).toBeGreaterThan(60);
    for (const name of [
      "updateProfile(input.name)",
      "inviteUser(input.email)",
      "users(search)",
      "activity(filter.search)",
    ]) {
      expect(all.map((entry) => entry.label)).toContain(name);
    }
  });

  it.each(all)("$label is refused as invalid input, naming the field", async ({ query, variables, field }) => {
    const domain = domainContext(handle.db, admin);
    const result = await executor.run(parse(query), variables, {
      domain,
      sessionId: null,
      loaders: createLoaders(domain),
      embeddedIssuer: null,
    });
    const error = result.errors?.[0];
    expect(error, JSON.stringify(result)).toMatchObject({ code: "VALIDATION_FAILED", status: 400 });
    expect(error?.fields).toEqual({ [field]: nulCharacterMessage });
  });
});
