/**
 * How the docs search reads words and error codes, the same for a published doc (its
 * index, search-index.ts) and for what a reader types (search-query.ts). Pure functions.
 */

/** Raise it when the words or codes found change: docs indexed before are indexed again at the next start. */
export const searchIndexFormat = 1;

/**
 * An error code as the docs write it: one or two capitals, an optional hyphen and three
 * or four digits (E-204, E204). Not part of a longer word (SHA-256 is no code).
 */
export const writtenCode = /(?<![\p{L}\p{N}-])([A-Z]{1,2})-?(\d{3,4})(?![\p{L}\p{N}]|-\p{L})/gu;

/** A code as the index keeps it: capitals and digits ("E204"). */
export const normalCode = (letters: string, digits: string) => `${letters.toUpperCase()}${digits}`;

/** A word: letters and digits, with hyphens inside ("wi-fi", "re-calibrate"). */
const wordPattern = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;
const hasLetter = /\p{L}/u;
const looksLikeCode = /^[a-z]{1,2}-?\d{3,4}$/;
const longestWord = 40;

/** Text as the search compares it: Unicode-normalised, lower case, curly apostrophes straight. */
export function foldCase(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/** The words of a text, as typed (hyphens kept), in order. */
export function wordsOf(text: string): string[] {
  return [...foldCase(text).matchAll(wordPattern)].map((match) => match[0]);
}

/**
 * The distinct words a published doc gives the lexicon: every word with a letter in it,
 * and each part of a hyphenated one ("wi-fi", "wi", "fi"). Numbers and codes are left out:
 * no one mistypes them into another word.
 */
export function lexiconWords(...texts: string[]): string[] {
  const found = new Set<string>();
  const keep = (word: string) => {
    if (word.length >= 2 && word.length <= longestWord && hasLetter.test(word) && !looksLikeCode.test(word)) {
      found.add(word);
    }
  };
  for (const text of texts) {
    for (const word of wordsOf(text)) {
      keep(word);
      if (word.includes("-")) for (const part of word.split("-")) keep(part);
    }
  }
  return [...found].sort();
}

/** A code as a reader types it: "E-204" (letters E, digits 204), "204" (any letters), "E-2" while typing (a prefix). */
export type CodeTerm = { letters: string | null; digits: string; prefix: boolean };

/**
 * The line with each way of writing the code in it marked (U+0001 before, U+0002 after),
 * as the search's snippets are.
 */
export function markCode(line: string, code: CodeTerm): string {
  const letters = code.letters ? `${code.letters}-?` : "(?:[A-Za-z]{1,2}-?)?";
  const digits = code.prefix ? `${code.digits}\\d*` : code.digits;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${letters}${digits})(?![\\p{N}])`, "giu");
  return line.replace(pattern, "\u0001$1\u0002");
}
