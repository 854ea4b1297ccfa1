import { describe, expect, it } from "vitest";
import { canonicalDocPath, docHref, markdownHref, slugProblem, suggestSlug } from "./doc-paths.ts";

describe("slug rules", () => {
  it.each(["calibration", "daily-qc", "v5", "step-2-of-3", "a"])("accepts %s", (slug) => {
    expect(slugProblem(slug, true)).toBeNull();
  });

  it.each([
    ["", /Give the page a slug/],
    ["Calibration", /lowercase/],
    ["daily_qc", /lowercase/],
    ["daily--qc", /single hyphens/],
    ["-qc", /lowercase/],
    ["qc-", /lowercase/],
    ["über", /lowercase/],
    ["a/b", /lowercase/],
    ["..", /lowercase/],
    ["x".repeat(61), /60 characters/],
  ])("refuses %j with a sentence", (slug, message) => {
    expect(slugProblem(slug, false)).toMatch(message);
  });

  it("keeps the reader's own addresses for itself at the top, and only there", () => {
    expect(slugProblem("edit", true)).toMatch(/docs area's own addresses/);
    expect(slugProblem("add", true)).toMatch(/docs area's own addresses/);
    expect(slugProblem("edit", false)).toBeNull();
  });
});

describe("suggestSlug", () => {
  it.each([
    ["Getting started with the v5", "getting-started-with-the-v5"],
    ["Daily QC — step 2", "daily-qc-step-2"],
    ["Cleaning & disinfection", "cleaning-and-disinfection"],
    ["Réglage de l’appareil", "reglage-de-l-appareil"],
    ["  !!!  ", ""],
  ])("%j → %j", (title, slug) => {
    expect(suggestSlug(title)).toBe(slug);
  });

  it("cuts a long title at a word, within the limit, and suggests a slug that passes", () => {
    const slug = suggestSlug("How to replace the foot plate sensor cable on a v5 scanner in the field");
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith("-")).toBe(false);
    expect(slugProblem(slug, false)).toBeNull();
  });
});

describe("addresses", () => {
  it("puts docs under /docs and their markdown beside them", () => {
    expect(docHref("")).toBe("/docs");
    expect(docHref("calibration/daily")).toBe("/docs/calibration/daily");
    expect(markdownHref("calibration/daily")).toBe("/docs/calibration/daily.md");
  });
});

describe("canonicalDocPath", () => {
  it.each([
    ["calibration/daily-phantom-check", "calibration/daily-phantom-check"],
    ["Calibration/Daily-Phantom-Check", "calibration/daily-phantom-check"],
    ["/calibration//daily-phantom-check/", "calibration/daily-phantom-check"],
    ["ｇｅｔｔｉｎｇ-started", "getting-started"],
    ["", ""],
    ["/", ""],
  ])("reads %j as %j", (asked, path) => {
    expect(canonicalDocPath(asked)).toBe(path);
  });

  it.each(["a b", "a\u0000b", "€", "a.b", "a_b", "-a", "a--b", "..", "x".repeat(81), "a/".repeat(11)])(
    "finds no doc could live at %j",
    (asked) => {
      expect(canonicalDocPath(asked)).toBeNull();
    },
  );
});
