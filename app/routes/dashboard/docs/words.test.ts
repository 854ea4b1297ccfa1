import { describe, expect, it } from "vitest";
import { docCount, synonymsSaid } from "./words.ts";

describe("docCount", () => {
  it("says one doc, and many docs with thousands grouped", () => {
    expect(docCount({ count: 1, more: false })).toBe("1 doc");
    expect(docCount({ count: 0, more: false })).toBe("0 docs");
    expect(docCount({ count: 1234, more: false })).toBe("1,234 docs");
  });

  it("says a count that stopped at its limit is a lower bound", () => {
    expect(docCount({ count: 1000, more: true })).toBe("1,000+ docs");
  });
});

describe("synonymsSaid", () => {
  it("names the first term and lists the others", () => {
    expect(synonymsSaid(["wifi", "wireless"])).toBe(
      "A search for “wifi” also finds wireless, and the other way round.",
    );
    expect(synonymsSaid(["QC", "quality control", "daily check", "phantom check"])).toBe(
      "A search for “QC” also finds quality control, daily check and phantom check, and the other way round.",
    );
    expect(synonymsSaid(["alone"])).toBe("");
  });
});
