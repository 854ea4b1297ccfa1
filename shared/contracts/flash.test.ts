import { describe, expect, it } from "vitest";
import { aboutPerson, isFlash } from "./flash.ts";

describe("flash messages (what a cookie may carry to the next page)", () => {
  const base = { title: "Ana Díaz is now an editor", color: "success" };

  it("takes a title, a colour, and optionally a description, an icon from the toast icons and a picture of this site", () => {
    expect(isFlash(base)).toBe(true);
    expect(isFlash({ ...base, description: "It works for 7 days.", icon: "mail" })).toBe(true);
    expect(isFlash({ ...base, avatar: { src: "/dashboard/pictures/7f1c?v=3", alt: "" } })).toBe(true);
  });

  it("refuses an icon that is not a toast icon, and a picture from anywhere but this site", () => {
    expect(isFlash({ ...base, icon: "rocket" })).toBe(false);
    for (const src of [
      "https://elsewhere.example/p.png",
      "//elsewhere.example/p.png",
      "/\\elsewhere.example/p.png",
      "javascript:alert(1)",
      "/a b",
      `/${"x".repeat(501)}`,
    ]) {
      expect(isFlash({ ...base, avatar: { src, alt: "" } }), src).toBe(false);
    }
    expect(isFlash({ ...base, avatar: { src: "/p.png" } })).toBe(false);
  });

  it("refuses what is not a message: a missing title, an unknown colour, overlong text", () => {
    expect(isFlash(null)).toBe(false);
    expect(isFlash({ color: "success" })).toBe(false);
    expect(isFlash({ ...base, color: "purple" })).toBe(false);
    expect(isFlash({ ...base, title: "x".repeat(301) })).toBe(false);
    expect(isFlash({ ...base, description: "x".repeat(601) })).toBe(false);
  });

  it("a toast about a person shows their picture, or the person icon when they have none", () => {
    expect(aboutPerson({ picture: "/dashboard/pictures/7f1c?v=3" })).toEqual({
      avatar: { src: "/dashboard/pictures/7f1c?v=3", alt: "" },
    });
    expect(aboutPerson({ picture: null })).toEqual({ icon: "user" });
  });
});
