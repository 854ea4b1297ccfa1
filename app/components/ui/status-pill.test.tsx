import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StatusPill, type PillTone } from "./status-pill.tsx";

const tones: PillTone[] = ["gray", "blue", "green", "amber", "violet"];

function classesOf(tone: PillTone): string[] {
  const html = renderToStaticMarkup(<StatusPill tone={tone}>Active</StatusPill>);
  return /class="([^"]*)"/.exec(html)?.[1]?.split(" ") ?? [];
}

describe("StatusPill", () => {
  it("says its state in words", () => {
    expect(renderToStaticMarkup(<StatusPill tone="amber">Needs alt text</StatusPill>)).toMatch(
      /^<span [^>]*>Needs alt text<\/span>$/,
    );
  });

  it.each(tones)("draws %s with dark text on a pale fill, and pale text on a dark fill in dark mode", (tone) => {
    const classes = classesOf(tone);
    expect(classes.find((name) => /^bg-[a-z]+-(50|100)$/.test(name))).toBeDefined();
    expect(classes.find((name) => /^text-[a-z]+-900$/.test(name))).toBeDefined();
    expect(classes.find((name) => /^dark:bg-[a-z]+-(800|950)$/.test(name))).toBeDefined();
    expect(classes.find((name) => /^dark:text-[a-z]+-100$/.test(name))).toBeDefined();
  });

  it("gives each tone its own colour", () => {
    const fills = tones.map((tone) => classesOf(tone).find((name) => name.startsWith("bg-")));
    expect(new Set(fills).size).toBe(tones.length);
  });
});
