import { describe, expect, it } from "vitest";
import { chooseRevisions, compareRevisions } from "./comparison.server.ts";

const params = (query: string) => new URLSearchParams(query);
const five = [5, 4, 3, 2, 1];

describe("chooseRevisions", () => {
  it("compares the latest revision with the one before it by default", () => {
    expect(chooseRevisions(params(""), five)).toEqual({ kind: "pair", from: 4, to: 5 });
  });

  it("takes the two revisions the address asks for, either way round", () => {
    expect(chooseRevisions(params("from=2&to=5"), five)).toEqual({ kind: "pair", from: 2, to: 5 });
    expect(chooseRevisions(params("from=5&to=1"), five)).toEqual({ kind: "pair", from: 5, to: 1 });
  });

  it("fills in the missing side: the latest for `to`, the one before `to` for `from`", () => {
    expect(chooseRevisions(params("to=3"), five)).toEqual({ kind: "pair", from: 2, to: 3 });
    expect(chooseRevisions(params("from=1"), five)).toEqual({ kind: "pair", from: 1, to: 5 });
    expect(chooseRevisions(params("to=1"), five)).toEqual({ kind: "pair", from: 1, to: 1 });
  });

  it("says so when there is only one revision, or none", () => {
    expect(chooseRevisions(params("from=1&to=2"), [1])).toEqual({ kind: "none" });
    expect(chooseRevisions(params(""), [])).toEqual({ kind: "none" });
  });

  it("names a revision the doc does not have, and offers the default pair again", () => {
    expect(chooseRevisions(params("from=2&to=99"), five)).toEqual({
      kind: "invalid",
      from: 4,
      to: 5,
      message: "This doc has no revision 99: it has revisions 1 to 5. Choose two revisions from the lists.",
    });
  });

  it("refuses what is not a revision number, without echoing a long value", () => {
    for (const value of ["abc", "0", "-1", "2.5", "1e3", "0x10", "9999999999"]) {
      const choice = chooseRevisions(params(`from=${encodeURIComponent(value)}`), five);
      expect(choice.kind, value).toBe("invalid");
    }
    const long = chooseRevisions(params(`to=${"x".repeat(500)}`), five);
    expect(long.kind === "invalid" && long.message.length).toBeLessThan(200);
  });
});

describe("compareRevisions", () => {
  const revision = { number: 1, title: "Calibration", path: "calibration", description: "How.", body: "One.\n" };

  it("names the short fields that changed and diffs the words", () => {
    const comparison = compareRevisions(revision, {
      ...revision,
      number: 3,
      title: "Calibrating the scanner",
      body: "One.\nTwo.\n",
    });
    expect(comparison).toMatchObject({
      from: 1,
      to: 3,
      title: { before: "Calibration", after: "Calibrating the scanner" },
      path: null,
      description: null,
    });
    expect(comparison.body.added).toBe(1);
    expect(comparison.body.identical).toBe(false);
  });

  it("reads a revision without a body or description as empty", () => {
    const comparison = compareRevisions({ ...revision, body: null, description: null }, revision);
    expect(comparison.description).toEqual({ before: "", after: "How." });
    expect(comparison.body.added).toBe(1);
  });
});
