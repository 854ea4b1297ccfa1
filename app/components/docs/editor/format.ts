import { EditorSelection, type EditorState, type TransactionSpec } from "@codemirror/state";
import type { FormatName } from "./tools.ts";

/**
 * The editor's formatting commands as pure changes of an editor state, so they can be
 * tested without a browser: each takes the state and answers the transaction to apply.
 */
export type Format = (state: EditorState) => TransactionSpec;

/** Wraps each selection in `mark` (bold, italic, code), or unwraps it when already wrapped. */
export function toggleWrap(mark: string, placeholder: string): Format {
  return (state) =>
    state.changeByRange((range) => {
      const before = state.sliceDoc(range.from - mark.length, range.from);
      const after = state.sliceDoc(range.to, range.to + mark.length);
      if (before === mark && after === mark) {
        return {
          changes: [
            { from: range.from - mark.length, to: range.from },
            { from: range.to, to: range.to + mark.length },
          ],
          range: EditorSelection.range(range.from - mark.length, range.to - mark.length),
        };
      }
      const text = range.empty ? placeholder : state.sliceDoc(range.from, range.to);
      return {
        changes: { from: range.from, to: range.to, insert: `${mark}${text}${mark}` },
        range: EditorSelection.range(range.from + mark.length, range.from + mark.length + text.length),
      };
    });
}

/** The lines a selection touches, each once, top to bottom. */
function linesOf(state: EditorState) {
  const seen = new Set<number>();
  const lines = [];
  for (const range of state.selection.ranges) {
    for (let at = state.doc.lineAt(range.from).number; at <= state.doc.lineAt(range.to).number; at += 1) {
      if (seen.has(at)) continue;
      seen.add(at);
      lines.push(state.doc.line(at));
    }
  }
  return lines.sort((a, b) => a.number - b.number);
}

/**
 * Starts each selected line with `prefix` (a heading, a list, a quote), or takes it off
 * when every line has it. `numbered` counts 1., 2., 3. down the lines.
 */
export function toggleLinePrefix(prefix: string, options: { numbered?: boolean; replaces?: RegExp } = {}): Format {
  return (state) => {
    const lines = linesOf(state);
    const pattern = options.numbered ? /^\d+\. / : new RegExp(`^${prefix.replace(/[[\]().*+?^$|\\]/g, "\\$&")}`);
    const all = lines.every((line) => pattern.test(line.text));
    const changes = lines.map((line, index) => {
      if (all) {
        const length = pattern.exec(line.text)?.[0].length ?? 0;
        return { from: line.from, to: line.from + length };
      }
      const existing = options.replaces?.exec(line.text)?.[0].length ?? 0;
      const insert = options.numbered ? `${index + 1}. ` : prefix;
      return { from: line.from, to: line.from + existing, insert };
    });
    return { changes, scrollIntoView: true };
  };
}

/** Inserts a block (a code fence, a table, a callout) on lines of its own, selecting `select` inside it. */
export function insertBlock(block: string, select?: string): Format {
  return (state) => {
    const range = state.selection.main;
    const line = state.doc.lineAt(range.from);
    const atLineStart = range.from === line.from && line.text.trim() === "";
    const before = atLineStart ? "" : range.from === line.to ? "\n\n" : "\n\n";
    const insert = `${before}${block}\n`;
    const from = atLineStart ? line.from : range.to;
    const start = from + before.length + (select ? block.indexOf(select) : block.length);
    return {
      changes: { from, to: atLineStart ? line.from : range.to, insert },
      selection: EditorSelection.single(start, start + (select?.length ?? 0)),
      scrollIntoView: true,
    };
  };
}

/** A link around the selection (or the word "text"), with the address selected to type over. */
export function insertLink(state: EditorState): TransactionSpec {
  const range = state.selection.main;
  const label = range.empty ? "text" : state.sliceDoc(range.from, range.to);
  const insert = `[${label}](https://)`;
  const urlStart = range.from + label.length + 3;
  return {
    changes: { from: range.from, to: range.to, insert },
    selection: EditorSelection.single(urlStart, urlStart + "https://".length),
    scrollIntoView: true,
  };
}

export const headingLine = toggleLinePrefix("## ", { replaces: /^#{1,6} / });
export const bulletList = toggleLinePrefix("- ");
export const numberedList = toggleLinePrefix("", { numbered: true });
export const taskList = toggleLinePrefix("- [ ] ", { replaces: /^- / });
export const quote = toggleLinePrefix("> ");
export const bold = toggleWrap("**", "bold text");
export const italic = toggleWrap("_", "italic text");
export const inlineCode = toggleWrap("`", "code");
export const codeBlock = insertBlock("```bash\ncommand\n```", "command");
export const table = insertBlock("| Step | What to do |\n| ---- | ---------- |\n| 1    | First step |", "First step");
export const callout = insertBlock(
  "> [!NOTE]\n> Something the reader should know.",
  "Something the reader should know.",
);

/** Every tool's command by its name (`tools.ts`). */
export const formats: Record<FormatName, Format> = {
  headingLine,
  bold,
  italic,
  inlineCode,
  insertLink,
  bulletList,
  numberedList,
  taskList,
  quote,
  codeBlock,
  table,
  callout,
};
