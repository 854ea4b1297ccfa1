import {
  codeWords,
  correctionOf,
  halvesOf,
  isWordOnly,
  termKey,
  type LexiconAnswers,
  type SynonymSpan,
  type Token,
} from "./search-query.ts";
import { wordsOf, type CodeTerm } from "./search-words.ts";

/**
 * A search as `to_tsquery` text, from the typed words and what the lexicon said of them.
 * Each typed word (or run of words) is a slot the doc must match; a slot is matched by
 * any of its alternatives, and an alternative of several words is a phrase.
 */

type Alternative = { words: string[]; prefix: boolean };
type Slot = Alternative[];

export type SearchPlan = {
  /** The words as `to_tsquery` text (null when nothing was typed to match by words). */
  match: string | null;
  /** The same, in the title: a doc titled with every word comes before one that only holds them. */
  title: string | null;
  /** Beside codes: the other words, which a doc found by its code must also hold (null: none). */
  rest: string | null;
  codes: CodeTerm[];
  /** The search with its mistyped words corrected ("phantm" → "phantom"), or null. */
  correction: string | null;
  /** Any of the words, as `to_tsquery` text: the result opens at the first heading matching it. */
  any: string | null;
};

const lexeme = /^[\p{L}\p{N}]+(?:\.[\p{N}]+)*$/u;

function alternative(words: readonly string[], prefix: boolean): Alternative | undefined {
  const safe = words.filter((word) => lexeme.test(word));
  return safe.length === 0 ? undefined : { words: safe, prefix: prefix && safe.length === 1 };
}

/** A word and the other ways the docs write it: "wi-fi" is also "wifi" and "wi fi", and the other way round. */
function variantsOf(word: string, prefix: boolean, answers: LexiconAnswers): Alternative[] {
  const parts = word.split("-");
  const joined = parts.join("");
  const spelled = answers.joined.get(joined) ?? [];
  return [
    alternative([joined], prefix),
    parts.length > 1 ? alternative(parts, false) : undefined,
    ...spelled.filter((other) => other.includes("-")).map((other) => alternative(other.split("-"), false)),
  ].filter((each) => each !== undefined);
}

/** A synonym term's alternatives: a word and its spellings, or a phrase ("quality control"). */
function termVariants(term: string, typed: string, answers: LexiconAnswers): Alternative[] {
  const words = wordsOf(term);
  const prefix = termKey(term) === typed;
  if (words.length === 1 && words[0]) return variantsOf(words[0], prefix, answers);
  const phrase = alternative(
    words.flatMap((word) => word.split("-")),
    false,
  );
  return phrase ? [phrase] : [];
}

/** An alternative as `to_tsquery` text; with `weight` "A", matched in the title only. */
function altText(alt: Alternative, weight = ""): string {
  const label = alt.prefix ? `:*${weight}` : weight ? `:${weight}` : "";
  if (alt.words.length === 1) return `${alt.words[0]}${label}`;
  return `(${alt.words.map((word) => `${word}${weight ? `:${weight}` : ""}`).join(" <-> ")})`;
}

function slotText(slot: Slot, weight?: string): string {
  const alternatives = [...new Set(slot.map((alt) => altText(alt, weight)))];
  return alternatives.length === 1 ? (alternatives[0] ?? "") : `(${alternatives.join(" | ")})`;
}

const queryText = (slots: readonly Slot[], weight?: string) => {
  const kept = slots.filter((slot) => slot.length > 0);
  return kept.length === 0 ? null : kept.map((slot) => slotText(slot, weight)).join(" & ");
};

export function planSearch(
  tokens: readonly Token[],
  spans: readonly SynonymSpan[],
  answers: LexiconAnswers,
): SearchPlan {
  const slots: { slot: Slot; codeWord: boolean; code: boolean }[] = [];
  const corrected = tokens.map((each) => each.text);
  let correction = false;
  for (let at = 0; at < tokens.length;) {
    const each = tokens[at];
    if (!each) break;
    const span = spans.find((candidate) => candidate.start === at);
    if (span) {
      const run = tokens.slice(at, at + span.length);
      const typed = termKey(run.map((one) => one.word).join(""));
      slots.push({
        slot: span.group.flatMap((term) => termVariants(term, typed, answers)),
        codeWord: run.every((one) => codeWords.has(one.word)),
        code: false,
      });
      at += span.length;
      continue;
    }
    if (each.code) {
      const text = `${each.code.letters ?? ""}${each.code.digits}`.toLowerCase();
      slots.push({ slot: [{ words: [text], prefix: true }], codeWord: false, code: true });
      at += 1;
      continue;
    }
    if (!isWordOnly(each)) {
      slots.push({ slot: [{ words: [each.word], prefix: false }], codeWord: false, code: false });
      at += 1;
      continue;
    }
    const next = tokens[at + 1];
    const pair = next && isWordOnly(next) && !spans.some((candidate) => candidate.start === at + 1);
    const joinedPair = pair ? `${each.word}${next.word}`.replaceAll("-", "") : "";
    if (pair && answers.joined.has(joinedPair)) {
      // "wi fi", "foot plate": two typed words the docs also write as one.
      const phrase = alternative([...each.word.split("-"), ...next.word.split("-")], false);
      slots.push({
        slot: [...variantsOf(joinedPair, false, answers), ...(phrase ? [phrase] : [])],
        codeWord: false,
        code: false,
      });
      at += 2;
      continue;
    }
    const known =
      answers.known.has(each.word) || each.word.includes("-") || (answers.joined.get(each.word)?.length ?? 0) > 0;
    const split = known
      ? []
      : halvesOf(each.word).filter(([left, right]) => answers.words.has(left) && answers.words.has(right));
    const fixed = known || split.length > 0 ? undefined : correctionOf(each.word, answers.near.get(each.word));
    if (fixed) {
      corrected[at] = fixed;
      correction = true;
    }
    slots.push({
      slot: [
        ...variantsOf(fixed ?? each.word, !fixed, answers),
        ...split.map(([left, right]) => alternative([left, right], false)).filter((alt) => alt !== undefined),
      ],
      codeWord: codeWords.has(each.word),
      code: false,
    });
    at += 1;
  }
  const codes = tokens.flatMap((each) => (each.code ? [each.code] : []));
  return {
    match: queryText(slots.map((entry) => entry.slot)),
    title: queryText(
      slots.map((entry) => entry.slot),
      "A",
    ),
    rest: codes.length
      ? queryText(slots.filter((entry) => !entry.code && !entry.codeWord).map((entry) => entry.slot))
      : null,
    codes,
    correction: correction ? corrected.join(" ") : null,
    any: queryText([slots.flatMap((entry) => entry.slot)]),
  };
}
