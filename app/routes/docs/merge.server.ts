import { diff3Merge } from "node-diff3";
import type { MergeHunk } from "../../lib/docs/merge-hunks.ts";

/**
 * The three-way merge of a stale save (ADR 039): what the writer started from (base), what
 * was saved meanwhile (theirs) and what the writer has (mine). Lines changed on one side
 * only merge by themselves; a stretch both changed differently is a conflict the writer
 * settles. Runs on the server (node-diff3), so the editor's bundle carries none of it.
 */
export type TextMerge = { clean: boolean; hunks: MergeHunk[] };

export function mergeText(base: string, theirs: string, mine: string): TextMerge {
  const split = (text: string) => text.split("\n");
  const regions = diff3Merge(split(mine), split(base), split(theirs), { excludeFalseConflicts: true });
  const hunks: MergeHunk[] = [];
  for (const region of regions) {
    if (region.ok) {
      const last = hunks.at(-1);
      if (last?.kind === "same") last.lines.push(...region.ok);
      else hunks.push({ kind: "same", lines: [...region.ok] });
    } else if (region.conflict) {
      hunks.push({ kind: "conflict", base: region.conflict.o, theirs: region.conflict.b, mine: region.conflict.a });
    }
  }
  return { clean: hunks.every((hunk) => hunk.kind === "same"), hunks };
}

/** One of the page's other fields, merged three ways: the side that changed it wins; both, differently, is a conflict. */
export type FieldMerge = { value: string; conflict: null | { theirs: string; mine: string } };

export function mergeField(base: string, theirs: string, mine: string): FieldMerge {
  if (mine === theirs || mine === base) return { value: theirs, conflict: null };
  if (theirs === base) return { value: mine, conflict: null };
  return { value: mine, conflict: { theirs, mine } };
}
