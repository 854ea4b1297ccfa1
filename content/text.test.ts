import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./render.ts";
import { htmlToText } from "./text.ts";

describe("htmlToText", () => {
  it("drops tags and decodes the entities the renderer produces", () => {
    expect(htmlToText("<p>Fish &amp; chips &lt;3 &gt; &quot;fries&quot; &#39;n&#39; peas</p>")).toBe(
      `Fish & chips <3 > "fries" 'n' peas`,
    );
  });

  it("collapses runs of whitespace, newlines included, and trims", () => {
    expect(htmlToText("  <p>one\n\n   two\t three</p>\n  ")).toBe("one two three");
  });

  it("keeps a space between adjacent block elements", () => {
    expect(htmlToText("<p>First.</p><p>Second.</p><ul><li>a</li><li>b</li></ul><h3>Head</h3><h4>Sub</h4>")).toBe(
      "First. Second. a b Head Sub",
    );
  });

  it("gives the plain text of rendered markdown", () => {
    expect(htmlToText(renderMarkdown("Bones & joints:\n\n- **Dense** bone\n- [Porous](/about) bone"))).toBe(
      "Bones & joints: Dense bone Porous bone",
    );
  });

  // Known bug (reported): `&amp;` is decoded before `&lt;`, so the text "&lt;" (HTML "&amp;lt;") becomes "<".
  it("decodes each entity once: an escaped entity stays literal text", () => {
    expect(htmlToText(renderMarkdown("Type `&lt;` for less-than"))).toBe("Type &lt; for less-than");
  });

  // Known bug (reported): `<br>` is removed without a space, so a markdown hard break joins two words.
  it("keeps words apart across a <br> line break", () => {
    expect(htmlToText(renderMarkdown("line one  \nline two"))).toBe("line one line two");
  });
});
