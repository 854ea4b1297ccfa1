import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import type { DocHeading } from "../../db/schema/index.ts";

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
const writtenCode = /(?<![\p{L}\p{N}-])([A-Z]{1,2})-?(\d{3,4})(?![\p{L}\p{N}]|-\p{L})/gu;

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

/** One error code in a doc: the line that shows it best, and the section it is in. */
export type CodeMention = {
  code: string;
  digits: string;
  /** The doc lists the code itself (first in its table row or line, or in a heading). */
  defines: boolean;
  line: string;
  headingId: string | null;
};

/** A markdown node, as far as finding lines needs it. */
type MarkdownNode = { type: string; value?: string; depth?: number; children?: MarkdownNode[] };

const parser = unified().use(remarkParse).use(remarkGfm);

function textOf(node: MarkdownNode): string {
  if (node.type === "text" || node.type === "inlineCode") return node.value ?? "";
  if (node.type === "break") return " ";
  return (node.children ?? []).map(textOf).join("");
}

const squeeze = (text: string) => text.replace(/\s+/g, " ").trim();

/** Lines of text as a reader sees them (a table row's cells between middle dots), each with its section. */
function linesOf(
  markdown: string,
  headings: readonly DocHeading[],
): { text: string; heading: boolean; at: string | null }[] {
  const lines: { text: string; heading: boolean; at: string | null }[] = [];
  // The contents list the h2 and h3 headings in order, as the markdown has them.
  let nextHeading = 0;
  let at: string | null = null;
  const walk = (node: MarkdownNode) => {
    switch (node.type) {
      case "heading": {
        const text = squeeze(textOf(node));
        if (node.depth === 2 || node.depth === 3) {
          const heading = headings[nextHeading];
          if (heading && heading.text === text) {
            nextHeading += 1;
            at = heading.id;
          }
        }
        lines.push({ text, heading: true, at });
        return;
      }
      case "tableRow":
        lines.push({
          text: (node.children ?? []).map((cell) => squeeze(textOf(cell))).join(" · "),
          heading: false,
          at,
        });
        return;
      case "paragraph":
        lines.push({ text: squeeze(textOf(node)), heading: false, at });
        return;
      case "code":
        for (const line of (node.value ?? "").split("\n")) lines.push({ text: squeeze(line), heading: false, at });
        return;
      default:
        for (const child of node.children ?? []) walk(child);
    }
  };
  walk(parser.parse(markdown));
  return lines;
}

const wordsBefore = 10;
const wordsAfter = 24;

/** At most about 35 words of a line, around the code at `index`, with an ellipsis where it was cut. */
export function around(line: string, index: number): string {
  const starts = [...line.matchAll(/\S+/g)].map((word) => word.index);
  const at = starts.findLastIndex((start) => start <= index);
  const first = Math.max(0, at - wordsBefore);
  const last = at + wordsAfter;
  const from = starts[first] ?? 0;
  const to = last < starts.length ? (starts[last] ?? line.length) : line.length;
  return `${first > 0 ? "… " : ""}${line.slice(from, to).trim()}${to < line.length ? " …" : ""}`;
}

/**
 * The error codes a doc's markdown shows, each once, with the line that shows it best:
 * where the doc lists the code (the first cell of a table row, the start of a line, a
 * heading) before a passing mention, and the first such line.
 */
export function codeMentions(markdown: string, headings: readonly DocHeading[] = []): CodeMention[] {
  const found = new Map<string, CodeMention>();
  for (const line of linesOf(markdown, headings)) {
    for (const match of line.text.matchAll(writtenCode)) {
      const [written, letters = "", digits = ""] = match;
      const code = normalCode(letters, digits);
      const defines = line.heading || line.text.startsWith(written);
      const known = found.get(code);
      if (known && (known.defines || !defines)) continue;
      found.set(code, { code, digits, defines, line: around(line.text, match.index), headingId: line.at });
    }
  }
  return [...found.values()];
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
