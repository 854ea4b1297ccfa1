/**
 * The two kinds of text the product takes (ADR 041), shared by the server's input fields
 * (`server/domain/core/fields.ts`) and the app's readers of addresses and forms.
 *
 * - **One-line** text (a name, a region, a title, an address, a search) holds no control
 *   character at all.
 * - **Multi-line** text (a message, release notes, a doc's body) may break lines and hold
 *   tabs; a line ends in LF whoever sent it (CRLF and a lone CR become LF).
 *
 * Neither holds the other controls: C0 and C1, DEL, the line and paragraph separators
 * (U+2028, U+2029), the bidirectional embeddings, overrides and isolates that make text
 * show in another order than it is stored (U+202A to U+202E, U+2066 to U+2069), and the
 * noncharacters U+FFFE and U+FFFF. The marks right-to-left writing needs (U+200E, U+200F,
 * U+061C) are letters' business, not controls, and stay.
 */

export type TextKind = "one-line" | "multi-line";

const tab = 0x09;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;

/** Whether neither kind of text holds this code point, line breaks and tab aside. */
function isControl(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfffe ||
    code === 0xffff
  );
}

/** Whether text of `kind` refuses this code point. */
function refuses(kind: TextKind, code: number): boolean {
  if (kind === "multi-line" && (code === tab || code === lineFeed || code === carriageReturn)) return false;
  return isControl(code);
}

/** Code points a person means as a new line (a word processor's soft break pastes U+000B). */
const lineBreaks = new Set([lineFeed, carriageReturn, 0x0b, 0x0c, 0x85, 0x2028, 0x2029]);

/** The first code point `kind` refuses in `value`, if any. */
export function refusedCodePoint(kind: TextKind, value: string): number | undefined {
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0;
    if (refuses(kind, code)) return code;
  }
  return undefined;
}

function named(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * What is wrong with `value` as text of `kind`, said as a sentence naming the field
 * (`label` as a sentence says it: "the region", "your name"); undefined when nothing is.
 */
export function textProblem(kind: TextKind, label: string, value: string): string | undefined {
  const code = refusedCodePoint(kind, value);
  if (code === undefined) return undefined;
  if (kind === "one-line" && lineBreaks.has(code)) return `Write ${label} on one line.`;
  if (kind === "one-line" && code === tab) return `Replace the tab in ${label} with a space.`;
  return `Remove the invisible control character (${named(code)}) from ${label}.`;
}

/** Line endings as LF, whoever sent them: a browser's form sends CRLF. */
export function normalizeLineEndings(value: string): string {
  return value.replace(/\r\n?/g, "\n");
}

/**
 * Text no form checked (a claim from another identity provider, a row kept before these
 * rules) made into text of `kind`: a line break it refuses becomes a space in one-line
 * text and LF in multi-line text, a tab in one-line text a space, and every other code
 * point the kind refuses is removed.
 */
export function asText(kind: TextKind, value: string): string {
  let text = "";
  for (const character of normalizeLineEndings(value)) {
    const code = character.codePointAt(0) ?? 0;
    if (!refuses(kind, code)) text += character;
    else if (lineBreaks.has(code)) text += kind === "one-line" ? " " : "\n";
    else if (code === tab) text += " ";
  }
  return text;
}
