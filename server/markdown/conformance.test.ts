import { tests, type Example } from "commonmark-spec";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { beforeAll, describe, expect, it } from "vitest";
import { comparable, docsAdditions, imagesAsAltText } from "./commonmark-normalize.ts";
import { renderDoc } from "./docs.ts";

/**
 * CommonMark 0.31.2's examples, through the docs renderer and through plain remark (the
 * same parser with GFM, no sanitizing and no trusted steps), each compared with the spec's
 * HTML as commonmark-normalize.ts describes. Only the examples without raw HTML count:
 * docs drop raw HTML on purpose. (GFM itself costs plain remark five Autolinks examples:
 * it links bare `https://…` and addresses, which CommonMark leaves as text.)
 */

const parser = unified().use(remarkParse);
const plain = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeStringify);

/** Raw HTML as the parser finds it: an `html` node anywhere in the tree. */
function hasRawHtml(markdown: string): boolean {
  let found = false;
  visit(parser.parse(markdown), "html", () => {
    found = true;
    return false;
  });
  return found;
}

// The spec shows a tab as "→"; its own test runner puts the tab back.
const examples: Example[] = tests
  .map((example) => ({
    ...example,
    markdown: example.markdown.replaceAll("→", "\t"),
    html: example.html.replaceAll("→", "\t"),
  }))
  .filter((example) => !hasRawHtml(example.markdown));

type Outcome = { example: Example; docs: boolean; plain: boolean; got: string; want: string };
const outcomes: Outcome[] = [];

type Tally = { examples: number; docs: number; plain: number };

function tally(section?: string): Tally {
  const counted = outcomes.filter((outcome) => section === undefined || outcome.example.section === section);
  return {
    examples: counted.length,
    docs: counted.filter((outcome) => outcome.docs).length,
    plain: counted.filter((outcome) => outcome.plain).length,
  };
}

beforeAll(async () => {
  for (const example of examples) {
    const want = comparable(example.html, imagesAsAltText);
    const got = comparable((await renderDoc(example.markdown)).html, docsAdditions);
    const plainHtml = comparable(String(plain.processSync(example.markdown)));
    outcomes.push({ example, docs: got === want, plain: plainHtml === comparable(example.html), got, want });
  }
  const sections = [...new Set(examples.map((example) => example.section))];
  const row = (name: string, ...counts: (string | number)[]) =>
    `${name.padEnd(40)}${counts.map((count) => String(count).padStart(9)).join("")}`;
  const rows = [...sections, undefined].map((section) => {
    const { examples: count, docs, plain: passed } = tally(section);
    return row(section ?? "All", count, docs, passed);
  });
  console.info([row("CommonMark 0.31.2, no raw HTML", "examples", "docs", "remark"), ...rows].join("\n"));
}, 120_000);

describe("CommonMark conformance of the docs renderer", () => {
  it("takes the 580 examples that have no raw HTML", () => {
    expect(examples).toHaveLength(580);
  });

  it.each(["Links", "Autolinks", "Images"])("passes as many %s examples as plain remark", (section) => {
    const { docs, plain: passed } = tally(section);
    const lost = outcomes.filter((outcome) => outcome.example.section === section && outcome.plain && !outcome.docs);
    expect(
      lost.map(({ example, got, want }) => `#${example.number}\n  got  ${got}\n  want ${want}`),
      `${section}: docs ${docs}, plain remark ${passed}`,
    ).toEqual([]);
    expect(docs).toBeGreaterThanOrEqual(passed);
  });

  it("loses no example plain remark passes, in any section", () => {
    const lost = outcomes.filter((outcome) => outcome.plain && !outcome.docs).map(({ example }) => example.number);
    expect(lost).toEqual([]);
  });
});
