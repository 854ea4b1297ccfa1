import { z } from "zod";

/** Input fields the domain's schemas share, each with a message a person can act on. */

export const id = z.uuid({ error: "That link or reference is not valid." });

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

export function requiredText(max: number, missing: string) {
  return z.string({ error: missing }).trim().min(1, missing).max(max, `Use at most ${max} characters.`);
}

/** The version of a row the caller read; an update at an older version is refused as a conflict. */
export const versionField = z.number({ error: "The version of the row you edited is missing." }).int().min(1);

/** A list's search box: trimmed, at most 100 characters, empty means no search. */
export const searchText = z
  .string()
  .trim()
  .max(100, "Search for at most 100 characters.")
  .optional()
  .transform((value) => (value ? value.toLowerCase() : undefined));

/** A LIKE pattern that finds the text anywhere, with the user's % and _ taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
