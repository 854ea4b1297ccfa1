import { describe, expect, it } from "vitest";
import { mergedText, type ConflictHunk } from "../../lib/docs/merge-hunks.ts";
import { mergeField, mergeText } from "./merge.server.ts";

const base = ["# Daily check", "", "Wipe the cradle.", "", "Run the phantom scan.", "", "Log the result."].join("\n");

describe("the three-way merge of a stale save", () => {
  it("merges changes to different lines by itself, keeping both people's words", () => {
    const theirs = base.replace("Wipe the cradle.", "Wipe the cradle with a dry cloth.");
    const mine = `${base}\n\nCall service if the scan fails twice.`;
    const merged = mergeText(base, theirs, mine);
    expect(merged.clean).toBe(true);
    const text = mergedText(merged.hunks, []);
    expect(text).toContain("Wipe the cradle with a dry cloth.");
    expect(text).toContain("Call service if the scan fails twice.");
    expect(text).not.toContain("Wipe the cradle.\n");
  });

  it("takes a change both made alike once", () => {
    const same = base.replace("Log the result.", "Log the result in the QC book.");
    const merged = mergeText(base, same, same);
    expect(merged.clean).toBe(true);
    expect(mergedText(merged.hunks, [])).toBe(same);
  });

  it("marks a line both changed differently as a conflict, and settles it each way", () => {
    const theirs = base.replace("Run the phantom scan.", "Run the phantom scan twice.");
    const mine = base.replace("Run the phantom scan.", "Run the phantom scan at 8 am.");
    const merged = mergeText(base, theirs, mine);
    expect(merged.clean).toBe(false);
    const conflicts = merged.hunks.filter((hunk): hunk is ConflictHunk => hunk.kind === "conflict");
    expect(conflicts).toEqual([
      {
        kind: "conflict",
        base: ["Run the phantom scan."],
        theirs: ["Run the phantom scan twice."],
        mine: ["Run the phantom scan at 8 am."],
      },
    ]);
    expect(mergedText(merged.hunks, [{ take: "mine" }])).toBe(mine);
    expect(mergedText(merged.hunks, [{ take: "theirs" }])).toBe(theirs);
    expect(mergedText(merged.hunks, [{ take: "both" }])).toContain("twice.\nRun the phantom scan at 8 am.");
    expect(mergedText(merged.hunks, [{ take: "edit", text: "Run the phantom scan twice, at 8 am." }])).toBe(
      base.replace("Run the phantom scan.", "Run the phantom scan twice, at 8 am."),
    );
    // An edit that empties the stretch removes its lines, and leaves no stray blank line.
    expect(mergedText(merged.hunks, [{ take: "edit", text: "" }])).toBe(base.replace("Run the phantom scan.\n", ""));
  });

  it("keeps lines added at the same place by both as a conflict, never dropping either", () => {
    const theirs = `${base}\nThe first editor's line.`;
    const mine = `${base}\nThe second editor's line.`;
    const merged = mergeText(base, theirs, mine);
    expect(merged.clean).toBe(false);
    const both = mergedText(merged.hunks, [{ take: "both" }]);
    expect(both).toContain("The first editor's line.");
    expect(both).toContain("The second editor's line.");
  });

  it("merges the other fields: the side that changed one wins, both changing it differently is a conflict", () => {
    expect(mergeField("Daily check", "Daily check", "Daily QC")).toEqual({ value: "Daily QC", conflict: null });
    expect(mergeField("Daily check", "Daily QC", "Daily check")).toEqual({ value: "Daily QC", conflict: null });
    expect(mergeField("Daily check", "Daily QC", "Daily QC")).toEqual({ value: "Daily QC", conflict: null });
    expect(mergeField("Daily check", "Daily QC", "Morning check")).toEqual({
      value: "Morning check",
      conflict: { theirs: "Daily QC", mine: "Morning check" },
    });
  });
});
