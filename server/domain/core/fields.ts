import { z } from "zod";

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

export const email = z
  .string({ error: "Enter an email address." })
  .trim()
  .toLowerCase()
  .min(1, "Enter an email address.")
  .max(320, "That email address is too long.")
  .pipe(z.email("Enter a valid email address, like name@example.com."));

/** Free text that may be left empty: trimmed, and empty becomes null. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** A phone number as people write one; empty is none. */
export const phone = z
  .string()
  .trim()
  .max(40, "Use at most 40 characters.")
  .regex(
    /^$|^\+?[0-9 ().-]{5,}$/,
    "Enter a phone number with digits, spaces, brackets or dashes, like +1 555 010 1234.",
  )
  .nullish()
  .transform((value) => (value ? value : null));

export function requiredText(max: number, missing: string) {
  return z.string({ error: missing }).trim().min(1, missing).max(max, `Use at most ${max} characters.`);
}

/**
 * The version of a row the caller read. Every update and delete of a versioned row names
 * it (the row helpers require it by type), and an older one is refused as a conflict.
 */
export const version = z
  .number({ error: "The version of the row you edited is missing. Reload the page and try again." })
  .int("The version of the row you edited is not valid. Reload the page and try again.")
  .min(1, "The version of the row you edited is not valid. Reload the page and try again.");

/** A row's key and the version the caller read: what every update and delete starts from. */
export const rowVersion = { id, version } as const;

/** A list's search box: trimmed, at most 100 characters, empty means no search. */
export const searchText = z
  .string()
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
