import { describe, expect, it } from "vitest";
import { enhancementOf, forcedColorMode, shouldHydrate } from "./route-handle.ts";

describe("shouldHydrate", () => {
  it("hydrates when no route says otherwise", () => {
    expect(shouldHydrate([])).toBe(true);
    expect(shouldHydrate([{ handle: undefined }, { handle: { hydrate: true } }, { handle: "not an object" }])).toBe(
      true,
    );
  });

  it("does not hydrate when any matched route sets hydrate: false", () => {
    expect(shouldHydrate([{ handle: { hydrate: true } }, { handle: { hydrate: false } }])).toBe(false);
    expect(shouldHydrate([{ handle: { hydrate: false } }, { handle: {} }])).toBe(false);
  });
});

describe("enhancementOf", () => {
  it("is the site's module unless a route names another", () => {
    expect(enhancementOf([])).toBe("site");
    expect(enhancementOf([{ handle: { hydrate: false } }, { handle: "not an object" }])).toBe("site");
  });

  it("takes the deepest route's choice", () => {
    expect(enhancementOf([{ handle: { enhance: "site" } }, { handle: { enhance: "docs" } }])).toBe("docs");
    expect(enhancementOf([{ handle: { enhance: "docs" } }, { handle: {} }])).toBe("docs");
  });
});

describe("forcedColorMode", () => {
  it("is undefined when no route forces a mode", () => {
    expect(forcedColorMode([])).toBeUndefined();
    expect(forcedColorMode([{ handle: {} }, { handle: null, loaderData: { page: {} } }])).toBeUndefined();
  });

  it("reads a route handle's colorMode", () => {
    expect(forcedColorMode([{ handle: {} }, { handle: { colorMode: "dark" } }])).toBe("dark");
  });

  it("reads forcedColorMode from a route's loader data", () => {
    expect(forcedColorMode([{ handle: {} }, { loaderData: { forcedColorMode: "light" } }])).toBe("light");
  });

  it("the deepest route that forces a mode wins", () => {
    expect(forcedColorMode([{ handle: { colorMode: "dark" } }, { handle: { colorMode: "light" } }])).toBe("light");
    expect(forcedColorMode([{ loaderData: { forcedColorMode: "light" } }, { handle: { colorMode: "dark" } }])).toBe(
      "dark",
    );
    expect(forcedColorMode([{ handle: { colorMode: "light" } }, { loaderData: { forcedColorMode: "dark" } }])).toBe(
      "dark",
    );
  });

  it("a deeper route that forces nothing leaves a parent's mode in place", () => {
    expect(
      forcedColorMode([{ handle: { colorMode: "dark" } }, { handle: {}, loaderData: { forcedColorMode: undefined } }]),
    ).toBe("dark");
  });

  it("on one route, loader data takes precedence over the handle", () => {
    expect(forcedColorMode([{ handle: { colorMode: "dark" }, loaderData: { forcedColorMode: "light" } }])).toBe(
      "light",
    );
  });

  it("passes 'system' through so the head script can warn about it", () => {
    expect(forcedColorMode([{ handle: { colorMode: "system" } }])).toBe("system");
  });

  it("does not reorder the matches it is given", () => {
    const matches = [{ handle: { colorMode: "dark" } }, { handle: { colorMode: "light" } }];
    forcedColorMode(matches);
    expect(matches.map((match) => match.handle.colorMode)).toEqual(["dark", "light"]);
  });
});
