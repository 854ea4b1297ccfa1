import { describe, expect, it } from "vitest";
import { paletteRank } from "./palette-rank.ts";

describe("paletteRank", () => {
  it("puts a real match above letters that merely come in order", () => {
    const person = paletteRank("kah person 1", "kah");
    const shortcuts = paletteRank("action Show the keyboard shortcuts", "kah", ["keys", "help"]);
    expect(person).toBeGreaterThan(shortcuts);
    expect(shortcuts).toBeGreaterThan(0);
  });

  it("ranks the entry's own name, then word starts, then words inside", () => {
    const exact = paletteRank("page Users", "users");
    const start = paletteRank("page Organizations Clinics and hospitals", "org");
    const inside = paletteRank("page Organizations Clinics and hospitals", "ganiz");
    expect(exact).toBe(1);
    expect(start).toBe(0.9);
    expect(inside).toBe(0.7);
  });

  it("needs every typed word, in the entry or its keywords", () => {
    expect(paletteRank("action Invite a person", "invite person")).toBe(0.9);
    expect(paletteRank("action Switch to dark mode", "theme", ["colour", "theme"])).toBe(0.9);
    expect(paletteRank("page Users", "zebra")).toBe(0);
  });

  it("keeps everything for an empty search", () => {
    expect(paletteRank("page Users", "  ")).toBe(1);
  });
});
