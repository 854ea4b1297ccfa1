import { EditorSelection, type EditorState, type SelectionRange, type TransactionSpec } from "@codemirror/state";
import type { CalloutKind, FormatName, FormatRequest } from "./tools.ts";

/**
 * The editor's formatting commands as pure changes of an editor state, so they can be
 * tested without a browser: each takes the state and answers the transaction to apply.
 */
export type Format = (state: EditorState) => TransactionSpec;

/**
 * Wraps each selection in `mark` (bold, italic, code), or unwraps it when already wrapped
 * (the marks just outside the selection, or at both ends of it).
 */
function toggleWrap(mark: string, placeholder: string): Format {
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
      if (text.length > mark.length * 2 && text.startsWith(mark) && text.endsWith(mark)) {
        return {
          changes: { from: range.from, to: range.to, insert: text.slice(mark.length, -mark.length) },
          range: EditorSelection.range(range.from, range.to - mark.length * 2),
        };
      }
      return {
        changes: { from: range.from, to: range.to, insert: `${mark}${text}${mark}` },
        range: EditorSelection.range(range.from + mark.length, range.from + mark.length + text.length),
      };
    });
}

/**
 * Where a selection's last line is: a selection that ends at the start of a line (a whole
 * line taken with the keyboard or a triple click) does not reach into that line.
 */
function lastPosition(state: EditorState, range: SelectionRange): number {
  if (range.empty || range.to === 0) return range.to;
  return state.doc.lineAt(range.to).from === range.to ? range.to - 1 : range.to;
}

/** The lines a selection touches, each once, top to bottom. */
function linesOf(state: EditorState) {
  const seen = new Set<number>();
  const lines = [];
  for (const range of state.selection.ranges) {
    const last = state.doc.lineAt(Math.max(range.from, lastPosition(state, range))).number;
    for (let at = state.doc.lineAt(range.from).number; at <= last; at += 1) {
      if (seen.has(at)) continue;
      seen.add(at);
      lines.push(state.doc.line(at));
    }
  }
  return lines.sort((a, b) => a.number - b.number);
}

const escape = (text: string) => text.replace(/[[\]().*+?^$|\\]/g, "\\$&");

/**
 * Starts each selected line with `prefix` (a heading, a list, a quote), or takes the
 * marker off when every line has it (`has`, by default the prefix itself). `numbered`
 * counts 1., 2., 3. down the lines; `replaces` is a marker of another kind the prefix
 * takes the place of. Blank lines between selected ones are left blank. A caret at a
 * line's start ends after the new marker, so typing goes into the heading or item; a
 * selection keeps covering the text it covered.
 */
function toggleLinePrefix(
  prefix: string,
  options: { numbered?: boolean; has?: RegExp; replaces?: RegExp } = {},
): Format {
  const has = options.has ?? (options.numbered ? /^\d+\. / : new RegExp(`^${escape(prefix)}`));
  return (state) => {
    const touched = linesOf(state);
    const written = touched.filter((line) => line.text.trim() !== "");
    const lines = touched.length > 1 && written.length > 0 ? written : touched;
    const all = lines.every((line) => has.test(line.text));
    const changes = state.changes(
      lines.flatMap((line, index) => {
        const own = has.exec(line.text)?.[0] ?? "";
        if (all) return [{ from: line.from, to: line.from + own.length }];
        const existing = own || (options.replaces?.exec(line.text)?.[0] ?? "");
        const insert = options.numbered ? `${index + 1}. ` : own || prefix;
        return insert === existing ? [] : [{ from: line.from, to: line.from + existing.length, insert }];
      }),
    );
    const ranges = state.selection.ranges.map((range) => {
      if (range.empty) return EditorSelection.cursor(changes.mapPos(range.head, 1));
      const from = changes.mapPos(range.from, 1);
      const to = Math.max(from, changes.mapPos(range.to, -1));
      return range.anchor <= range.head ? EditorSelection.range(from, to) : EditorSelection.range(to, from);
    });
    return {
      changes,
      selection: EditorSelection.create(ranges, state.selection.mainIndex),
      scrollIntoView: true,
    };
  };
}

/** A block in three parts: what comes before its text, the text (selected after), and what follows. */
type Block = (text: string) => readonly [string, string, string];

/**
 * Puts a block (a code fence, a table, a callout) on lines of its own, with a blank line
 * either side, and selects its text to type over. On an empty line it takes that line;
 * after a caret in text it goes below that line (a sentence is never split). When
 * `wraps`, a selection becomes the block's text, whole lines of it.
 */
function insertBlock(block: Block, placeholder: string, options: { wraps?: boolean } = {}): Format {
  return (state) => {
    const range = state.selection.main;
    const first = state.doc.lineAt(range.from);
    const last = state.doc.lineAt(Math.max(range.from, lastPosition(state, range)));
    const wraps = options.wraps === true && !range.empty;
    const replaces = wraps || (range.empty && first.text.trim() === "");
    const from = replaces ? first.from : last.to;
    const to = last.to;
    const above = replaces ? (first.number > 1 ? state.doc.line(first.number - 1).text : "") : last.text;
    const below = last.number < state.doc.lines ? state.doc.line(last.number + 1).text : null;
    const lead = replaces ? (above.trim() ? "\n" : "") : above.trim() ? "\n\n" : "\n";
    const trail = below === null || below.trim() ? "\n" : "";
    const [head, text, tail] = block(wraps ? state.sliceDoc(first.from, last.to) : placeholder);
    const start = from + lead.length + head.length;
    return {
      changes: { from, to, insert: `${lead}${head}${text}${tail}${trail}` },
      selection: EditorSelection.single(start, start + text.length),
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

/** A fenced code block in `language` ("" for plain text); a fence inside the code gets a longer fence around it. */
export function codeBlock(language: string): Format {
  return insertBlock(
    (code) => {
      const fence = /^```/m.test(code) ? "````" : "```";
      return [`${fence}${language}\n`, code, `\n${fence}`];
    },
    "code",
    { wraps: true },
  );
}

/** A callout of `kind` (GitHub's alert syntax), every line of its text quoted. */
export function callout(kind: CalloutKind): Format {
  return insertBlock(
    (text) => [`> [!${kind.toUpperCase()}]\n> `, text.replace(/\n/g, "\n> "), ""],
    "Something the reader should know.",
    { wraps: true },
  );
}

const taskMarker = /^[-*+] \[[ xX]\] /;
export const headingLine = toggleLinePrefix("## ", { replaces: /^#{1,6} / });
export const bulletList = toggleLinePrefix("- ", {
  has: /^[-*+] (?!\[[ xX]\] )/,
  replaces: /^(?:\d+\. |[-*+] \[[ xX]\] )/,
});
export const numberedList = toggleLinePrefix("", { numbered: true, replaces: /^[-*+] (?:\[[ xX]\] )?/ });
export const taskList = toggleLinePrefix("- [ ] ", { has: taskMarker, replaces: /^(?:[-*+]|\d+\.) / });
export const quote = toggleLinePrefix("> ");
export const bold = toggleWrap("**", "bold text");
export const italic = toggleWrap("_", "italic text");
export const inlineCode = toggleWrap("`", "code");
export const table = insertBlock(
  (text) => ["| Step | What to do |\n| ---- | ---------- |\n| 1    | ", text, " |"],
  "First step",
);

/** Every plain tool's command by its name (`tools.ts`); the code block and callout ask first. */
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
  table,
};

/** The command a toolbar button or shortcut asks for. */
export function formatFor(request: FormatRequest): Format {
  if (typeof request === "string") return formats[request];
  return request.block === "code" ? codeBlock(request.language) : callout(request.kind);
}
