import type { Element, ElementContent, Text } from "hast";
import { toString } from "hast-util-to-string";

/**
 * Tables as readers need them, added after sanitizing (the classes are ours, never a
 * writer's): alignment as classes, codes kept whole, and a frame that scrolls.
 */

const alignments = new Set(["left", "center", "right"]);

/** GFM's column alignment comes out as the obsolete `align` attribute: a class instead (`align-center`). */
export function alignCell(cell: Element): void {
  const align = cell.properties.align;
  delete cell.properties.align;
  if (typeof align === "string" && alignments.has(align)) cell.properties.className = [`align-${align}`];
}

/**
 * A code or part number: letters and digits in parts joined by hyphens, one of them with a
 * digit (E-104, E-1xx, 40-0021, DXA-5-220, 2026-11-24), 24 characters at most, optionally
 * after a short label of capitals around a slash (P/N 40-0021, S/N 5-00172). Hyphenated
 * words without a digit (Wi-Fi, foot-plate) may still break: they read fine across lines.
 */
const code =
  /(?<![\p{L}\p{N}_-])(?:[A-Z]{1,3}\/[A-Z]{1,3} )?[\p{L}\p{N}]{1,10}(?:-[\p{L}\p{N}]{1,10}){1,4}(?![\p{L}\p{N}_-])/gu;
const hasDigit = /\p{N}/u;

function nowrap(value: string): Element {
  return {
    type: "element",
    tagName: "span",
    properties: { className: ["nowrap"] },
    children: [{ type: "text", value }],
  };
}

/** The text with each code in `<span class="nowrap">`: the same characters, so a copy is the same. */
function keepCodesWhole(text: Text): ElementContent[] {
  const parts: ElementContent[] = [];
  let from = 0;
  for (const match of text.value.matchAll(code)) {
    const found = match[0];
    if (found.length > 24 || !hasDigit.test(found)) continue;
    if (match.index > from) parts.push({ type: "text", value: text.value.slice(from, match.index) });
    parts.push(nowrap(found));
    from = match.index + found.length;
  }
  if (from === 0) return [text];
  if (from < text.value.length) parts.push({ type: "text", value: text.value.slice(from) });
  return parts;
}

/** Codes and part numbers in a table cell never break across lines (a hyphen is a break opportunity). */
export function keepCellCodesWhole(node: Element): void {
  node.children = node.children.flatMap((child) => {
    if (child.type === "text") return keepCodesWhole(child);
    if (child.type === "element") keepCellCodesWhole(child);
    return [child];
  });
}

const cellsOf = (row: Element | undefined) =>
  (row?.children ?? []).filter((cell): cell is Element => cell.type === "element" && /^t[hd]$/.test(cell.tagName));

function firstRow(table: Element): Element | undefined {
  for (const part of table.children) {
    if (part.type !== "element") continue;
    if (part.tagName === "tr") return part;
    const row = part.children.find((child): child is Element => child.type === "element" && child.tagName === "tr");
    if (row) return row;
  }
  return undefined;
}

/**
 * A table in a frame that scrolls sideways (`div.table-frame`), so on a phone the table
 * keeps readable columns instead of one word a line. The frame is a named region that
 * takes focus, so a keyboard can scroll it (axe's scrollable-region-focusable): it is
 * named by the table's header cells, which say what the table holds.
 */
export function tableFrame(table: Element): Element {
  const headers = cellsOf(firstRow(table))
    .map((cell) => toString(cell).replace(/\s+/g, " ").trim())
    .filter(Boolean);
  let label = headers.length > 0 ? `Table: ${headers.join(", ")}` : "Table";
  if (label.length > 120) label = `${label.slice(0, 119).trimEnd()}…`;
  return {
    type: "element",
    tagName: "div",
    properties: { className: ["table-frame"], role: "region", tabIndex: 0, ariaLabel: label },
    children: [table],
  };
}
