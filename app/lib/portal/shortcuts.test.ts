import { describe, expect, it } from "vitest";
import { dashboardPages } from "./nav.ts";
import { createShortcutReader, paletteKeys, sequenceTimeoutMs, shortcutsFor } from "./shortcuts.ts";

const shortcuts = shortcutsFor(dashboardPages, "Linux x86_64");
const press = (
  key: string,
  extra: Partial<{ metaKey: boolean; ctrlKey: boolean; altKey: boolean; target: unknown }> = {},
) => ({
  key,
  metaKey: false,
  ctrlKey: false,
  altKey: false,
  target: { tagName: "BODY" },
  ...extra,
});

describe("keyboard shortcuts", () => {
  it("open the palette with ⌘K on Apple devices and Ctrl K elsewhere, even while typing", () => {
    expect(paletteKeys("MacIntel")).toEqual(["⌘", "K"]);
    expect(paletteKeys("Win32")).toEqual(["Ctrl", "K"]);
    const read = createShortcutReader(shortcuts);
    expect(read(press("k", { metaKey: true }))).toEqual({ kind: "palette" });
    expect(read(press("k", { ctrlKey: true, target: { tagName: "INPUT" } }))).toEqual({ kind: "palette" });
  });

  it("go to a page with G and its letter", () => {
    let clock = 0;
    const read = createShortcutReader(shortcuts, () => clock);
    expect(read(press("g"))).toBeNull();
    clock += 200;
    expect(read(press("u"))).toEqual({ kind: "go", to: "/dashboard/admin/users" });
    expect(read(press("g"))).toBeNull();
    clock += sequenceTimeoutMs + 1;
    expect(read(press("u"))).toBeNull();
  });

  it("list one shortcut per page, each with its own letters", () => {
    const sequences = shortcuts
      .filter((shortcut) => shortcut.action.kind === "go")
      .map((shortcut) => shortcut.keys.join(" "));
    expect(sequences).toHaveLength(dashboardPages.length);
    expect(new Set(sequences).size).toBe(sequences.length);
  });

  it("say which keys are held together and which follow one another", () => {
    const palette = shortcuts.find((shortcut) => shortcut.action.kind === "palette");
    expect(palette).toMatchObject({ keys: ["Ctrl", "K"], together: true });
    const goes = shortcuts.filter((shortcut) => shortcut.action.kind === "go");
    expect(goes.every((shortcut) => shortcut.keys.length === 2 && !shortcut.together)).toBe(true);
  });

  it("show help with ? and fold the sidebar with [", () => {
    const read = createShortcutReader(shortcuts);
    expect(read(press("?"))).toEqual({ kind: "help" });
    expect(read(press("["))).toEqual({ kind: "sidebar" });
  });

  it("stay out of the way while typing in a field", () => {
    const read = createShortcutReader(shortcuts);
    for (const tagName of ["INPUT", "TEXTAREA", "SELECT"]) {
      expect(read(press("?", { target: { tagName } }))).toBeNull();
    }
    expect(read(press("?", { target: { isContentEditable: true } }))).toBeNull();
  });
});
