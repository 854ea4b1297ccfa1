import { describe, expect, it } from "vitest";
import { toastTones } from "./toast-tones.ts";

describe("toastTones", () => {
  it.each(Object.entries(toastTones))("colours a %s toast's border and icon in both colour modes", (_color, tone) => {
    expect(tone.border).toMatch(/^border-[a-z]+-\d+ dark:border-[a-z]+-\d+$/);
    expect(tone.icon).toMatch(/^text-[a-z]+-700 dark:text-[a-z]+-300$/);
  });

  it("gives each colour its own border", () => {
    const borders = Object.values(toastTones).map((tone) => tone.border);
    expect(new Set(borders).size).toBe(borders.length);
  });
});
