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

const measurementOnly = { webAnalytics: "G-ABCDE12345" };
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
    const measuring = choose(null, { measurement: true, marketing: false }, both, at);
    expect(allowedLoaders(measuring, both)).toEqual(["webAnalytics"]);
    expect(allowedLoaders(choose(null, { measurement: false, marketing: false }, both, at), both)).toEqual([]);
    expect(allowedLoaders(choose(null, { measurement: true, marketing: true }, both, at), both)).toEqual([
      "tagManager",
      "webAnalytics",
      "pixel",
    ]);
  });

  it("asks again when a loader of a category never answered is turned on, keeping the answers given", () => {
    const first = choose(null, { measurement: true }, measurementOnly, at);
    expect(needsAsking(null, measurementOnly)).toBe(true);
    expect(needsAsking(first, measurementOnly)).toBe(false);
    expect(needsAsking(first, both)).toBe(true);
    // Nothing new loads until it is answered; the old answer still holds.
    expect(allowedLoaders(first, both)).toEqual(["webAnalytics"]);
    const second = choose(first, { marketing: false }, both, at);
    expect(second.categories).toEqual({ measurement: true, marketing: false });
    expect(needsAsking(second, both)).toBe(false);
  });

  it("asks again for a new tool in a category already allowed, and does not load it before", () => {
    const allowed = choose(null, { measurement: true }, measurementOnly, at);
    const withSegment = { ...measurementOnly, customerData: "abcdefghijklmnop" };
    expect(needsAsking(allowed, withSegment)).toBe(true);
    expect(allowedLoaders(allowed, withSegment)).toEqual(["webAnalytics"]);
    const again = choose(allowed, { measurement: true }, withSegment, at);
    expect(again.loaders).toEqual(["webAnalytics", "customerData"]);
    expect(allowedLoaders(again, withSegment)).toEqual(["webAnalytics", "customerData"]);
    // A loader turned off and on again was shown before: no new question.
    expect(needsAsking(again, measurementOnly)).toBe(false);
    expect(needsAsking(choose(again, {}, measurementOnly, at), withSegment)).toBe(false);
  });

  it("says when an answer takes back what was allowed (the page must start again)", () => {
    const allowed = choose(null, { measurement: true, marketing: true }, both, at);
    expect(withdrawsConsent(null, choose(null, { measurement: false }, both, at))).toBe(false);
    expect(withdrawsConsent(allowed, choose(allowed, { marketing: false }, both, at))).toBe(true);
    expect(withdrawsConsent(allowed, choose(allowed, { marketing: true }, both, at))).toBe(false);
    const refused = choose(null, { measurement: false }, both, at);
    expect(withdrawsConsent(refused, choose(refused, { measurement: true }, both, at))).toBe(false);
  });

  it("reads back only a choice it stored: anything else is no choice", () => {
    const stored: ConsentChoice = {
      categories: { measurement: true, marketing: false },
      loaders: ["webAnalytics", "pixel"],
      savedAt: at.toISOString(),
    };
    expect(parseChoice(JSON.stringify(stored))).toEqual(stored);
    expect(parseChoice(null)).toBeNull();
    expect(parseChoice("{")).toBeNull();
    expect(parseChoice('{"categories":{"measurement":true},"loaders":[]}')).toBeNull();
    expect(parseChoice('{"categories":null,"loaders":[],"savedAt":"x"}')).toBeNull();
    // An older form, without the loaders shown: no choice, so the banner asks again.
    expect(parseChoice('{"categories":{"measurement":true},"savedAt":"x"}')).toBeNull();
    // An answer that is not a yes or a no is no answer; a loader it does not know is dropped.
    expect(
      parseChoice('{"categories":{"measurement":"yes","marketing":false},"loaders":["pixel","other"],"savedAt":"x"}'),
    ).toEqual({ categories: { marketing: false }, loaders: ["pixel"], savedAt: "x" });
  });
});
