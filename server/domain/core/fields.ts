import { z } from "zod";
import { asText, normalizeLineEndings, textProblem, type TextKind } from "../../../shared/text-kinds.ts";

/** Input fields the domain's schemas share, each with a message a person can act on. */

/**
 * Characters no name or one-line text holds: the C0 and C1 controls and DEL, the
 * bidirectional controls that make a name display in another order than it reads
 * (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069), the line and paragraph
 * separators, the byte-order mark and the two noncharacters XML refuses.
 */
export const controlCharacters =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff\ufffe\uffff]/g;

/** A row's key. Left out, it is a choice not made yet (a picker); any other value is a broken link. */
export const id = z.uuid({
  error: (issue) =>
    issue.input === undefined || issue.input === null
      ? "Choose one from the list first."
      : "That link or reference is not valid.",
});

/**
 * Every text field is one of two kinds (ADR 041, `shared/text-kinds.ts`): one-line text
 * holds no control character; multi-line text may break lines (ending each in LF) and hold
 * tabs, and nothing else of the kind. A field is declared once with `oneLine` or
 * `multiLine` (or a helper made of them), with the words a sentence names it by; the API's
 * input types refuse a String made of anything else (`server/graphql/from-zod.ts`), and
 * `text-kinds.test.ts` sends every field the characters each kind refuses.
 */
export type TextField = {
  kind: TextKind;
  label: string;
  /** Text no person typed (a file's name as it arrived): what the kind refuses is taken out instead. */
  cleaned?: true;
};

/** Each text field's kind and label, on the schema that checks it. */
const textFields = z.registry<TextField>();

function textOf(kind: TextKind, label: string, error: string | undefined): z.ZodString {
  const text = z.string(error === undefined ? undefined : { error }).check((payload) => {
    const problem = textProblem(kind, label, payload.value);
    // The first problem is the one to fix: the field's other checks wait for the text to read well.
    if (problem) payload.issues.push({ code: "custom", message: problem, input: payload.value });
  });
  const checked = kind === "multi-line" ? text.overwrite(normalizeLineEndings) : text;
  return checked.register(textFields, { kind, label });
}

/** One line of text: no control character at all. `label` names it in a sentence ("the region"). */
export function oneLine(label: string, options: { error?: string } = {}): z.ZodString {
  return textOf("one-line", label, options.error);
}

/** Lines of text: line breaks (as LF) and tabs, and no other control character. */
export function multiLine(label: string, options: { error?: string } = {}): z.ZodString {
  return textOf("multi-line", label, options.error);
}

/**
 * One line made of text no person typed, such as a file's name as the browser sent it: a
 * line break or tab becomes a space and every other control character is taken out,
 * rather than refusing what the person cannot see or change.
 */
export function cleanedLine(label: string, options: { error?: string } = {}): z.ZodString {
  return z
    .string(options.error === undefined ? undefined : { error: options.error })
    .overwrite((value) => asText("one-line", value))
    .register(textFields, { kind: "one-line", label, cleaned: true });
}

/** The kind and label of a text schema, past what was added to it (trimming, limits, refinements). */
export function textFieldOf(schema: z.core.$ZodType): TextField | undefined {
  for (let current: z.core.$ZodType | undefined = schema; current; current = current._zod.parent) {
    const field = textFields.get(current);
    if (field) return field;
  }
  return undefined;
}

function optional(text: z.ZodString, max: number) {
  return text
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** One line that may be left empty: trimmed, and empty becomes null. */
export function optionalLine(label: string, max: number) {
  return optional(oneLine(label), max);
}

/** Lines that may be left empty: trimmed, and empty becomes null. */
export function optionalLines(label: string, max: number) {
  return optional(multiLine(label), max);
}

/** One line that must be filled in; `missing` says so. */
export function requiredLine(label: string, max: number, missing: string) {
  return oneLine(label, { error: missing }).trim().min(1, missing).max(max, `Use at most ${max} characters.`);
}

/** Lines that must be filled in; `missing` says so. */
export function requiredLines(label: string, max: number, missing: string) {
  return multiLine(label, { error: missing }).trim().min(1, missing).max(max, `Use at most ${max} characters.`);
}

export const email = oneLine("the email address", { error: "Enter an email address." })
  .trim()
  .toLowerCase()
  .min(1, "Enter an email address.")
  .max(320, "That email address is too long.")
  .pipe(z.email("Enter a valid email address, like name@example.com."));

/** A phone number as people write one; empty is none. */
export const phone = oneLine("the phone number")
  .trim()
  .max(40, "Use at most 40 characters.")
  .regex(
    /^$|^\+?[0-9 ().-]{5,}$/,
    "Enter a phone number with digits, spaces, brackets or dashes, like +1 555 010 1234.",
  )
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * The version of a row the caller read. Every update and delete of a versioned row names
 * it (the row helpers require it by type), and an older one is refused as a conflict.
 */
const version = z
  .number({ error: "The version of the row you edited is missing. Reload the page and try again." })
  .int("The version of the row you edited is not valid. Reload the page and try again.")
  .min(1, "The version of the row you edited is not valid. Reload the page and try again.");

/** A row's key and the version the caller read: what every update and delete starts from. */
export const rowVersion = { id, version } as const;

/** A list's search box: trimmed, at most 100 characters, empty means no search. */
export const searchText = oneLine("the search")
  .trim()
  .max(100, "Search for at most 100 characters.")
  .optional()
  .transform((value) => (value ? value.toLowerCase() : undefined));

export const sortDirection = z
  .enum(["asc", "desc"], { error: "Choose ascending (asc) or descending (desc)." })
  .meta({ id: "SortDirection" });

/** A LIKE pattern that finds the text anywhere, with the user's % and _ taken literally. */
export function likePattern(text: string): string {
  return `%${likePrefix(text)}%`;
}

/** The text escaped for a LIKE pattern, to put before a `%` of one's own (a prefix search). */
export function likePrefix(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
