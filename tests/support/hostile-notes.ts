/**
 * Release notes as people paste them, and as a careless or hostile writer types them:
 * every C0 control that XML forbids, the ones word processors and terminals paste,
 * noncharacters, lone surrogates, markup that ends a CDATA section or opens a script,
 * character references (valid, invalid and unknown), a very long line, bidirectional
 * overrides and emoji. Each of these once broke a feed, or could.
 */

/** U+0000 to U+001F but tab, line feed and carriage return: what XML 1.0 forbids of the C0 controls. */
export const forbiddenControls = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code))
  .filter((character) => !["\t", "\n", "\r"].includes(character))
  .join("");

export const hostileNotes = [
  "## Fixes",
  "",
  `- Every forbidden control in a row: [${forbiddenControls}]`,
  "- Soft line break\u000bfrom a word processor",
  "- Escape \u001b[31mred\u001b[0m from a terminal, start of heading \u0001",
  "- Noncharacters \ufffe and \uffff",
  "- Lone surrogates \ud800 and \udfff, apart",
  "- Markup <script>alert(1)</script>, ]]> and <![CDATA[ inside ]]> & a bare ampersand",
  "- References &amp; &lt;b&gt; &#0; &#x1; &#xD800; &#xFFFE; &bogus; &nbsp; &#x1F9B4;",
  `- ${"A very long line of notes pasted without a break, ".repeat(200)}end.`,
  "- Bidirectional \u202eoverride\u202c, \u2066isolate\u2069 and a right-to-left mark \u200f",
  "- Emoji 🦴 👩🏽‍⚕️ 🇺🇸 kept whole",
].join("\n");

/** The notes as a database can hold them: PostgreSQL's text has no U+0000 (it never reaches a feed from there). */
export const storableHostileNotes = hostileNotes.replaceAll("\u0000", "");

/** Whether a string holds any character XML 1.0 forbids (which HTML calls an error too). */
export function holdsForbidden(value: string): boolean {
  return /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u.test(value);
}
