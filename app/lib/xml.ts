/**
 * Text for an XML 1.0 document (the release feeds, the sitemap), written once: every
 * character XML forbids is dropped and the five markup characters escaped. XML 1.0 allows
 * only tab, line feed, carriage return and U+0020 to U+D7FF, U+E000 to U+FFFD and
 * U+10000 up; a single vertical tab (a soft line break pasted from a word processor), an
 * escape character, a U+FFFE or a lone surrogate makes the whole document unreadable to
 * every parser, so none reaches one. Even as a character reference they stay forbidden.
 */
const forbidden = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

const references: Readonly<Record<string, string>> = {
  "<": "&lt;",
  ">": "&gt;",
  "&": "&amp;",
  '"': "&quot;",
  "'": "&apos;",
};

/** `value` as XML character data or an attribute's value (either quote). */
export function xmlText(value: string): string {
  return value.replace(forbidden, "").replace(/[<>&"']/g, (character) => references[character] ?? "");
}
