import { describe, expect, it } from "vitest";
import { isSearchShortcut } from "./search-trigger.ts";

const key = (k: string, modifiers: Partial<Record<"metaKey" | "ctrlKey" | "altKey" | "shiftKey", boolean>> = {}) => ({
  key: k,
  metaKey: false,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  ...modifiers,
});

describe("isSearchShortcut", () => {
  it.each([
    ["Ctrl+k", key("k", { ctrlKey: true })],
    ["Ctrl+K", key("K", { ctrlKey: true })],
    ["Meta+k", key("k", { metaKey: true })],
    ["Meta+K", key("K", { metaKey: true })],
  ])("opens search on %s", (_name, event) => {
    expect(isSearchShortcut(event)).toBe(true);
  });

  it.each([
    ["k alone", key("k")],
    ["K alone", key("K")],
    ["Ctrl+Shift+K", key("K", { ctrlKey: true, shiftKey: true })],
    ["Alt+Ctrl+K", key("k", { ctrlKey: true, altKey: true })],
    ["Alt+Meta+K", key("k", { metaKey: true, altKey: true })],
    ["Ctrl+J", key("j", { ctrlKey: true })],
    ["Shift+K", key("K", { shiftKey: true })],
  ])("does not open search on %s", (_name, event) => {
    expect(isSearchShortcut(event)).toBe(false);
  });
});
