import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./render.ts";

const id = "0b0e3c1a-5d2f-4c3b-9a11-2f6e8d7c9b10";

describe("renderMarkdown", () => {
  it("renders GitHub-flavoured markdown: headings, lists, tables, task lists, code and links", async () => {
    const { html } = await renderMarkdown(
      [
        "## Fixed",
        "",
        "- The scan no longer stops at 98% on a cold start.",
        "- [x] Calibration kept across updates",
        "",
        "| Model | From |",
        "| ----- | ---- |",
        "| v5    | 5.2.0 |",
        "",
        "Run `densara-update --check` first. See [the manual](https://support.example/v5).",
      ].join("\n"),
    );
    expect(html).toContain("<h2>Fixed</h2>");
    expect(html).toContain("<li>The scan no longer stops at 98% on a cold start.</li>");
    expect(html).toContain('<input type="checkbox" checked disabled>');
    expect(html).toContain("<table>");
    expect(html).toContain("<code>densara-update --check</code>");
    expect(html).toContain('<a href="https://support.example/v5">the manual</a>');
  });

  it.each([
    ["a script tag", "<script>alert(1)</script>", /<script/i],
    ["an event handler", '<img src="/media/x" onerror="alert(1)">', /onerror/i],
    ["a javascript: link", "[click](javascript:alert(1))", /javascript:/i],
    ["a data: link", "[x](data:text/html;base64,PHNjcmlwdD4=)", /data:/i],
    ["an iframe", '<iframe src="https://evil.example"></iframe>', /<iframe/i],
    ["a style attribute", '<p style="position:fixed">x</p>', /style=/i],
    ["a form", '<form action="https://evil.example"><input name="password"></form>', /<form/i],
  ])("never lets %s through", async (_what, markdown, forbidden) => {
    expect((await renderMarkdown(markdown)).html).not.toMatch(forbidden);
  });

  it("keeps links whose scheme is written in capitals, and drops script schemes in any case", async () => {
    const { html } = await renderMarkdown("[a](HTTPS://example.com) <MAILTO:FOO@BAR.BAZ> [b](JavaScript:alert(1))");
    expect(html).toBe(
      '<p><a href="HTTPS://example.com">a</a> <a href="MAILTO:FOO@BAR.BAZ">MAILTO:FOO@BAR.BAZ</a> <a>b</a></p>',
    );
  });

  it("keeps images from the media library, lazily loaded, and shows any other as its alt text", async () => {
    const rendered = await renderMarkdown(
      `![The v5 foot plate](/media/${id})\n\n![tracker](https://tracker.example/pixel.png)\n\n![local](/assets/logo.png)`,
    );
    expect(rendered.html).toContain(`<img src="/media/${id}" alt="The v5 foot plate" loading="lazy" decoding="async">`);
    expect(rendered.html).not.toContain("tracker.example");
    expect(rendered.html).not.toContain("/assets/logo.png");
    expect(rendered.html).toContain('<p><span class="doc-image-missing">tracker</span></p>');
    expect(rendered.html).toContain('<p><span class="doc-image-missing">local</span></p>');
    expect(rendered.mediaIds).toEqual([id]);
  });
});
