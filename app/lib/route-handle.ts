import type { ColorMode } from "./color-mode.ts";

/** What a route module can declare about the document around it. */
export type RouteHandle = {
  /** Public pages set this to false: they are prerendered HTML and ship no React runtime. */
  hydrate?: boolean;
  /** The enhancement module a non-hydrated page loads (app/enhance/<name>.ts); "site" unless named. */
  enhance?: EnhanceName;
  /** Forces a colour mode on the page ("system" is refused with a console warning). */
  colorMode?: ColorMode | "system";
};

export type EnhanceName = "site" | "docs" | "forms" | "locations";

type MatchLike = { handle?: unknown; loaderData?: unknown };

function handleOf(match: MatchLike): RouteHandle {
  return typeof match.handle === "object" && match.handle !== null ? match.handle : {};
}

export function shouldHydrate(matches: readonly MatchLike[]): boolean {
  return !matches.some((match) => handleOf(match).hydrate === false);
}

/** The deepest route's enhancement module. */
export function enhancementOf(matches: readonly MatchLike[]): EnhanceName {
  for (const match of [...matches].reverse()) {
    const name = handleOf(match).enhance;
    if (name) return name;
  }
  return "site";
}

/** The deepest route's forced mode, from its handle or from its content (`forcedColorMode` in loader data). */
export function forcedColorMode(matches: readonly MatchLike[]): string | undefined {
  for (const match of [...matches].reverse()) {
    const data = match.loaderData;
    if (typeof data === "object" && data !== null && "forcedColorMode" in data) {
      const mode = (data as { forcedColorMode?: unknown }).forcedColorMode;
      if (typeof mode === "string") return mode;
    }
    const fromHandle = handleOf(match).colorMode;
    if (fromHandle) return fromHandle;
  }
  return undefined;
}
