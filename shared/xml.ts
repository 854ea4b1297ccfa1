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

/**
 * `value` without the characters XML 1.0 forbids (and HTML calls errors): what the JSON
 * Feed and the release pages carry of text written elsewhere, so every format holds the
 * same characters.
 */
export function withoutForbiddenCharacters(value: string): string {
  return value.replace(forbidden, "");
}

const allowedCode = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

/**
 * HTML (release notes as rendered) without those characters, whether written or named by
 * a numeric character reference (`&#x1;`, `&#0;`, `&#xFFFE;`): a reader that decodes the
 * HTML then meets none of them either.
 */
export function htmlWithoutForbidden(html: string): string {
  return withoutForbiddenCharacters(html).replace(
    /&#(?:[xX]([0-9a-fA-F]{1,8})|(\d{1,10}));/g,
    (reference, hex: string | undefined, decimal: string | undefined) =>
      allowedCode(hex === undefined ? Number(decimal) : Number.parseInt(hex, 16)) ? reference : "",
  );
}

/** `value` as XML character data or an attribute's value (either quote). */
export function xmlText(value: string): string {
  return withoutForbiddenCharacters(value).replace(/[<>&"']/g, (character) => references[character] ?? "");
}
