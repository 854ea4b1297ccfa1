import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLSchema,
} from "graphql";

/**
 * The API's inputs, found in the built schema itself so that a new one cannot be missed:
 * every text argument and every text field inside an input argument of every query and
 * mutation, with a request that sends one chosen value there and accepted values elsewhere.
 * The input-walking tests (`strings.test.ts`, `text-kinds.test.ts`) are made of these.
 */

/** A value of this input type that GraphQL accepts (the domain may still refuse it). */
function sampleInput(type: GraphQLInputType): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return [sampleInput(nullable.ofType)];
  if (isInputObjectType(nullable)) {
    return Object.fromEntries(
      Object.values(nullable.getFields())
        .filter((field) => isNonNullType(field.type))
        .map((field) => [field.name, sampleInput(field.type)]),
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

/** A text leaf inside an input: its path, and the argument or input field that declares it. */
type TextLeaf = { path: string[]; scalar: string; declaredBy: GraphQLArgument | GraphQLInputField };

/** Every path to a String or ID inside an input type (lists get one item), with the field that declares it. */
function textLeaves(
  type: GraphQLInputType,
  declaredBy: GraphQLArgument | GraphQLInputField,
  path: string[] = [],
): TextLeaf[] {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return textLeaves(nullable.ofType, declaredBy, [...path, "0"]);
  if (isInputObjectType(nullable)) {
    return Object.values(nullable.getFields()).flatMap((field) => textLeaves(field.type, field, [...path, field.name]));
  }
  const scalar = getNamedType(type).name;
  return scalar === "String" || scalar === "ID" ? [{ path, scalar, declaredBy }] : [];
}

/** A value of `type` with `text` at `path` inside it (making the objects and lists on the way). */
function withTextAt(value: unknown, path: string[], type: GraphQLInputType, text: string): unknown {
  const [segment, ...rest] = path;
  if (segment === undefined) return text;
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    const item = nullable.ofType;
    return [withTextAt(sampleInput(item), rest, item, text)];
  }
  if (!isInputObjectType(nullable)) throw new Error(`no field ${segment} in ${String(type)}`);
  const field = nullable.getFields()[segment];
  if (!field) throw new Error(`no field ${segment} in ${String(type)}`);
  const container = (value ?? sampleInput(type)) as Record<string, unknown>;
  return { ...container, [segment]: withTextAt(container[segment] ?? sampleInput(field.type), rest, field.type, text) };
}

function selectionOf(field: GraphQLField<unknown, unknown>): string {
  return isLeafType(getNamedType(field.type)) ? "" : " { __typename }";
}

/** One text input of the API: a request that reaches it, and the field its messages are said about. */
export type TextInput = {
  /** `updateProfile(input.name)`, `users(search)`. */
  label: string;
  scalar: string;
  declaredBy: GraphQLArgument | GraphQLInputField;
  query: string;
  /** The request's variables with `text` at this input. */
  variables: (text: string) => Record<string, unknown>;
  /** The path the domain's field messages use ("name", "filter.search", "terms.0"). */
  field: string;
};

/** One per text argument, and per text field inside an input argument, of every query and mutation. */
export function textInputs(schema: GraphQLSchema): TextInput[] {
  const all: TextInput[] = [];
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
        args.filter((arg) => isNonNullType(arg.type)).map((arg) => [arg.name, sampleInput(arg.type)]),
      );
      for (const arg of args) {
        for (const { path, scalar, declaredBy } of textLeaves(arg.type, arg)) {
          all.push({
            label: `${field.name}(${[arg.name, ...path].join(".")})`,
            scalar,
            declaredBy,
            query,
            variables: (text) => ({ ...base, [arg.name]: withTextAt(base[arg.name], path, arg.type, text) }),
            // A mutation's input is the operation's input; a query's arguments are.
            field: (arg.name === "input" && kind === "mutation" ? path : [arg.name, ...path]).join("."),
          });
        }
      }
    }
  }
  return all;
}
