import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { htmlWithoutForbidden, xmlText } from "./xml.ts";

/** Whether a strict XML 1.0 parser reads the document to its end. */
function wellFormed(document: string): boolean {
  const parser = new SaxesParser({ xmlns: true });
  let failed = false;
  parser.on("error", () => {
    failed = true;
  });
  parser.write(document).close();
  return !failed;
}

const hostile = [
  "Soft\u000bline break from a word processor",
  "Start of heading \u0001, escape \u001b[31m, null \u0000",
  "Noncharacters \ufffe and \uffff",
  "A lone surrogate \ud800 and its mate \udc00 apart",
  "Markup <script>alert(\"x\")</script> & an 'apostrophe'",
  "]]> ends a CDATA section",
];

describe("XML text", () => {
  it("keeps a document well formed whatever text goes into its elements and attributes", () => {
    // Each of these, written as it is, breaks the document.
    for (const text of hostile) {
      expect(wellFormed(`<feed title="${text}">${text}</feed>`), JSON.stringify(text)).toBe(false);
      expect(wellFormed(`<feed title="${xmlText(text)}">${xmlText(text)}</feed>`), JSON.stringify(text)).toBe(true);
    }
  });

  it("drops only what XML forbids, and escapes the five markup characters", () => {
    expect(xmlText("a\u000bb\u0001c\ufffe")).toBe("abc");
    expect(xmlText("tab\tline\nreturn\r")).toBe("tab\tline\nreturn\r");
    expect(xmlText(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;",
    );
    expect(xmlText("Right-to-left \u202e and emoji 🦴 stay")).toBe("Right-to-left \u202e and emoji 🦴 stay");
  });

  it("drops from HTML the forbidden characters written and named by numeric references, and keeps the rest", () => {
    expect(htmlWithoutForbidden("<p>a\u000bb &#x1;&#0;&#11;&#xFFFE;&#xd800; c</p>")).toBe("<p>ab  c</p>");
    expect(htmlWithoutForbidden("<p>&#x3C;b&#x3E; &amp; &#9; &#x1F9B4; &#65533; &nbsp;</p>")).toBe(
      "<p>&#x3C;b&#x3E; &amp; &#9; &#x1F9B4; &#65533; &nbsp;</p>",
    );
  });
});
