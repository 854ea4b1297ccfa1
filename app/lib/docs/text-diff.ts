import { diffLines, diffWordsWithSpace } from "diff";

/**
 * A readable comparison of two texts (a doc's revisions, or a person's unsaved text against
 * what someone else saved): the changed lines with a few unchanged ones around them, line
 * numbers on both sides, and within a changed line the words that changed. Computed where
 * the data is (a route's loader or action), so the diff library never ships to the browser.
 */

type DiffSegment = { text: string; changed: boolean };

export type DiffLine = {
  kind: "same" | "added" | "removed";
  /** The line's number before (removed, same) and after (added, same). */
  before: number | null;
  after: number | null;
  /** The line in pieces, the changed words marked (a line with no counterpart is one changed piece). */
  segments: DiffSegment[];
};

export type DiffHunk = { lines: DiffLine[] };

export type TextDiff = {
  hunks: DiffHunk[];
  added: number;
  removed: number;
  /** Nothing changed: the conflict screen says so rather than showing an empty comparison. */
  identical: boolean;
};

function splitLines(value: string): string[] {
  const lines = value.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** Pairs removed and added lines in order and marks the words that changed in each pair. */
function markWords(removed: DiffLine[], added: DiffLine[]): void {
  const pairs = Math.min(removed.length, added.length);
  for (let index = 0; index < pairs; index += 1) {
    const before = removed[index];
    const after = added[index];
    if (!before || !after) continue;
    const oldText = before.segments.map((segment) => segment.text).join("");
    const newText = after.segments.map((segment) => segment.text).join("");
    const parts = diffWordsWithSpace(oldText, newText);
    before.segments = parts.filter((part) => !part.added).map((part) => ({ text: part.value, changed: part.removed }));
    after.segments = parts.filter((part) => !part.removed).map((part) => ({ text: part.value, changed: part.added }));
  }
}

/** Windows line ends as Unix ones, and a last line always ended: a newline added at the end is not a changed line. */
function normalized(value: string): string {
  const text = value.replace(/\r\n/g, "\n");
  return text === "" || text.endsWith("\n") ? text : `${text}\n`;
}

export function diffText(before: string, after: string, context = 3): TextDiff {
  const lines: DiffLine[] = [];
  let beforeNumber = 1;
  let afterNumber = 1;
  let added = 0;
  let removed = 0;
  let pendingRemoved: DiffLine[] = [];
  let pendingAdded: DiffLine[] = [];
  const flush = () => {
    markWords(pendingRemoved, pendingAdded);
    pendingRemoved = [];
    pendingAdded = [];
  };
  for (const part of diffLines(normalized(before), normalized(after))) {
    for (const text of splitLines(part.value)) {
      if (part.removed) {
        const line: DiffLine = {
          kind: "removed",
          before: beforeNumber++,
          after: null,
          segments: [{ text, changed: true }],
        };
        pendingRemoved.push(line);
        lines.push(line);
        removed += 1;
      } else if (part.added) {
        const line: DiffLine = {
          kind: "added",
          before: null,
          after: afterNumber++,
          segments: [{ text, changed: true }],
        };
        pendingAdded.push(line);
        lines.push(line);
        added += 1;
      } else {
        flush();
        lines.push({
          kind: "same",
          before: beforeNumber++,
          after: afterNumber++,
          segments: [{ text, changed: false }],
        });
      }
    }
  }
  flush();
  // Each change with `context` unchanged lines around it; changes that close merge into one hunk.
  const keep = lines.map(() => false);
  lines.forEach((line, index) => {
    if (line.kind === "same") return;
    for (let near = Math.max(0, index - context); near <= Math.min(lines.length - 1, index + context); near += 1) {
      keep[near] = true;
    }
  });
  const hunks: DiffHunk[] = [];
  let current: DiffLine[] = [];
  lines.forEach((line, index) => {
    if (keep[index]) {
      current.push(line);
    } else if (current.length > 0) {
      hunks.push({ lines: current });
      current = [];
    }
  });
  if (current.length > 0) hunks.push({ lines: current });
  return { hunks, added, removed, identical: added === 0 && removed === 0 };
}
