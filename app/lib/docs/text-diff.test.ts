import { describe, expect, it } from "vitest";
import { diffText } from "./text-diff.ts";

const text = (lines: string[]) => `${lines.join("\n")}\n`;
const numbered = (count: number) => Array.from({ length: count }, (_, index) => `Line ${index + 1}.`);

describe("diffText", () => {
  it("says two equal texts are identical, with nothing to show", () => {
    expect(diffText("Same.\n", "Same.\n")).toEqual({ hunks: [], added: 0, removed: 0, identical: true });
  });

  it("numbers the lines on both sides and marks the words that changed within a line", () => {
    const diff = diffText(text(["Switch it on.", "Wait a minute."]), text(["Switch it on.", "Wait two minutes."]));
    expect(diff.added).toBe(1);
    expect(diff.removed).toBe(1);
    const [hunk] = diff.hunks;
    expect(hunk?.lines.map((line) => [line.kind, line.before, line.after])).toEqual([
      ["same", 1, 1],
      ["removed", 2, null],
      ["added", null, 2],
    ]);
    expect(hunk?.lines[1]?.segments).toEqual([
      { text: "Wait ", changed: false },
      { text: "a", changed: true },
      { text: " ", changed: false },
      { text: "minute", changed: true },
      { text: ".", changed: false },
    ]);
    expect(hunk?.lines[2]?.segments.filter((segment) => segment.changed).map((segment) => segment.text)).toEqual([
      "two",
      "minutes",
    ]);
  });

  it("shows three unchanged lines around each change, and splits far-apart changes into hunks", () => {
    const before = numbered(20);
    const after = [...before];
    after[1] = "Line two, edited.";
    after[17] = "Line eighteen, edited.";
    const diff = diffText(text(before), text(after));
    expect(diff.hunks).toHaveLength(2);
    expect(diff.hunks[0]?.lines.map((line) => line.before ?? line.after)).toEqual([1, 2, 2, 3, 4, 5]);
    expect(diff.hunks[1]?.lines[0]?.before).toBe(15);
    expect(diff.hunks[1]?.lines.at(-1)?.before).toBe(20);
  });

  it("keeps added and removed lines that have no counterpart whole", () => {
    const diff = diffText(text(["A."]), text(["A.", "B.", "C."]));
    expect(diff.hunks[0]?.lines.filter((line) => line.kind === "added").map((line) => line.segments)).toEqual([
      [{ text: "B.", changed: true }],
      [{ text: "C.", changed: true }],
    ]);
  });

  it("treats Windows line ends as the same lines", () => {
    expect(diffText("One.\r\nTwo.\r\n", "One.\nTwo.\n").identical).toBe(true);
  });

  it("does not count a newline at the end as a changed line", () => {
    expect(diffText("One.\nTwo.", "One.\nTwo.\n").identical).toBe(true);
    const diff = diffText("One.\nTwo.", "One.\nTwo.\n\nThree.\n");
    expect([diff.added, diff.removed]).toEqual([2, 0]);
    expect(diff.hunks[0]?.lines.map((line) => [line.kind, line.before, line.after])).toEqual([
      ["same", 1, 1],
      ["same", 2, 2],
      ["added", null, 3],
      ["added", null, 4],
    ]);
  });
});
