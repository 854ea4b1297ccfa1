import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import type { DocHeading } from "../../db/schema/index.ts";
import { normalCode, writtenCode } from "./search-words.ts";

/**
 * The error codes in a doc's markdown, each with the line a reader sees it on (a table
 * row as its cells, a list item, a line of code). Loaded when a doc is first indexed,
 * like the renderer, so a server that publishes nothing never holds the markdown parser.
 */

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
