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
  if (typeof align === "string" && alignments.has(align)) addClass(cell, `align-${align}`);
}

function addClass(cell: Element, name: string): void {
  cell.properties.className = [...(cell.properties.className ?? []), name];
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

const isRow = (node: ElementContent): node is Element => node.type === "element" && node.tagName === "tr";

function rowsOf(table: Element): Element[] {
  return table.children.flatMap((part) => {
    if (part.type !== "element") return [];
    return part.tagName === "tr" ? [part] : part.children.filter(isRow);
  });
}

const cellText = (cell: Element) => toString(cell).replace(/\s+/g, " ").trim();

/** Columns of sentences (any cell longer than this) get a wider minimum than columns of words or codes. */
const longCell = 40;

/**
 * Each cell of a column of sentences gets `cell-wide`: on a narrow screen such a column keeps
 * a width that reads (a few words a line), while the others keep a narrower minimum.
 */
function markWideColumns(rows: readonly Element[]): void {
  const wide = new Set<number>();
  for (const row of rows) {
    cellsOf(row).forEach((cell, column) => {
      if (cellText(cell).length > longCell) wide.add(column);
    });
  }
  for (const row of rows) {
    cellsOf(row).forEach((cell, column) => {
      if (wide.has(column)) addClass(cell, "cell-wide");
    });
  }
}

/**
 * A table in a frame that scrolls sideways (`div.table-frame`), so on a phone the table
 * keeps readable columns instead of one word a line (see markWideColumns). The frame is a
 * named region that takes focus, so a keyboard can scroll it (axe's
 * scrollable-region-focusable). Its name says where it is and what it holds: the section's
 * heading, then the header cells ("Measurement and sensors, table: Code, Message, …"), and
 * a number if the doc already has a table of that name (landmarks are told apart by name).
 */
export function tableFrame(table: Element, section: string | undefined, names: Set<string>): Element {
  const rows = rowsOf(table);
  markWideColumns(rows);
  const headers = cellsOf(rows[0]).map(cellText).filter(Boolean);
  let name = `${section ? `${section}, table` : "Table"}${headers.length > 0 ? `: ${headers.join(", ")}` : ""}`;
  if (name.length > 120) name = `${name.slice(0, 119).trimEnd()}…`;
  let label = name;
  for (let n = 2; names.has(label); n += 1) label = `${name} (${n})`;
  names.add(label);
  return {
    type: "element",
    tagName: "div",
    properties: { className: ["table-frame"], role: "region", tabIndex: 0, ariaLabel: label },
    children: [table],
  };
}
