import { describe, expect, it } from "vitest";
import { docCount } from "./words.ts";

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
