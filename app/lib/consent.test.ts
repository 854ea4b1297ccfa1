import { describe, expect, it } from "vitest";
import {
  allowedLoaders,
  categoriesOf,
  choose,
  needsAsking,
  parseChoice,
  toolsOf,
  withdrawsConsent,
  type ConsentChoice,
} from "./consent.ts";

const measurementOnly = { webAnalytics: "G-ABCDE12345", customerData: "abcdefghijklmnop" };
const both = { ...measurementOnly, tagManager: "GTM-ABC1234", pixel: "123456789012345" };
const at = new Date("2026-11-25T10:00:00Z");

describe("consent to the analytics loaders", () => {
  it("asks only about the categories of the loaders that are on, and names their tools", () => {
    expect(categoriesOf(measurementOnly)).toEqual(["measurement"]);
    expect(categoriesOf(both)).toEqual(["measurement", "marketing"]);
    expect(toolsOf(both, "marketing")).toEqual(["Google Tag Manager", "Meta Pixel"]);
    expect(toolsOf(measurementOnly, "marketing")).toEqual([]);
  });

  it("loads nothing before an answer, and only what the answer allows", () => {
    expect(allowedLoaders(null, both)).toEqual([]);
    const measuring = choose(null, { measurement: true, marketing: false }, at);
    expect(allowedLoaders(measuring, both)).toEqual(["webAnalytics", "customerData"]);
    expect(allowedLoaders(choose(null, { measurement: false, marketing: false }, at), both)).toEqual([]);
    expect(allowedLoaders(choose(null, { measurement: true, marketing: true }, at), both)).toEqual([
      "tagManager",
      "webAnalytics",
      "pixel",
      "customerData",
    ]);
  });

  it("asks again when a loader of a category never answered is turned on, keeping the answers given", () => {
    const first = choose(null, { measurement: true }, at);
    expect(needsAsking(null, measurementOnly)).toBe(true);
    expect(needsAsking(first, measurementOnly)).toBe(false);
    expect(needsAsking(first, both)).toBe(true);
    // Nothing of the new category loads until it is answered; the old answer still holds.
    expect(allowedLoaders(first, both)).toEqual(["webAnalytics", "customerData"]);
    const second = choose(first, { marketing: false }, at);
    expect(second.categories).toEqual({ measurement: true, marketing: false });
    expect(needsAsking(second, both)).toBe(false);
  });

  it("says when an answer takes back what was allowed (the page must start again)", () => {
    const allowed = choose(null, { measurement: true, marketing: true }, at);
    expect(withdrawsConsent(null, choose(null, { measurement: false }, at))).toBe(false);
    expect(withdrawsConsent(allowed, choose(allowed, { marketing: false }, at))).toBe(true);
    expect(withdrawsConsent(allowed, choose(allowed, { marketing: true }, at))).toBe(false);
    const refused = choose(null, { measurement: false }, at);
    expect(withdrawsConsent(refused, choose(refused, { measurement: true }, at))).toBe(false);
  });

  it("reads back only a choice it stored: anything else is no choice", () => {
    const stored: ConsentChoice = { categories: { measurement: true, marketing: false }, savedAt: at.toISOString() };
    expect(parseChoice(JSON.stringify(stored))).toEqual(stored);
    expect(parseChoice(null)).toBeNull();
    expect(parseChoice("{")).toBeNull();
    expect(parseChoice('{"categories":{"measurement":true}}')).toBeNull();
    expect(parseChoice('{"categories":null,"savedAt":"x"}')).toBeNull();
    // An answer that is not a yes or a no is no answer.
    expect(parseChoice('{"categories":{"measurement":"yes","marketing":false},"savedAt":"x"}')).toEqual({
      categories: { marketing: false },
      savedAt: "x",
    });
  });
});
