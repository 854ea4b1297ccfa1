import { describe, expect, it } from "vitest";
import { safeReturnTo } from "./safe-navigation.ts";

describe("safeReturnTo (open-redirect guard)", () => {
  it.each([
    ["/dashboard/admin/users", "/dashboard/admin/users"],
    ["/docs/getting-started?tab=v5#install", "/docs/getting-started?tab=v5#install"],
    ["/", "/"],
    ["/products/v5/../v4", "/products/v4"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });

  it.each([
    "https://evil.example/",
    "http://evil.example",
    "//evil.example/path",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%09/evil.example".replace("%09", "\t"),
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.example",
    "",
    " /dashboard",
    "/auth/login",
    "/auth/logged-in?code=x",
    "/auth",
    "/.//evil.example",
    "/%2e//evil.example",
    "/a/..//evil.example/path",
    `/${"a".repeat(3000)}`,
  ])("refuses %j and falls back to /", (input) => {
    expect(safeReturnTo(input)).toBe("/");
  });

  it("refuses values that are not strings", () => {
    expect(safeReturnTo(undefined)).toBe("/");
    expect(safeReturnTo(["/dashboard"])).toBe("/");
    expect(safeReturnTo({ toString: () => "/dashboard" })).toBe("/");
  });

  it("uses the given fallback", () => {
    expect(safeReturnTo("https://evil.example", "/dashboard")).toBe("/dashboard");
  });
});
