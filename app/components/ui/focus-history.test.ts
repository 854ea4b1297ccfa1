import { describe, expect, it } from "vitest";
import { createFocusHistory, focusHistoryLimit, type FocusTarget } from "./focus-history.ts";

type FakeElement = FocusTarget & { name: string; isConnected: boolean; enabled: boolean };

function page() {
  const focused: string[] = [];
  const element = (name: string): FakeElement => ({
    name,
    isConnected: true,
    enabled: true,
    focus: () => focused.push(name),
  });
  const history = createFocusHistory<FakeElement>({ canFocus: (target) => target.enabled });
  return { history, element, focused, names: () => history.entries().map((entry) => entry.name) };
}

describe("focus history", () => {
  it("keeps the 10 most recent elements, each once, newest last", () => {
    expect(focusHistoryLimit).toBe(10);
    const { history, element, names } = page();
    const elements = Array.from({ length: 12 }, (_, index) => element(`e${index + 1}`));
    for (const target of elements) history.remember(target);
    expect(names()).toEqual(["e3", "e4", "e5", "e6", "e7", "e8", "e9", "e10", "e11", "e12"]);
    history.remember(elements[4] as FakeElement);
    expect(names()).toEqual(["e3", "e4", "e6", "e7", "e8", "e9", "e10", "e11", "e12", "e5"]);
  });

  it("returns to the opener, and forgets what was focused inside the dialog", () => {
    const { history, element, focused, names } = page();
    const search = element("search");
    const opener = element("row button");
    history.remember(search);
    history.remember(opener);
    const before = history.snapshot();
    history.remember(element("dialog field"));
    history.remember(element("dialog save"));
    expect(history.returnTo(before)).toBe(opener);
    expect(focused).toEqual(["row button"]);
    expect(names()).toEqual(["search", "row button"]);
  });

  it("walks back past an opener that has gone or cannot take focus, to the newest one that can", () => {
    const { history, element, focused } = page();
    const filter = element("filter");
    const invite = element("invite button");
    const opener = element("row button");
    for (const target of [filter, invite, opener]) history.remember(target);
    const before = history.snapshot();
    opener.isConnected = false; // the row was deleted by the dialog's work
    invite.enabled = false;
    expect(history.returnTo(before)?.name).toBe("filter");
    expect(focused).toEqual(["filter"]);
  });

  it("goes back through up to 10 elements and no further", () => {
    const { history, element } = page();
    const elements = Array.from({ length: 11 }, (_, index) => element(`e${index + 1}`));
    for (const target of elements) history.remember(target);
    const before = history.snapshot();
    // Every remembered element has gone; the 11th back (e1) was never kept.
    for (const target of elements.slice(1)) target.isConnected = false;
    expect(history.returnTo(before)).toBeNull();
    expect(history.entries()).toEqual([]);
  });

  it("nested dialogs return one level at a time", () => {
    const { history, element, focused } = page();
    const opener = element("open settings");
    history.remember(opener);
    const outer = history.snapshot();
    const inner = element("delete in settings");
    history.remember(inner);
    const innerBefore = history.snapshot();
    history.remember(element("confirm"));
    expect(history.returnTo(innerBefore)).toBe(inner);
    expect(history.returnTo(outer)).toBe(opener);
    expect(focused).toEqual(["delete in settings", "open settings"]);
  });
});
