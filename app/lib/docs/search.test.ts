import { describe, expect, it } from "vitest";
import { docHitHref, snippetParts } from "./search.ts";

describe("snippetParts", () => {
  it("marks the words between the markers", () => {
    expect(snippetParts("Run the \u0001phantom\u0002 check \u0001daily\u0002.")).toEqual([
      { text: "Run the ", match: false },
      { text: "phantom", match: true },
      { text: " check ", match: false },
      { text: "daily", match: true },
      { text: ".", match: false },
    ]);
  });

  it("keeps plain text as one part", () => {
    expect(snippetParts("No match here")).toEqual([{ text: "No match here", match: false }]);
    expect(snippetParts("")).toEqual([]);
  });
});

describe("docHitHref", () => {
  it("opens at the heading found, or at the top", () => {
    expect(docHitHref({ path: "calibration/phantom", heading: { id: "daily-check", text: "Daily check" } })).toBe(
      "/docs/calibration/phantom#daily-check",
    );
    expect(docHitHref({ path: "installation", heading: null })).toBe("/docs/installation");
  });
});
