import { describe, expect, it } from "vitest";
import { renderMarkdown, renderPage } from "./render.ts";
import type { Page } from "./schema.ts";

describe("renderMarkdown", () => {
  it("renders paragraphs with inline emphasis", () => {
    expect(renderMarkdown("Hello **world** and _you_.\n\nSecond paragraph.")).toBe(
      "<p>Hello <strong>world</strong> and <em>you</em>.</p>\n<p>Second paragraph.</p>",
    );
  });

  it("renders bulleted and numbered lists", () => {
    expect(renderMarkdown("- one\n- two")).toBe("<ul>\n<li>one</li>\n<li>two</li>\n</ul>");
    expect(renderMarkdown("1. first\n2. second")).toBe("<ol>\n<li>first</li>\n<li>second</li>\n</ol>");
  });

  it("renders an internal link as a plain same-tab link", () => {
    expect(renderMarkdown("See [About us](/about).")).toBe('<p>See <a href="/about">About us</a>.</p>');
  });

  it("opens external https links in a new tab with rel=noopener noreferrer", () => {
    expect(renderMarkdown("[Partner](https://partner.example/page)")).toBe(
      '<p><a href="https://partner.example/page" target="_blank" rel="noopener noreferrer">Partner</a></p>',
    );
  });

  it("drops a target or rel an author put on an internal link", () => {
    const html = renderMarkdown('<a href="/about" target="_blank" rel="opener">About</a>');
    expect(html).toContain('<a href="/about">About</a>');
    expect(html).not.toContain("target");
    expect(html).not.toContain("rel=");
  });

  it("keeps mailto: links without opening a new tab", () => {
    expect(renderMarkdown("[Write](mailto:info@densara.example)")).toBe(
      '<p><a href="mailto:info@densara.example">Write</a></p>',
    );
  });

  it("strips <script> elements together with their content", () => {
    const html = renderMarkdown("Before\n\n<script>alert(1)</script>\n\nAfter");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("alert");
    expect(html).toContain("Before");
    expect(html).toContain("After");
  });

  it("strips event-handler attributes such as onerror and onclick", () => {
    const html = renderMarkdown('Text <strong onerror="alert(1)" onclick="alert(2)">bold</strong>');
    expect(html).toBe("<p>Text <strong>bold</strong></p>");
  });

  it("removes javascript: hrefs, whatever their case", () => {
    for (const markdown of ["[click](javascript:alert(1))", '<a href="JaVaScRiPt:alert(1)">click</a>']) {
      const html = renderMarkdown(markdown);
      expect(html.toLowerCase()).not.toContain("javascript:");
      expect(html).toContain("click");
    }
  });

  it("removes http:, protocol-relative and data: hrefs", () => {
    for (const markdown of ["[a](http://example.com)", "[a](//evil.example)", "[a](data:text/html,hi)"]) {
      expect(renderMarkdown(markdown)).toBe("<p><a>a</a></p>");
    }
  });

  it("strips raw <img> tags", () => {
    const html = renderMarkdown('Look: <img src="x" onerror="alert(1)">');
    expect(html).not.toContain("<img");
    expect(html).not.toContain("onerror");
  });

  it("strips markdown images too", () => {
    expect(renderMarkdown("![alt](https://example.com/x.png)")).not.toContain("<img");
  });
});

describe("renderPage", () => {
  const page: Page = {
    path: "/about",
    title: "About **us**",
    description: "A page description that is long enough to satisfy the fifty character minimum.",
    hero: { title: "Hero *title*", lead: "Lead *text*", actions: [] },
    sections: [
      { type: "prose", id: "intro", title: "Intro *title*", body: "Body **bold**" },
      {
        type: "faq",
        id: "faq",
        title: "Questions",
        items: [{ question: "Why *this*?", answer: "Because **that**." }],
      },
      {
        type: "research",
        id: "studies",
        title: "Studies",
        sample: true,
        items: [
          {
            title: "A *study*",
            summary: "Summary *one*",
            kind: "Validation study",
            status: "Planned",
            device: "v5",
            year: 2026,
          },
        ],
      },
    ],
    structuredData: [],
  };

  it("turns body, answer and summary strings into { __html } and leaves other strings alone", () => {
    const rendered = renderPage(page);
    expect(rendered.title).toBe("About **us**");
    expect(rendered.hero.title).toBe("Hero *title*");
    expect(rendered.hero.lead).toBe("Lead *text*");
    expect(rendered.sections[0]).toEqual({
      type: "prose",
      id: "intro",
      title: "Intro *title*",
      body: { __html: "<p>Body <strong>bold</strong></p>" },
    });
    expect(rendered.sections[1]).toMatchObject({
      title: "Questions",
      items: [{ question: "Why *this*?", answer: { __html: "<p>Because <strong>that</strong>.</p>" } }],
    });
    expect(rendered.sections[2]).toMatchObject({
      items: [
        {
          title: "A *study*",
          summary: { __html: "<p>Summary <em>one</em></p>" },
          year: 2026,
          kind: "Validation study",
        },
      ],
      sample: true,
    });
  });

  it("does not modify the page it renders", () => {
    const before = structuredClone(page);
    renderPage(page);
    expect(page).toEqual(before);
  });
});
