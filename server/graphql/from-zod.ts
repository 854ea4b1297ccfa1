import type { EnumRef, InputRef } from "@pothos/core";
import { z } from "zod";
import { capitalized } from "../../shared/words.ts";
import { textFieldOf, type TextField } from "../domain/core/fields.ts";
import { builder, isUploadedFile, type ApiTypes } from "./builder.ts";

/**
 * The API's inputs are made from the domain's zod schemas, so the contract is written
 * once: each operation's schema gives its GraphQL input type (or a query's arguments),
 * field by field, with the same names, the same required fields and the same enums.
 *
 * - A string is a String; a UUID an ID; an ISO date a Date; an ISO date-time a DateTime.
 *   A String is text of one kind, one-line or multi-line (ADR 041), declared on the field
 *   with `oneLine`/`multiLine` (`server/domain/core/fields.ts`), and carries it in the
 *   field's `extensions.text`; a string without a kind is refused when the schema is made.
 * - A number is an Int when it must be whole, else a Float; a boolean a Boolean.
 * - An enum is a GraphQL enum named by its `.meta({ id })`, shared by every input and
 *   output that uses it; an object is an input type named the same way.
 * - `Uint8Array` is a File (a part of a multipart request).
 * - A field is required unless the schema accepts it missing (optional, a default) or null.
 */

type Types = ApiTypes;

/** What a schema is, past its wrappers (optional, nullable, default, transform). */
type Unwrapped = { base: z.ZodType; optional: boolean; nullable: boolean };

type Def = {
  type: string;
  format?: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, string | number>;
};

function defOf(schema: z.ZodType): Def {
  return schema._zod.def;
}

export function unwrap(schema: z.ZodType): Unwrapped {
  let optional = false;
  let nullable = false;
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (def.type === "optional" || def.type === "default" || def.type === "prefault") optional = true;
    if (def.type === "nullable") nullable = true;
    const next = def.type === "pipe" ? def.in : def.innerType;
    if (!next || !["optional", "nullable", "default", "prefault", "pipe", "readonly", "catch"].includes(def.type)) {
      return { base: current, optional, nullable };
    }
    current = next;
  }
}

/**
 * The id a schema was given with `.meta({ id })`: the GraphQL name of its enum, input
 * type or scalar. A refined or described copy keeps its original's id.
 */
function metaId(schema: z.ZodType): string | undefined {
  for (let current: z.core.$ZodType | undefined = schema; current; current = current._zod.parent) {
    const id = z.globalRegistry.get(current)?.id;
    if (id) return id;
  }
  return undefined;
}

function description(schema: z.ZodType): string | undefined {
  return z.globalRegistry.get(schema)?.description;
}

/** A file upload: a `Uint8Array` schema with `.meta({ id: "File" })`. */
function isFile(schema: z.ZodType): boolean {
  return defOf(schema).type === "custom" && metaId(schema) === "File";
}

const enums = new Map<string, EnumRef<Types, string, string>>();

/** The GraphQL enum of a zod enum (made once, by its meta id). */
export function enumRef(schema: z.ZodType): EnumRef<Types, string, string> {
  const { base } = unwrap(schema);
  const def = defOf(base);
  const name = metaId(base);
  if (def.type !== "enum" || !def.entries || !name) {
    throw new Error("an enum in the API needs .meta({ id }) to name it");
  }
  const known = enums.get(name);
  if (known) return known;
  const values = Object.values(def.entries).map(String);
  const ref = builder.enumType(name, { values, description: description(base) }) as EnumRef<Types, string, string>;
  enums.set(name, ref);
  return ref;
}

type InputType =
  | InputRef
  | EnumRef<Types, string, string>
  | "String"
  | "Int"
  | "Float"
  | "Boolean"
  | "ID"
  | "Date"
  | "DateTime"
  | "File";

const inputs = new Map<string, InputRef>();

function scalarOrType(base: z.ZodType, name: string): InputType {
  const def = defOf(base);
  switch (def.type) {
    case "string":
      if (def.format === "uuid") return "ID";
      if (def.format === "date") return "Date";
      if (def.format === "datetime") return "DateTime";
      return "String";
    case "number":
      return /int/.test((base as z.ZodNumber).format ?? "") ? "Int" : "Float";
    case "boolean":
      return "Boolean";
    case "enum":
      return enumRef(base);
    case "object":
      return inputTypeFrom(base as z.ZodObject, metaId(base) ?? name);
    default:
      if (isFile(base)) return "File";
      throw new Error(`${name}: a zod ${def.type} has no GraphQL input type`);
  }
}

/** Makes one input field or argument (Pothos's `t.field` of an input type, or `t.arg`). */
type FieldMaker<Ref> = (options: never) => Ref;

/** The `extensions` of an input field: its text's kind when it is a String (which must have one). */
export function textKindExtensions(type: InputType, base: z.ZodType, name: string): { text: TextField } | undefined {
  if (type !== "String") return undefined;
  const text = textFieldOf(base);
  if (!text) {
    throw new Error(
      `${name}: a text input needs its kind, one-line or multi-line: declare it with oneLine(…) or multiLine(…) from server/domain/core/fields.ts (ADR 041)`,
    );
  }
  return { text };
}

/** One input field from one zod field: its type, whether it is required, a list, and its words. */
function fieldOf<Ref>(make: FieldMaker<Ref>, schema: z.ZodType, name: string): Ref {
  const { base, optional, nullable } = unwrap(schema);
  const required = !optional && !nullable;
  const words = description(schema);
  const def = defOf(base);
  if (def.type === "array" && def.element) {
    const item = unwrap(def.element);
    const type = scalarOrType(item.base, name);
    return make({
      type: [type],
      required: { list: required, items: !item.optional && !item.nullable },
      description: words,
      extensions: textKindExtensions(type, item.base, name),
    } as never);
  }
  const type = scalarOrType(base, name);
  return make({ type, required, description: words, extensions: textKindExtensions(type, base, name) } as never);
}

/** The GraphQL input type of a zod object, named `name` (made once per name). */
export function inputTypeFrom(schema: z.ZodObject, name: string): InputRef {
  const known = inputs.get(name);
  if (known) return known;
  const ref = builder.inputType(name, {
    description: description(schema),
    fields: (t) =>
      Object.fromEntries(
        Object.entries(schema.shape).map(([field, fieldSchema]) => [
          field,
          fieldOf((options: never) => t.field(options), fieldSchema as z.ZodType, `${name}${capitalized(field)}`),
        ]),
      ),
  }) as InputRef;
  inputs.set(name, ref);
  return ref;
}

/** A query field's arguments, one per field of an operation's input object. */
export function argsFrom<Ref>(arg: FieldMaker<Ref>, schema: z.ZodType, name: string): Record<string, Ref> {
  const { base } = unwrap(schema);
  if (defOf(base).type !== "object") throw new Error(`${name}: arguments come from a zod object`);
  return Object.fromEntries(
    Object.entries((base as z.ZodObject).shape).map(([field, fieldSchema]) => [
      field,
      fieldOf(arg, fieldSchema as z.ZodType, `${capitalized(name)}${capitalized(field)}`),
    ]),
  );
}

/**
 * A GraphQL input as its operation takes it: null where the schema has no null (GraphQL
 * sends null for a field left out in some clients) becomes "left out", and every file
 * part is read into bytes.
 */
export async function operationInput(schema: z.ZodType, value: unknown): Promise<unknown> {
  const { base, nullable } = unwrap(schema);
  if (value === null) return nullable ? null : undefined;
  if (value === undefined) return undefined;
  if (isFile(base) && isUploadedFile(value)) return new Uint8Array(await value.arrayBuffer());
  const def = defOf(base);
  if (def.type === "array" && def.element && Array.isArray(value)) {
    const element = def.element;
    return Promise.all(value.map((item: unknown) => operationInput(element, item)));
  }
  if (def.type === "object" && typeof value === "object") {
    const shape = (base as z.ZodObject).shape;
    const entries = await Promise.all(
      Object.entries(value).map(async ([key, item]) => {
        const fieldSchema = shape[key] as z.ZodType | undefined;
        return [key, fieldSchema ? await operationInput(fieldSchema, item) : item] as const;
      }),
    );
    return Object.fromEntries(entries.filter(([, item]) => item !== undefined));
  }
  return value;
}
