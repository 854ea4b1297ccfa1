import { describe, expect, it } from "vitest";
import { capitalized } from "./words.ts";

describe("capitalized", () => {
  it("capitalizes the first letter and leaves the rest as it is", () => {
    expect(capitalized("user")).toBe("User");
    expect(capitalized("searchSynonym")).toBe("SearchSynonym");
    expect(capitalized("one page matches “E-204”")).toBe("One page matches “E-204”");
  });

  it("leaves an empty string, a capital and a digit alone", () => {
    expect(capitalized("")).toBe("");
    expect(capitalized("Docs")).toBe("Docs");
    expect(capitalized("3 pages match")).toBe("3 pages match");
  });

  it("capitalizes a letter outside ASCII", () => {
    expect(capitalized("élan")).toBe("Élan");
  });
});
