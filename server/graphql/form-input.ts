import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isScalarType,
  Kind,
  OperationTypeNode,
  typeFromAST,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";
import { ValidationError, type FieldMessages } from "../domain/core/errors.ts";

/**
 * A posted form as a mutation's `input`, read against the mutation's input type (which
 * is made from the operation's zod schema): one form field per input field, named by its
 * path ("name", "contacts.0.email"). Whatever the form sends that the input type has no
 * field for is refused, as is a form for a document that is not one mutation taking `input`.
 *
 * Each value is read as its type says, with nothing guessed:
 * - text and enums as sent ("" stays "", so the schema names what is missing or unknown);
 * - an ID, a date, a date and time, a number left empty is null;
 * - a date and time without a zone (a datetime-local field) is UTC, as the forms say;
 * - a Boolean is the last value sent: a checkbox field is preceded by a hidden "false";
 * - a list of text is every value sent, each split into its lines (a text area of addresses);
 * - a File is the uploaded file.
 */

/** Form fields that are the page's, not the mutation's: which form it was, and the CSRF token. */
const reservedFormFields = new Set(["intent", "csrf"]);

export const unknownFieldMessage = "This form sent a field the server does not take. Reload the page and try again.";

export type FormMutation = { field: string; input: GraphQLInputType };

/** The one mutation field a document runs, and the type of its `$input` variable. */
export function formMutation(schema: GraphQLSchema, document: DocumentNode): FormMutation {
  const operation = document.definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const selection = operation?.selectionSet.selections[0];
  const variable = operation?.variableDefinitions?.find((definition) => definition.variable.name.value === "input");
  const input = variable ? typeFromAST(schema, variable.type) : undefined;
  if (
    operation?.operation !== OperationTypeNode.MUTATION ||
    operation.selectionSet.selections.length !== 1 ||
    selection?.kind !== Kind.FIELD ||
    !input ||
    (operation.variableDefinitions?.length ?? 0) !== 1
  ) {
    throw new Error("a form submits one mutation field that takes one variable, $input");
  }
  return { field: selection.name.value, input: input as GraphQLInputType };
}

type Tree = { values: FormDataEntryValue[]; children: Map<string, Tree> };

function treeOf(form: FormData): Tree {
  const root: Tree = { values: [], children: new Map() };
  for (const [name, value] of form.entries()) {
    if (reservedFormFields.has(name)) continue;
    let node = root;
    for (const segment of name.split(".")) {
      let child = node.children.get(segment);
      if (!child) {
        child = { values: [], children: new Map() };
        node.children.set(segment, child);
      }
      node = child;
    }
    node.values.push(value);
  }
  return root;
}

/** A datetime-local value ("2026-11-23T09:30") is read as UTC; a value with its zone is kept. */
function instantOf(text: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text) ? `${text.length === 16 ? `${text}:00` : text}Z` : text;
}

function scalarValue(typeName: string, value: FormDataEntryValue | undefined): unknown {
  if (value === undefined) return undefined;
  if (typeName === "File") return value;
  if (typeof value !== "string") return "";
  switch (typeName) {
    case "Boolean":
      return value === "true" || value === "on";
    case "Int":
    case "Float":
      if (value.trim() === "") return null;
      return /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value.trim()) : value;
    case "ID":
    case "Date":
      return value === "" ? null : value;
    case "DateTime":
      return value === "" ? null : instantOf(value);
    default:
      return value;
  }
}

function readValue(type: GraphQLInputType, node: Tree, path: string, unknown: FieldMessages): unknown {
  const nullable = getNullableType(type);
  if (isInputObjectType(nullable)) {
    const fields = nullable.getFields();
    const value: Record<string, unknown> = {};
    for (const [name, child] of node.children) {
      const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
      const childPath = path ? `${path}.${name}` : name;
      if (!field) unknown[childPath] = unknownFieldMessage;
      else value[name] = readValue(field.type, child, childPath, unknown);
    }
    return value;
  }
  if (isListType(nullable)) {
    const item = nullable.ofType;
    if (isInputObjectType(getNullableType(item))) {
      // Rows by their index, in order; gaps (a row removed in the page) close up.
      const rows = [...node.children.entries()]
        .map(([index, child]) => ({ index, child }))
        .filter((row) => {
          const valid = /^\d{1,3}$/.test(row.index);
          if (!valid) unknown[`${path}.${row.index}`] = unknownFieldMessage;
          return valid;
        })
        .sort((a, b) => Number(a.index) - Number(b.index));
      return rows.map((row) => readValue(item, row.child, `${path}.${row.index}`, unknown));
    }
    // A list of values is its field sent again and again ("grants", "grants"), never by index.
    for (const name of node.children.keys()) unknown[`${path}.${name}`] = unknownFieldMessage;
    const named = getNamedType(item);
    return node.values.flatMap((value) =>
      typeof value === "string" && named.name === "String"
        ? value
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter(Boolean)
        : [scalarValue(named.name, value)],
    );
  }
  if (node.children.size > 0) {
    for (const name of node.children.keys()) unknown[path ? `${path}.${name}` : name] = unknownFieldMessage;
  }
  const value = node.values.at(-1);
  if (isEnumType(nullable)) return typeof value === "string" ? value : value === undefined ? undefined : "";
  if (isScalarType(nullable)) return scalarValue(nullable.name, value);
  return undefined;
}

/** The mutation's input from a form, or a ValidationError naming each field the input type does not have. */
export function inputFromForm(mutation: FormMutation, form: FormData): Record<string, unknown> {
  const unknown: FieldMessages = {};
  const input = readValue(mutation.input, treeOf(form), "", unknown);
  if (Object.keys(unknown).length > 0) {
    throw new ValidationError(
      unknown,
      "This form sent something the server does not take, so nothing was changed. Reload the page and try again.",
    );
  }
  return input as Record<string, unknown>;
}
