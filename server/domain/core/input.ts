import type { z } from "zod";
import { ValidationError, type FieldMessages } from "./errors.ts";

/** zod's issues as field messages ("contacts.0.email" → message); the first message per field wins. */
function fieldMessages(error: z.ZodError): FieldMessages {
  const fields: FieldMessages = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    fields[path] ??= issue.message;
  }
  return fields;
}

const nulCharacterMessage =
  "Remove the invisible control character (U+0000) from this text: it cannot be saved or searched for.";

/**
 * Paths of the strings in a value that hold a NUL character (U+0000), which PostgreSQL
 * cannot store in text. Every operation's input passes through here with its schema,
 * so no string can reach the database with one.
 */
function nulCharacterPaths(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof value === "string") {
    if (value.includes("\u0000")) found.push(path.join("."));
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => nulCharacterPaths(item, [...path, String(index)], found));
  } else if (isPlainObject(value)) {
    // Only plain objects: a stream or another instance (an upload's body) is not input text.
    for (const [key, item] of Object.entries(value)) nulCharacterPaths(item, [...path, key], found);
  }
  return found;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The input as the schema makes it, or a ValidationError with a message per field. Every
 * text field refuses a NUL itself, in its own words (ADR 041); whatever string the schema
 * let through with one is refused here all the same.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const parsed = schema.safeParse(input);
  const fields = parsed.success ? {} : fieldMessages(parsed.error);
  for (const path of nulCharacterPaths(input)) fields[path] ??= nulCharacterMessage;
  if (!parsed.success || Object.keys(fields).length > 0) throw new ValidationError(fields);
  return parsed.data;
}
