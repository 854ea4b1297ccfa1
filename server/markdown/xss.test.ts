import type { Root, RootContent } from "hast";
import { fromHtml } from "hast-util-from-html";
import { describe, expect, it, test } from "vitest";
import { mediaIdsIn, renderDoc, type DocImage } from "./docs.ts";
import { showImages } from "./image-slots.ts";
import { renderMarkdown } from "./render.ts";
import { xssCorpus } from "./xss-corpus.ts";
import { dangerIn } from "./xss-oracle.ts";

const mediaSrc = /^\/media\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Parses rendered HTML as a browser would. */
function parse(html: string): Root {
  return fromHtml(html, { fragment: true });
}

/** What a reader sees: the text of every node, in order. */
function textOf(html: string): string {
  const text = (nodes: readonly RootContent[]): string =>
    nodes
      .map((node) => (node.type === "text" ? node.value : node.type === "element" ? text(node.children) : ""))
      .join("");
  return text(parse(html).children);
}

/** Every element's properties, by tag name, in document order. */
function elementsOf(html: string, tagName: string): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const walk = (nodes: readonly RootContent[]) => {
    for (const node of nodes) {
      if (node.type !== "element") continue;
      if (node.tagName === tagName) found.push(node.properties);
      walk(node.children);
    }
  };
  walk(parse(html).children);
  return found;
}

function payload(name: string): string {
  const found = xssCorpus.find((p) => p.name === name);
  if (!found) throw new Error(`No payload named ${name}`);
  return found.markdown;
}

describe("dangerIn", () => {
  it.each([
    ["a script element", "<script>alert(1)</script>", /element <script>/],
    ["an event handler", "<img onerror=x>", /event handler onerror/],
    ["a javascript: link", '<a href="javascript:x">x</a>', /javascript: URL in href/],
    ["a javascript: link split by an entity tab, in mixed case", '<a href="JaVa&#x09;script:x">x</a>', /javascript:/],
    ["a javascript: link behind leading controls", '<a href="&#x01; \njavascript:x">x</a>', /javascript:/],
    ["a data: link", '<a href="data:text/html,x">x</a>', /data: URL in href/],
    ["a vbscript: link in upper case", '<a href="VBSCRIPT:x">x</a>', /vbscript: URL in href/],
    ["a blob: link", '<a href="blob:https://e.com/1">x</a>', /blob: URL in href/],
    ["an irc: image", '<img src="irc://e.com/x">', /irc: URL in src/],
    ["a data: candidate in a srcset", '<img srcset="/a.png 1x, data:image/svg+xml,x 2x">', /data: URL in srcset/],
    ["an svg element", "<svg></svg>", /element <svg>/],
    ["an svg xlink:href", '<svg><a xlink:href="#x"></a></svg>', /attribute xlink:href/],
    ["a style attribute", '<div style="x"></div>', /attribute style/],
    ["an id that clobbers", '<p id="location"></p>', /id="location"/],
    ["a name that clobbers", '<img name="cookie">', /name="cookie"/],
    ["a checkbox that is not disabled", '<input type="checkbox">', /element <input>/],
    ["a text input", '<input type="text" disabled>', /element <input>/],
    ["a script inside a template", "<template><script>x</script></template>", /element <script>/],
    ["a body onload that lands on the page's body", "<p>x</p><body onload=x>", /event handler onload=.* on <body>/],
    ["target=_blank without rel", '<a href="https://e.com" target="_blank">x</a>', /target=_blank/],
    ["target=_blank with only noreferrer", '<a href="https://e.com" target="_blank" rel="noreferrer">x</a>', /target/],
  ])("flags %s", (_what, html, finding) => {
    const findings = dangerIn(html);
    expect(findings).not.toEqual([]);
    expect(findings.join("\n")).toMatch(finding);
  });

  it.each([
    ["a relative link", '<a href="/docs/x">x</a>'],
    ["an https link", '<a href="https://e.com">x</a>'],
    ["a mailto link", '<a href="mailto:a@e.com">x</a>'],
    ["an upper-case mailto link", '<a href="MAILTO:A@E.COM">x</a>'],
    ["a link with another program's scheme", '<a href="irc://e.com:2233/x">x</a>'],
    ["a fragment link", '<a href="#fn-1">x</a>'],
    ["a GFM task list checkbox", '<input type="checkbox" disabled>'],
    ["a checked GFM task list checkbox", '<input type="checkbox" checked disabled>'],
    ["an id with the note prefix", '<p id="note-x">x</p>'],
    ["a media image", '<img src="/media/0b0e3c1a-5d2f-4c3b-9a11-2f6e8d7c9b10" alt="x">'],
    ["target=_blank with noopener", '<a href="https://e.com" target="_blank" rel="noopener noreferrer">x</a>'],
    ["markup-looking text", "<p>&lt;script&gt;javascript:alert(1)&lt;/script&gt;</p>"],
  ])("does not flag %s", (_what, html) => {
    expect(dangerIn(html)).toEqual([]);
  });

  it("takes the allowed id prefixes as a parameter (default note- and user-content-)", () => {
    expect(dangerIn('<p id="user-content-x">x</p>')).toEqual([]);
    expect(dangerIn('<p id="user-content-x">x</p>', { idPrefixes: ["note-"] })).toHaveLength(1);
    expect(dangerIn('<p id="note-x">x</p>', { idPrefixes: ["note-"] })).toEqual([]);
  });

  it("fails closed on HTML nested too deeply to parse", () => {
    expect(dangerIn("<div>".repeat(30_000))).toEqual([expect.stringMatching(/too deeply nested/)]);
  });

  it("reports one finding per problem", () => {
    expect(dangerIn('<script></script><img onerror=x onload=y style=z><a href="javascript:x">x</a>')).toHaveLength(5);
  });
});

/**
 * Both renderers of writers' markdown: release notes, and docs (which add heading anchors,
 * callouts and coloured code after sanitizing: those steps must not open a hole either).
 * Raw HTML is dropped, so the only ids are the footnotes' and, in docs, the headings' (prefixed alike).
 */
function libraryOf(markdown: string): Map<string, DocImage> {
  return new Map(
    mediaIdsIn(markdown).map((id) => [id, { src: `/media/${id}`, width: null, height: null, alt: null, sizes: [] }]),
  );
}

const renderers = [
  {
    name: "release notes",
    render: async (markdown: string) => (await renderMarkdown(markdown)).html,
    ids: { idPrefixes: ["user-content-", "footnote-label"] },
  },
  {
    name: "docs",
    // Every library image the payload names is in the library here, so images get through to be checked.
    render: async (markdown: string) => {
      const rendered = await renderDoc(markdown);
      return showImages(rendered.html, rendered.images, libraryOf(markdown));
    },
    ids: { idPrefixes: ["user-content-", "footnote-label"] },
  },
];

describe.each(renderers)("$name against the XSS corpus", ({ render, ids }) => {
  it("has at least 70 distinct payloads, each with its own name", () => {
    expect(xssCorpus.length).toBeGreaterThanOrEqual(70);
    expect(new Set(xssCorpus.map((p) => p.name)).size).toBe(xssCorpus.length);
    expect(new Set(xssCorpus.map((p) => p.markdown)).size).toBe(xssCorpus.length);
  });

  test.for(xssCorpus)("renders $name to nothing dangerous", async ({ markdown }) => {
    const html = await render(markdown);
    expect(dangerIn(html, ids), html).toEqual([]);
  });

  test.for(xssCorpus)("renders $name with images from the media library only", async ({ markdown }) => {
    const html = await render(markdown);
    const sources = elementsOf(html, "img").map((properties) => String(properties.src));
    expect(
      sources.filter((src) => !mediaSrc.test(src)),
      html,
    ).toEqual([]);
  });

  // The payloads above must not pass by deleting everything: what is harmless stays.
  it.each([
    ["entity: escaped script", "<script>alert(1)</script>"],
    ["entity: double-encoded", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    ["entity: backslash escapes", "<script>alert(1)</script>"],
    ["entity: hex img onerror", "<img src=x onerror=alert(1)>"],
    ["script: breaking out of a backtick fence", "</code></pre><script>alert(1)</script>"],
    ["script: breaking out of inline code", "</code><script>alert(1)</script>"],
    ["on*: onmouseover in inline html", "Some bold text"],
    ["js url: link", "x"],
    ["unicode: fullwidth brackets", "＜script＞alert(1)＜/script＞"],
    ["docs: alt text in a javascript link", "click me"],
    ["docs: table header with markup", "P/N 40-0021"],
  ])("keeps the harmless text of %s", async (name, text) => {
    const html = await render(payload(name));
    expect(textOf(html)).toContain(text);
  });

  it("keeps a link's text once its javascript: address is dropped", async () => {
    const html = await render(payload("js url: link"));
    expect(elementsOf(html, "a")).toEqual([{}]);
    expect(textOf(html)).toBe("x");
  });

  it("keeps an injected link title and image alt as inert attribute text", async () => {
    const link = { html: await render(payload("md: title injection")) };
    expect(elementsOf(link.html, "a")).toEqual([{ href: "https://example.com", title: "onmouseover=alert(1)" }]);
    const image = { html: await render(payload("md: alt breaking out")) };
    expect(elementsOf(image.html, "img")).toEqual([expect.objectContaining({ alt: '" onerror="alert(1)' })]);
  });

  it("keeps GFM's own structure around hostile content: footnotes and task lists", async () => {
    const footnote = { html: await render(payload("gfm: html in a footnote")) };
    expect(textOf(footnote.html)).toContain("Note");
    expect(elementsOf(footnote.html, "li")).toEqual([{ id: "user-content-fn-1" }]);
    const tasks = { html: await render(payload("gfm: task list with an input")) };
    expect(elementsOf(tasks.html, "input")).toHaveLength(2);
    expect(textOf(tasks.html)).toContain("done");
  });
});
