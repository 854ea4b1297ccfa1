import { describe, expect, it } from "vitest";
import { renderDoc, type DocImage } from "./docs.ts";
import { imagesGone, showImages } from "./image-slots.ts";
import { renderMarkdown } from "./render.ts";

const imageId = "0b0e3c1a-5d2f-4c3b-9a11-2f6e8d7c9b10";
const goneId = "1c1f4d2b-6e3a-4d4c-8b22-3a7f9e8d0c21";
const library = new Map<string, DocImage>([
  [imageId, { src: `/media/${imageId}`, width: null, height: null, alt: null, sizes: [] }],
]);

describe("images outside the media library", () => {
  it("show their alt text in place, and a link around one keeps it as its name", async () => {
    const rendered = await renderDoc(
      [
        "![The foot plate](https://tracker.example/p.png)",
        "",
        "[![Wiring diagram](https://cdn.example/w.png)](https://cdn.example/w.pdf)",
        "",
        `![Old photo](/media/${goneId}) ![](https://tracker.example/blank.png) ![Kept](/media/${imageId})`,
      ].join("\n"),
    );
    const html = showImages(rendered.html, rendered.images, library);
    expect(html).toContain('<p><span class="doc-image-missing">The foot plate</span></p>');
    expect(html).toContain(
      '<a href="https://cdn.example/w.pdf"><span class="doc-image-missing">Wiring diagram</span></a>',
    );
    expect(html).toContain(
      `<span class="doc-image-missing">Old photo</span>  <img src="/media/${imageId}" alt="Kept" loading="lazy" decoding="async">`,
    );
    expect(html).not.toMatch(/tracker\.example|cdn\.example\/w\.png/);
    // An image the library no longer has is known when the page is served (or previewed), not when it is rendered.
    expect(imagesGone(rendered.images, library)).toEqual([
      {
        kind: "outsideImage",
        line: 5,
        message:
          "Line 5: the image “Old photo” is no longer in the media library, so readers see only its alt text. Insert it again from the library.",
      },
    ]);
    expect(rendered.problems).toEqual([
      {
        kind: "outsideImage",
        line: 1,
        message:
          "Line 1: the image “The foot plate” is not from the media library, so readers see only its alt text. Insert it from the library.",
      },
      expect.objectContaining({ kind: "outsideImage", line: 3 }),
      {
        kind: "outsideImage",
        line: 5,
        message:
          "Line 5: an image with no alt text is not from the media library, so readers see nothing of it. Insert it from the library.",
      },
    ]);
  });

  it("are shown as their alt text in release notes too, and never loaded from any scheme", async () => {
    const { html } = await renderMarkdown(
      "![Chart](HTTPS://evil.example/c.png) ![x](JAVASCRIPT:alert(1)) ![y](//evil.example/y.png)",
    );
    expect(html).toBe(
      '<p><span class="doc-image-missing">Chart</span> <span class="doc-image-missing">x</span> <span class="doc-image-missing">y</span></p>',
    );
  });
});

describe("links", () => {
  it("keep a scheme written in capitals or another program's, and never a script's, in any disguise", async () => {
    const { html } = await renderDoc(
      "[a](HTTPS://example.com) <MAILTO:FOO@BAR.BAZ> <irc://foo.bar:2233/baz> [b](JAVA&#x09;SCRIPT:alert(1)) [c](<\u0001 data:text/html,x>)",
    );
    expect(html).toBe(
      '<p><a href="HTTPS://example.com">a</a> <a href="MAILTO:FOO@BAR.BAZ">MAILTO:FOO@BAR.BAZ</a> <a href="irc://foo.bar:2233/baz">irc://foo.bar:2233/baz</a> <a>b</a> <a>c</a></p>',
    );
  });
});

describe("empty list items", () => {
  it("are problems the writer is told of, by line, with words they can act on", async () => {
    const rendered = await renderDoc(
      [
        "- One",
        "-",
        "- [ ]",
        "- [x] Done",
        "",
        "1. First",
        "2.",
        "",
        "- [ ] Real task",
        "-   ![Alt](https://e.example/a.png)",
      ].join("\n"),
    );
    expect(rendered.problems.filter((problem) => problem.kind === "emptyListItem")).toEqual([
      { kind: "emptyListItem", line: 2, message: "Line 2: a list item with no words. Write it, or remove the line." },
      {
        kind: "emptyListItem",
        line: 3,
        message: "Line 3: a task with no words after its box. Write it, or remove the line.",
      },
      { kind: "emptyListItem", line: 7, message: "Line 7: a list item with no words. Write it, or remove the line." },
    ]);
  });

  it("are no problem in a clean doc, whose problems are then none", async () => {
    expect((await renderDoc("# Title\n\n- a\n  - b\n\n## Part\n\nText.")).problems).toEqual([]);
  });
});

const errorTable = [
  "Codes and what to do.",
  "",
  "| Code | Message | Part |",
  "| :--- | :-----: | ---: |",
  "| E-104 | Foot-plate sensor not ready: see E-1xx | P/N 40-0021 |",
  "| E-119 | Wi-Fi lost on 2026-11-24 | DXA-5-220 |",
].join("\n");

describe("tables", () => {
  it("align cells with classes, not the obsolete align attribute", async () => {
    const { html } = await renderDoc(errorTable);
    expect(html).toContain('<th class="align-left">Code</th>');
    expect(html).toContain('<th class="align-center">Message</th>');
    expect(html).toContain('<td class="align-right">');
    expect(html).not.toMatch(/ align=/);
    const notes = await renderMarkdown(errorTable);
    expect(notes.html).toContain('<th class="align-center">Message</th>');
    expect(notes.html).not.toMatch(/ align=/);
  });

  it("keep codes and part numbers whole, without changing the words a reader copies", async () => {
    const { html, text } = await renderDoc(errorTable);
    for (const code of ["E-104", "E-1xx", "P/N 40-0021", "E-119", "2026-11-24", "DXA-5-220"]) {
      expect(html).toContain(`<span class="nowrap">${code}</span>`);
    }
    // Hyphenated words without a digit may break; outside tables nothing is wrapped.
    expect(html).toContain("Foot-plate sensor");
    expect(html).toContain("Wi-Fi lost");
    expect((await renderDoc("See E-104 and P/N 40-0021.")).html).toBe("<p>See E-104 and P/N 40-0021.</p>");
    expect(text).toContain("E-104 · Foot-plate sensor not ready: see E-1xx · P/N 40-0021");
  });

  it("sit in a frame that scrolls, reachable by keyboard, named by their section and header cells", async () => {
    const { html } = await renderDoc(errorTable);
    expect(html).toContain(
      '<div class="table-frame" role="region" tabindex="0" aria-label="Table: Code, Message, Part"><table>',
    );
    expect(html).toMatch(/<\/table><\/div>$/);
    const sections = await renderDoc(`## Sensors\n\n${errorTable}\n\n## Power\n\n${errorTable}\n\n${errorTable}`);
    expect([...sections.html.matchAll(/aria-label="([^"]+)"/g)].map((match) => match[1])).toEqual([
      "Sensors, table: Code, Message, Part",
      "Power, table: Code, Message, Part",
      "Power, table: Code, Message, Part (2)",
    ]);
  });

  it("give a column of sentences a wider minimum than a column of codes", async () => {
    const { html } = await renderDoc(
      "| Code | What to do |\n| :-: | - |\n| E-104 | Clean and dry the foot plate, then restart the unit. |\n| E-107 | Wipe. |",
    );
    expect(html).toContain('<th class="align-center">Code</th>\n<th class="cell-wide">What to do</th>');
    expect(html).toContain('<td class="cell-wide">Wipe.</td>');
  });

  it("give search one line a row, cells apart, and one line a block", async () => {
    const { text } = await renderDoc(
      `## Codes\n\n${errorTable}\n\n- First\n- Second\n\n\`\`\`bash\nreboot --now\nexit\n\`\`\`\n\n> Quoted **words**.`,
    );
    expect(text).toBe(
      [
        "Codes",
        "Codes and what to do.",
        "Code · Message · Part",
        "E-104 · Foot-plate sensor not ready: see E-1xx · P/N 40-0021",
        "E-119 · Wi-Fi lost on 2026-11-24 · DXA-5-220",
        "First",
        "Second",
        "reboot --now",
        "exit",
        "Quoted words.",
      ].join("\n"),
    );
  });
});
