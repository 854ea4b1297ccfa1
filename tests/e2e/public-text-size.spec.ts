import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { publicPaths } from "../support/site.ts";

/**
 * Many of the site's readers are older adults: on public pages, body text and data
 * (specification tables, comparison tables, location cards) are at least 16 px. Only the
 * footer's small print (the copyright line) may be smaller. Each test walks the page's
 * text nodes and reports every one drawn smaller, with where it is.
 */

const minimum = 16;

type Offender = { size: number; text: string; where: string };

/** The visible text nodes under `selector` drawn under `minimum` px, and how many characters were checked. */
async function smallText(page: Page, selector: string): Promise<{ offenders: Offender[]; characters: number }> {
  return page.evaluate(
    ({ selector, minimum }) => {
      const offenders: { size: number; text: string; where: string }[] = [];
      let characters = 0;
      for (const root of document.querySelectorAll(selector)) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = (node.textContent ?? "").replace(/\s+/g, " ").trim();
          const element = node.parentElement;
          if (!text || !element) continue;
          if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
          // Text in a drawing (the locations page's tile map, which its list of states repeats)
          // is scaled with the drawing: its computed size says nothing about what is seen.
          if (element.closest("svg")) continue;
          // Text for screen readers only (clipped to 1 px) is never drawn.
          const box = element.getBoundingClientRect();
          if (box.width <= 1 || box.height <= 1) continue;
          characters += text.length;
          const size = Number.parseFloat(getComputedStyle(element).fontSize);
          if (size < minimum) {
            const classes = [...element.classList].slice(0, 4).join(".");
            offenders.push({ size, text: text.slice(0, 60), where: `${element.tagName.toLowerCase()}.${classes}` });
          }
        }
      }
      return { offenders, characters };
    },
    { selector, minimum },
  );
}

function describe(offenders: Offender[]): string[] {
  return offenders.map((offender) => `${offender.size}px "${offender.text}" in ${offender.where}`);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const) {
  test.describe(`text of at least ${minimum} px at ${viewport.width} px`, () => {
    test.use({ viewport });

    /** The data each page is about (specification groups, listings), then its paragraphs. */
    const parts = {
      "/products/v5": ["#specifications dl", "main p"],
      "/locations": ["#results li", "#offices li", "main address", "main p"],
    } as const;

    for (const [path, selectors] of Object.entries(parts)) {
      test(`${path}: its data and paragraphs`, async ({ page }) => {
        await page.goto(path);
        for (const selector of selectors) {
          const { offenders, characters } = await smallText(page, selector);
          expect(characters, `text found under ${selector}`).toBeGreaterThan(0);
          expect.soft(describe(offenders), `text under ${minimum} px in ${selector} on ${path}`).toEqual([]);
        }
      });
    }

    for (const path of publicPaths) {
      test(`${path}: all of its main content`, async ({ page }) => {
        await page.goto(path);
        const { offenders, characters } = await smallText(page, "main");
        expect(characters).toBeGreaterThan(100);
        expect(describe(offenders), `text under ${minimum} px on ${path}`).toEqual([]);
      });
    }

    test("the footer's columns and words; only its small print is smaller", async ({ page }) => {
      await page.goto("/");
      const { offenders, characters } = await smallText(page, "footer nav, footer p:not(:has([data-current-year]))");
      expect(characters).toBeGreaterThan(100);
      expect(describe(offenders)).toEqual([]);
    });
  });
}

test.describe("tables at 320 px and at 200% zoom", () => {
  for (const viewport of [
    // A phone held upright, and a 1280 px window at 200% zoom.
    { width: 320, height: 720 },
    { width: 640, height: 400 },
  ] as const) {
    test(`the product pages and locations never scroll sideways at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const path of ["/products", "/products/v4", "/products/v5", "/locations"]) {
        await page.goto(path);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect.soft(overflow, `${path} is wider than the window`).toBeLessThanOrEqual(0);
      }
    });
  }

  test("the comparison table sits in a named frame a keyboard can scroll", async ({ page }) => {
    await page.setViewportSize({ width: 640, height: 400 });
    await page.goto("/products");
    const frame = page.getByRole("region", { name: /^Table: / });
    await expect(frame).toBeVisible();
    await expect(frame.getByRole("table")).toBeVisible();
    await expect(frame).toHaveAttribute("tabindex", "0");
    await frame.focus();
    await expect(frame).toBeFocused();
    // Every column is there to read: its cells wider than a word or two.
    const narrowest = await frame
      .locator("td")
      .evaluateAll((cells) => Math.min(...cells.map((cell) => cell.getBoundingClientRect().width)));
    expect(narrowest).toBeGreaterThanOrEqual(140);
  });

  test("on a phone the specifications put each label above its value", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 720 });
    await page.goto("/products/v5");
    const row = page.locator("#specifications dl > div").first();
    const [label, value] = await Promise.all([row.locator("dt").boundingBox(), row.locator("dd").boundingBox()]);
    if (!label || !value) throw new Error("the first specification row has no boxes");
    expect(value.y).toBeGreaterThanOrEqual(label.y + label.height - 1);
    expect(value.width).toBeGreaterThan(200);
  });
});
