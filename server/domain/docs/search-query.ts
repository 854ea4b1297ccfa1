import { foldCase, type CodeTerm } from "./search-words.ts";

/**
 * A reader's search as the database is asked it, built without the database: the words
 * and error codes typed, each word with the other ways of writing it (Wi-Fi, wifi, wi fi),
 * its synonyms, and a mistyped word's correction, from what the lexicon answered
 * (search-lexicon.ts). The result is PostgreSQL `to_tsquery` text: each word is only
 * letters and digits, so nothing typed can be read as an operator.
 */

/** A word or code as typed: `text` as written (for the correction), `word` in lower case, hyphens kept. */
export type Token = { text: string; word: string; code: CodeTerm | null };

const maxTokens = 8;
/** Words that only say "this is a code" ("error code 204"): beside a code, nothing else has to hold them. */
export const codeWords = new Set(["error", "errors", "code", "codes", "fault", "faults", "err", "alarm", "alarms"]);
/** A code as typed: letters and digits ("E-204", "e204"), or digits alone ("204"). */
const typedCode = /^(?:([a-z]{1,2})-?(\d{1,4})|(\d{3,4}))$/;
const token = /\d+(?:\.\d+)+|[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;

export function codeOf(word: string): CodeTerm | null {
  const match = typedCode.exec(word);
  if (!match) return null;
  const [, letters, digits, bare] = match;
  if (bare) return { letters: null, digits: bare, prefix: false };
  if (!letters || !digits) return null;
  // "E-2" while typing: every code it begins.
  return { letters: letters.toUpperCase(), digits, prefix: digits.length < 3 };
}

/** The words and codes of a search, in order, at most eight. */
export function tokenize(query: string): Token[] {
  return [...query.normalize("NFKC").matchAll(token)].slice(0, maxTokens).map((match) => {
    const word = foldCase(match[0]);
    return { text: match[0], word, code: codeOf(word) };
  });
}

/** A term's key: its letters and digits only, so "Wi-Fi", "wifi" and "wi fi" are one term. */
export const termKey = (text: string) => foldCase(text).replace(/[^\p{L}\p{N}]/gu, "");

/** The synonym groups by each term's key. */
export function synonymIndex(groups: readonly (readonly string[])[]): Map<string, readonly string[]> {
  const index = new Map<string, readonly string[]>();
  for (const group of groups) for (const term of group) if (termKey(term)) index.set(termKey(term), group);
  return index;
}

/** Where a run of typed words is a synonym term: the longest run from each word, up to four words. */
export type SynonymSpan = { start: number; length: number; group: readonly string[] };

export function synonymSpans(
  tokens: readonly Token[],
  synonyms: ReadonlyMap<string, readonly string[]>,
): SynonymSpan[] {
  const spans: SynonymSpan[] = [];
  for (let start = 0; start < tokens.length;) {
    let found: SynonymSpan | undefined;
    for (let length = Math.min(4, tokens.length - start); length >= 1 && !found; length -= 1) {
      const run = tokens.slice(start, start + length);
      if (run.some((each) => each.code)) continue;
      const group = synonyms.get(termKey(run.map((each) => each.word).join("")));
      if (group) found = { start, length, group };
    }
    if (found) spans.push(found);
    start += found?.length ?? 1;
  }
  return spans;
}

/** What the lexicon is asked about a search's words (search-lexicon.ts answers). */
export type LexiconQuestions = {
  /** Typed words that may be mistyped: known, or the nearest words written. */
  check: string[];
  /** Words without hyphens (and two typed words run together) whose hyphenated forms are wanted. */
  joins: string[];
  /** Halves of unknown words ("foot" and "plate" of "footplate"), to try them as two words. */
  halves: string[];
};

export type NearWord = { word: string; docs: number };

export type LexiconAnswers = {
  known: ReadonlySet<string>;
  /** For a word not known: the lexicon's words nearest to it, with how many docs hold each. */
  near: ReadonlyMap<string, readonly NearWord[]>;
  /** Each joined form with the words written that way ("wifi" → "wifi", "wi-fi"). */
  joined: ReadonlyMap<string, readonly string[]>;
  /** The halves that are words of the docs. */
  words: ReadonlySet<string>;
};

const minFuzzy = 4;
const minHalf = 3;

/** A word, not a code or a version number ("5.2.0"). */
export const isWordOnly = (each: Token) => !each.code && !each.word.includes(".");

/** Every way to cut a word in two, each half three letters or more. */
export function halvesOf(word: string): [string, string][] {
  const splits: [string, string][] = [];
  for (let at = minHalf; at <= word.length - minHalf; at += 1) splits.push([word.slice(0, at), word.slice(at)]);
  return splits;
}

export function lexiconQuestions(tokens: readonly Token[], spans: readonly SynonymSpan[]): LexiconQuestions {
  const covered = new Set(spans.flatMap((span) => Array.from({ length: span.length }, (_, at) => span.start + at)));
  const check: string[] = [];
  const joins: string[] = [];
  const halves: string[] = [];
  tokens.forEach((each, at) => {
    if (!isWordOnly(each) || covered.has(at)) return;
    check.push(each.word);
    if (!each.word.includes("-")) {
      joins.push(each.word);
      if (each.word.length >= minHalf * 2) halves.push(...halvesOf(each.word).flat());
    }
    const next = tokens[at + 1];
    if (next && isWordOnly(next) && !covered.has(at + 1)) joins.push(`${each.word}${next.word}`.replaceAll("-", ""));
  });
  for (const span of spans) for (const term of span.group) if (!/\s/.test(term.trim())) joins.push(termKey(term));
  return { check: [...new Set(check)], joins: [...new Set(joins)], halves: [...new Set(halves)] };
}

/** Edits between two words (insert, delete, change, swap two neighbours): "phantm" is one from "phantom". */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      const row = rows[i];
      if (row) row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/**
 * The word a mistyped one stands for: the nearest within one edit (words of five letters
 * or fewer) or two; of those as near, the one more docs hold ("chek" is "check", not "Chen").
 */
export function correctionOf(word: string, near: readonly NearWord[] = []): string | undefined {
  if (word.length < minFuzzy) return undefined;
  const allowed = word.length <= 5 ? 1 : 2;
  let best: (NearWord & { edits: number }) | undefined;
  for (const candidate of near) {
    const edits = editDistance(word, candidate.word);
    if (edits > allowed) continue;
    if (!best || edits < best.edits || (edits === best.edits && candidate.docs > best.docs))
      best = { ...candidate, edits };
  }
  return best?.word;
}
