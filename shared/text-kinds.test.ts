import { describe, expect, it } from "vitest";
import { asText, normalizeLineEndings, refusedCodePoint, textProblem } from "./text-kinds.ts";

const code = (point: number) => String.fromCodePoint(point);

/** Every code point both kinds refuse, line breaks and tab aside. */
const controls = [
  ...Array.from({ length: 0x20 }, (_, index) => index).filter((point) => ![0x09, 0x0a, 0x0d].includes(point)),
  ...Array.from({ length: 0x21 }, (_, index) => 0x7f + index),
  0x2028,
  0x2029,
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
  0xfffe,
  0xffff,
];

describe("the two kinds of text", () => {
  it("refuse every control, overriding mark and noncharacter, in either kind", () => {
    for (const point of controls) {
      expect(refusedCodePoint("one-line", `a${code(point)}b`), point.toString(16)).toBe(point);
      expect(refusedCodePoint("multi-line", `a${code(point)}b`), point.toString(16)).toBe(point);
    }
  });

  it("let multi-line text break lines and hold tabs, and one-line text neither", () => {
    for (const point of [0x09, 0x0a, 0x0d]) {
      expect(refusedCodePoint("multi-line", `a${code(point)}b`)).toBeUndefined();
      expect(refusedCodePoint("one-line", `a${code(point)}b`)).toBe(point);
    }
  });

  it("keep letters of every script, emoji, and the marks right-to-left writing needs", () => {
    for (const text of [
      "Ana Díaz",
      "Zoë O’Brien-Łukasz",
      "株式会社",
      "שלום\u200f עולם",
      "مرحبا\u061c",
      "\u200eA",
      "👩🏽‍⚕️",
    ]) {
      expect(refusedCodePoint("one-line", text), text).toBeUndefined();
    }
  });

  it("say what to do, naming the field", () => {
    expect(textProblem("one-line", "the region", "WI\r\nBcc: x")).toBe("Write the region on one line.");
    expect(textProblem("one-line", "the region", "WI\u000bx")).toBe("Write the region on one line.");
    expect(textProblem("one-line", "the region", "WI\u2028x")).toBe("Write the region on one line.");
    expect(textProblem("one-line", "the region", "W\tI")).toBe("Replace the tab in the region with a space.");
    expect(textProblem("one-line", "your name", "Eve\u202e")).toBe(
      "Remove the invisible control character (U+202E) from your name.",
    );
    expect(textProblem("multi-line", "your message", "one\u000btwo")).toBe(
      "Remove the invisible control character (U+000B) from your message.",
    );
    expect(textProblem("multi-line", "your message", "one\r\ntwo\tthree")).toBeUndefined();
    expect(textProblem("one-line", "the region", "Wisconsin")).toBeUndefined();
  });

  it("end every line in LF", () => {
    expect(normalizeLineEndings("a\r\nb\rc\nd")).toBe("a\nb\nc\nd");
  });

  it("make unchecked text into either kind, never keeping what the kind refuses", () => {
    expect(asText("one-line", "WI\r\nBcc: x\u202e\u0000y\tz")).toBe("WI Bcc: xy z");
    expect(asText("multi-line", "one\r\ntwo\u000bthree\u0001\tfour")).toBe("one\ntwo\nthree\tfour");
    for (const point of controls) {
      expect(refusedCodePoint("one-line", asText("one-line", `a${code(point)}b`))).toBeUndefined();
      expect(refusedCodePoint("multi-line", asText("multi-line", `a${code(point)}b`))).toBeUndefined();
    }
  });
});
