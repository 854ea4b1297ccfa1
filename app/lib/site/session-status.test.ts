import { describe, expect, it } from "vitest";
import { parseSessionStatus } from "./session-status.ts";

describe("parseSessionStatus", () => {
  it("reads a signed-in answer with its CSRF token and notice", () => {
    expect(parseSessionStatus({ signedIn: true, csrfToken: "t0k", notice: "Hello" })).toEqual({
      signedIn: true,
      csrfToken: "t0k",
      notice: "Hello",
    });
  });

  it("treats anything unexpected as signed out", () => {
    for (const value of [null, "yes", 1, [], {}, { signedIn: "true", csrfToken: "x" }, { signedIn: true }]) {
      expect(parseSessionStatus(value)).toEqual({ signedIn: false });
    }
    expect(parseSessionStatus({ signedIn: true, csrfToken: "" })).toEqual({ signedIn: false });
  });

  it("keeps a signed-out notice but drops one that is not short text", () => {
    expect(parseSessionStatus({ signedIn: false, notice: "Expired" })).toEqual({ signedIn: false, notice: "Expired" });
    expect(parseSessionStatus({ signedIn: false, notice: "x".repeat(301) })).toEqual({ signedIn: false });
    expect(parseSessionStatus({ signedIn: false, notice: 42 })).toEqual({ signedIn: false });
  });
});
