/**
 * Markdown written to be slow or deep: the shapes CommonMark's own pathological tests use
 * (runs of emphasis marks, brackets and backticks, deep quotes and lists), plus giant
 * tables, each at most 200,000 characters (a doc's limit). The render pool must lay each
 * out within its budget or refuse it with a sentence, and the server must keep answering
 * while it tries (`server/render-budget.test.ts`, `pool.test.ts`, `npm run bench:docs`).
 */

export type PathologicalText = { name: string; markdown: string };

const limit = 200_000;
const upTo = (unit: string, prefix = "", suffix = "") =>
  `${prefix}${unit.repeat(Math.floor((limit - prefix.length - suffix.length) / unit.length))}${suffix}`;

function nestedList(levels: number): string {
  const lines: string[] = [];
  for (let level = 0; level < levels; level += 1) lines.push(`${"  ".repeat(level)}- item ${level}`);
  return lines.join("\n");
}

function giantTable(columns: number, rows: number): string {
  const row = (cell: (column: number) => string) =>
    `|${Array.from({ length: columns }, (_, column) => ` ${cell(column)} `).join("|")}|`;
  const lines = [row((column) => `E-${column}`), row(() => "---")];
  for (let line = 0; line < rows; line += 1) lines.push(row((column) => `*${line}*${column}`));
  return lines.join("\n").slice(0, limit);
}

export const pathologicalTexts: readonly PathologicalText[] = [
  { name: "emphasis openers (*a)", markdown: upTo("*a") },
  { name: "nested strong and emphasis", markdown: upTo("*a **a ") },
  { name: "openers and closers in threes", markdown: upTo("a**b c* ") },
  { name: "link openers and emphasis closers", markdown: upTo("[ a_") },
  { name: "link closers without openers", markdown: upTo("a]") },
  { name: "nested brackets", markdown: `${"[".repeat(50_000)}a${"]".repeat(50_000)}` },
  { name: "unclosed link destinations", markdown: upTo("[a](<b") },
  { name: "backtick runs", markdown: upTo("e`") },
  { name: "growing backtick runs", markdown: Array.from({ length: 600 }, (_, n) => `${"`".repeat(n)}e`).join("") },
  { name: "deep block quotes", markdown: `${">".repeat(50_000)} a` },
  { name: "deep lists", markdown: nestedList(5_000).slice(0, limit) },
  { name: "giant table, wide", markdown: giantTable(2_000, 8) },
  { name: "giant table, long", markdown: giantTable(12, 1_500) },
];
