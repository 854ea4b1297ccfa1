/**
 * A three-way merge's result as the editor shows it (ADR 039): stretches of lines both
 * sides agree on, and conflicts, each with its lines as they were (base), as saved
 * meanwhile (theirs) and as the writer has them (mine). Lines, not text: a side may hold
 * no lines at all, which is not the same as one empty line.
 */
export type MergeHunk =
  { kind: "same"; lines: string[] } | { kind: "conflict"; base: string[]; theirs: string[]; mine: string[] };

export type ConflictHunk = Extract<MergeHunk, { kind: "conflict" }>;

/** How the writer settled one conflict. */
export type HunkChoice = { take: "mine" | "theirs" | "both" } | { take: "edit"; text: string };

function chosenLines(hunk: ConflictHunk, choice: HunkChoice): string[] {
  switch (choice.take) {
    case "mine":
      return hunk.mine;
    case "theirs":
      return hunk.theirs;
    case "both":
      return [...hunk.theirs, ...hunk.mine];
    case "edit":
      return choice.text === "" ? [] : choice.text.split("\n");
  }
}

/** The merged text once each conflict is settled (in order: the n-th choice settles the n-th conflict). */
export function mergedText(hunks: readonly MergeHunk[], choices: readonly HunkChoice[]): string {
  let conflict = 0;
  return hunks
    .flatMap((hunk) => {
      if (hunk.kind === "same") return hunk.lines;
      const choice = choices[conflict] ?? { take: "mine" };
      conflict += 1;
      return chosenLines(hunk, choice);
    })
    .join("\n");
}

/** The page's fields besides the body that a stale save merges three ways, with their names for people. */
export const mergedFields = {
  title: "Title",
  description: "Description",
  slug: "Slug",
  parentId: "Place",
  position: "Position",
  products: "Product generations",
  counterpartId: "The same page for the other generation",
} as const;
export type MergedField = keyof typeof mergedFields;

/** A field both people changed differently: the writer picks one. */
export type FieldConflict = { name: MergedField; theirs: string; mine: string };
