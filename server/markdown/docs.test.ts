import { describe, expect, it } from "vitest";
import { docPathOfLink, mediaIdsIn, renderDoc, type DocImage } from "./docs.ts";
import { showImages } from "./image-slots.ts";

const imageId = "0b0e3c1a-5d2f-4c3b-9a11-2f6e8d7c9b10";
const fileId = "1c1f4d2b-6e3a-4d4c-8b22-3a7f9e8d0c21";

const image: DocImage = {
  src: `/media/${imageId}/abc/original`,
  width: 1600,
  height: 900,
  alt: "The foot plate, from the library",
  sizes: [
    { width: 640, avif: `/media/${imageId}/abc/w640.avif`, webp: `/media/${imageId}/abc/w640.webp` },
    { width: 1280, avif: `/media/${imageId}/abc/w1280.avif`, webp: `/media/${imageId}/abc/w1280.webp` },
  ],
};

describe("renderDoc", () => {
  it("keeps what each render gathers to itself when renders run at the same time", async () => {
    const pages = Array.from({ length: 6 }, (_, n) => `## Part ${n}\n\nSee [page ${n}](/docs/page-${n}).\n`);
    const rendered = await Promise.all(pages.map((page) => renderDoc(page)));
    rendered.forEach((doc, n) => {
      expect(doc.headings).toEqual([{ id: `user-content-part-${n}`, text: `Part ${n}`, depth: 2 }]);
      expect(doc.docLinks).toEqual([`page-${n}`]);
      expect(doc.text).toBe(`Part ${n}\nSee page ${n}.`);
    });
  });

  it("renders GitHub-flavoured markdown: tables, task lists and footnotes whose links work", async () => {
    const { html } = await renderDoc(
      [
        "| Step | Check |",
        "| --- | --- |",
        "| 1 | Power |",
        "",
        "- [ ] Phantom scanned",
        "",
        "Done[^qc].",
        "",
        "[^qc]: Daily.",
      ].join("\n"),
    );
    expect(html).toContain("<table>");
    // A task's checkbox is named by its item's words, for screen readers.
    expect(html).toContain('<input type="checkbox" disabled aria-label="Phantom scanned">');
    const reference = /<a href="#([^"]+)" id="([^"]+)" data-footnote-ref/.exec(html);
    expect(reference, html).not.toBeNull();
    // The reference leads to the note, and the note's back link to the reference.
    expect(html).toContain(`<li id="${reference?.[1]}">`);
    expect(html).toContain(`href="#${reference?.[2]}"`);
  });

  it("gives headings anchors and lists h2 and h3 as the table of contents, footnotes left out", async () => {
    const rendered = await renderDoc(
      "## Before you start\n\n### Tools\n\n#### Small\n\n## Before you start\n\nx[^1]\n\n[^1]: y",
    );
    expect(rendered.headings).toEqual([
      { id: "user-content-before-you-start", text: "Before you start", depth: 2 },
      { id: "user-content-tools", text: "Tools", depth: 3 },
      { id: "user-content-before-you-start-1", text: "Before you start", depth: 2 },
    ]);
    expect(rendered.html).toContain(
      '<h2 id="user-content-before-you-start">Before you start<a class="anchor" aria-hidden="true" tabindex="-1" href="#user-content-before-you-start">#</a></h2>',
    );
  });

  it("colours code on the server with classes, never style attributes, and keeps unknown languages as text", async () => {
    const { html } = await renderDoc("```bash\nsha256sum densara.pkg # check\n```\n\n```klingon\nqapla'\n```");
    expect(html).toContain('<pre class="code" tabindex="0" data-language="bash">');
    expect(html).toContain('<span class="tok-function">sha256sum</span>');
    expect(html).toContain('<span class="tok-comment"> # check</span>');
    expect(html).toContain('data-language="klingon"><code><span class="line"><span>qapla\'</span>');
    expect(html).not.toMatch(/style=/);
  });

  it("colours code the same way every time, and leaves a line too long to colour as it is", async () => {
    const long = `echo ${"x".repeat(2100)}`;
    const { html } = await renderDoc(`\`\`\`bash\n${long}\nsha256sum densara.pkg # check\n\`\`\``);
    expect(html).toContain(`<span class="line"><span>${long}</span></span>`);
    expect(html).toContain(
      '<span class="tok-function">sha256sum</span><span class="tok-string"> densara.pkg</span><span class="tok-comment"> # check</span>',
    );
  });

  it("turns GitHub alerts into callouts a screen reader announces", async () => {
    const { html } = await renderDoc(
      "> [!WARNING]\n> Switch the scanner off first.\n\n> [!TIP] Wipe from the top.\n\n> Just a quote.",
    );
    expect(html).toContain(
      '<div class="callout callout-warning" role="note"><p class="callout-title">Warning</p>\n<p>Switch the scanner off first.</p>',
    );
    expect(html).toContain('<div class="callout callout-tip" role="note"><p class="callout-title">Tip</p>');
    expect(html).toContain("Wipe from the top.");
    expect(html).toContain("<blockquote>\n<p>Just a quote.</p>");
  });

  it("a writer cannot make a callout or a code colour of their own: classes they write are dropped", async () => {
    const { html } = await renderDoc('<div class="callout callout-warning">x</div>\n\n[a](/docs "t"){.tok-keyword}');
    expect(html).not.toMatch(/class="[^"]*callout/);
    expect(html).not.toMatch(/class="[^"]*tok-/);
  });

  it("shows library images as responsive pictures with their size, and any other image as its alt text", async () => {
    const rendered = await renderDoc(
      `![](/media/${imageId})\n\n![Pixel](https://tracker.example/p.png)\n\n![Gone](/media/${fileId})`,
    );
    const html = showImages(rendered.html, rendered.images, new Map([[imageId, image]]));
    expect(html).toContain(
      `<picture><source type="image/avif" srcset="/media/${imageId}/abc/w640.avif 640w, /media/${imageId}/abc/w1280.avif 1280w"`,
    );
    expect(html).toContain(
      `<img src="/media/${imageId}/abc/original" alt="The foot plate, from the library" width="1600" height="900" loading="lazy" decoding="async">`,
    );
    expect(html).not.toContain("tracker.example");
    expect(html).not.toContain(fileId);
    expect(html).toContain('<p><span class="doc-image-missing">Pixel</span></p>');
    expect(html).toContain('<p><span class="doc-image-missing">Gone</span></p>');
    // The page names every library file it shows; whether the library still has it is known when served.
    expect(rendered.mediaIds).toEqual([imageId, fileId]);
  });

  it("collects the docs and files a page links to", async () => {
    const rendered = await renderDoc(
      `[a](/docs/calibration#x) [b](/docs) [c](/docs/v4/updates/) [d](/documents) [manual](/media/${fileId})`,
    );
    expect(rendered.docLinks).toEqual(["calibration", "", "v4/updates"]);
    expect(rendered.mediaIds).toEqual([fileId]);
  });

  it("gives the words for search without markup", async () => {
    const { text } = await renderDoc("## Calibrate\n\nPlace the **phantom** on the plate.");
    expect(text).toBe("Calibrate\nPlace the phantom on the plate.");
  });
});

describe("links and ids", () => {
  it.each([
    ["/docs", ""],
    ["/docs/", ""],
    ["/docs/a/b#c", "a/b"],
    ["/docs/a?x=1", "a"],
    ["/docsy", undefined],
    ["https://example.com/docs/a", undefined],
  ])("%s is the doc %j", (href, path) => {
    expect(docPathOfLink(href)).toBe(path);
  });

  it("finds the library's files a text names, once each", () => {
    expect(mediaIdsIn(`![x](/media/${imageId}) [y](/media/${imageId}) [z](/media/${fileId}/f/original)`)).toEqual([
      imageId,
      fileId,
    ]);
  });
});
