import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// The app keeps its own copies of the server's lists (it cannot import server code); this
// test alone reads both, so a language or callout added on one side fails here until the
// other has it too. Nothing the app builds imports these.
// eslint-disable-next-line no-restricted-imports -- a test holding the app's copy against the server's list
import { calloutKinds as serverCallouts } from "../../../../server/markdown/callouts.ts";
// eslint-disable-next-line no-restricted-imports -- a test holding the app's copy against the server's list
import { languageOf } from "../../../../server/markdown/highlight.ts";
import { calloutKinds, codeLanguages } from "./tools.ts";

/** The grammars the server's highlighter loads, read from its source (the list is not exported). */
function serverLanguages(): string[] {
  const source = readFileSync(new URL("../../../../server/markdown/highlight.ts", import.meta.url), "utf8");
  return [...source.matchAll(/import\("@shikijs\/langs\/([a-z0-9-]+)"\)/g)].map((match) => match[1] ?? "");
}

describe("the editor's menus follow the server's renderer", () => {
  it("offers every language the server colours, by its own name, and plain text", () => {
    const offered = codeLanguages.map((language) => language.fence);
    const coloured = serverLanguages();
    expect(coloured.length).toBeGreaterThan(5);
    expect(offered.filter((fence) => fence !== "text").sort()).toEqual([...coloured].sort());
    for (const fence of coloured) expect(languageOf(fence)).toBe(fence);
    expect(languageOf("text")).toBeUndefined();
  });

  it("offers every callout the server renders, in its words", () => {
    expect(Object.fromEntries(calloutKinds.map(({ kind, label }) => [kind, label]))).toEqual(serverCallouts);
  });
});
