import type { Element, Root, RootContent } from "hast";
import { toString } from "hast-util-to-string";

/**
 * A doc's words as plain text, for search and its snippets: one line for each block
 * (paragraph, heading, list item, code line) and for each table row, its cells joined by
 * " · ", so a snippet from a table reads as a row and not as one run of words.
 */

const blocks = new Set([
  "address",
  "blockquote",
  "dd",
  "div",
  "dl",
  "dt",
  "figcaption",
  "figure",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "li",
  "ol",
  "p",
  "section",
  "table",
  "tbody",
  "tfoot",
  "thead",
  "ul",
]);

const words = (text: string) => text.replace(/\s+/g, " ").trim();

/** Marks that are not words: the footnotes' way back (↩). */
const unread = (node: Element) => node.properties.dataFootnoteBackref !== undefined;

export function plainText(tree: Root): string {
  const lines: string[] = [];
  let line = "";
  const flush = () => {
    const text = words(line);
    if (text) lines.push(text);
    line = "";
  };
  const walk = (nodes: readonly RootContent[]) => {
    for (const node of nodes) {
      if (node.type === "text") line += node.value;
      if (node.type !== "element" || unread(node)) continue;
      if (node.tagName === "tr") {
        flush();
        const cells = node.children.filter((cell): cell is Element => cell.type === "element");
        line = cells
          .map((cell) => words(toString(cell)))
          .filter(Boolean)
          .join(" · ");
        flush();
      } else if (node.tagName === "pre") {
        flush();
        for (const code of toString(node).split("\n").map(words)) if (code) lines.push(code);
      } else if (node.tagName === "br") {
        line += " ";
      } else if (blocks.has(node.tagName)) {
        flush();
        walk(node.children);
        flush();
      } else {
        walk(node.children);
      }
    }
  };
  walk(tree.children);
  flush();
  return lines.join("\n");
}
