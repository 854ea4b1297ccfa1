import { fromHtml } from "hast-util-from-html";
import { visit } from "unist-util-visit";
import { describe, expect, it } from "vitest";
import { renderDoc } from "./docs.ts";

/**
 * The ids the reader's page (app/components/docs/docs-frame.tsx, app/routes/docs/page.tsx,
 * the default layout's header and footer, the consent banner app/enhance/consent.ts adds)
 * and the editor's (app/layouts/docs.tsx, its preview and title) give their own elements.
 * A doc's heading must never take one.
 */
const chromeIds = [
  "main",
  "consent-title",
  "toc-heading",
  "doc-children",
  "footer-about",
  "footer-health",
  "footer-company",
  "footer-resources",
  "color-mode-menu",
  "color-mode-label",
  "mobile-panel",
  "preview-heading",
  "doc-title",
  "doc-title-error",
  "doc-body-error",
  "conflict-heading",
];

/** Every element's id and every link's href, in document order. */
function idsAndLinks(html: string) {
  const ids: string[] = [];
  const headingIds: string[] = [];
  const hrefs: string[] = [];
  visit(fromHtml(html, { fragment: true }), "element", (node) => {
    const { id, href } = node.properties;
    if (typeof id === "string") ids.push(id);
    if (typeof id === "string" && /^h[1-6]$/.test(node.tagName)) headingIds.push(id);
    if (typeof href === "string") hrefs.push(href);
  });
  return { ids, headingIds, hrefs };
}

const asHeading = (name: string) => `## ${name.replaceAll("-", " ")}`;

describe("heading ids", () => {
  it("are prefixed and unique, so a heading named like the page's own ids or the footnotes' takes none of them", async () => {
    const markdown = [
      ...chromeIds.map(asHeading),
      "## TOC heading",
      "## Footnote label",
      "## Content",
      "## Docs nav",
      "## Fn 1",
      "## Fnref 1",
      "Noted.[^1]",
      "[^1]: The note.",
    ].join("\n\n");
    const rendered = await renderDoc(markdown);
    const { ids, headingIds: all } = idsAndLinks(rendered.html);
    // The footnotes' own heading (remark-rehype's, for screen readers) keeps its fixed id.
    const headingIds = all.filter((id) => id !== "footnote-label");
    expect(headingIds).toHaveLength(chromeIds.length + 6);
    for (const id of headingIds) expect(id).toMatch(/^user-content-/);
    expect(new Set(ids).size, ids.join(" ")).toBe(ids.length);
    expect(ids.filter((id) => chromeIds.includes(id))).toEqual([]);
    // The footnotes keep theirs, and their links still meet.
    expect(ids).toEqual(expect.arrayContaining(["footnote-label", "user-content-fn-1", "user-content-fnref-1"]));
    expect(headingIds).toEqual(expect.arrayContaining(["user-content-fn-1-1", "user-content-fnref-1-1"]));
  });

  it("are what the contents and the anchors link to", async () => {
    const rendered = await renderDoc("## Setup\n\n### Tools\n\n## Setup\n\n#### Small");
    const { ids, hrefs } = idsAndLinks(rendered.html);
    expect(rendered.headings.map((heading) => heading.id)).toEqual([
      "user-content-setup",
      "user-content-tools",
      "user-content-setup-1",
    ]);
    for (const heading of rendered.headings) expect(ids).toContain(heading.id);
    expect(hrefs).toEqual([
      "#user-content-setup",
      "#user-content-tools",
      "#user-content-setup-1",
      "#user-content-small",
    ]);
  });

  it("leads a link to `#setup` to the heading, and leaves other fragments as written", async () => {
    const rendered = await renderDoc(
      [
        "## Setup",
        "",
        "[see](#setup) [again](#user-content-setup) [nowhere](#teardown) [top](#) [note](#user-content-fn-1)",
        "",
        "[other doc](/docs/calibration#if-the-check-fails) [other, prefixed](/docs/a#user-content-b) [site](/about#team)",
        "",
        "## Über uns",
        "",
        "[über](#%C3%BCber-uns)",
      ].join("\n"),
    );
    expect(idsAndLinks(rendered.html).hrefs).toEqual([
      "#user-content-setup",
      "#user-content-setup",
      "#user-content-setup",
      "#teardown",
      "#",
      "#user-content-fn-1",
      "/docs/calibration#user-content-if-the-check-fails",
      "/docs/a#user-content-b",
      "/about#team",
      "#user-content-über-uns",
      "#user-content-über-uns",
    ]);
  });

  it("gives an empty heading no id, no anchor and no place in the contents, and tells the writer", async () => {
    const rendered = await renderDoc("# Title\n\n##\n\nText.\n\n### \n\n## Real");
    expect(rendered.headings).toEqual([{ id: "user-content-real", text: "Real", depth: 2 }]);
    expect(rendered.html).toContain("<h2></h2>");
    expect(rendered.html).toContain("<h3></h3>");
    expect(rendered.problems).toEqual([
      { kind: "emptyHeading", line: 3, message: "Line 3: a heading with no words. Write it, or remove the # marks." },
      { kind: "emptyHeading", line: 7, message: "Line 7: a heading with no words. Write it, or remove the # marks." },
    ]);
  });
});
