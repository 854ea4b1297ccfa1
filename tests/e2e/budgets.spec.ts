import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { publicPaths } from "../support/site.ts";

/** 1280 px at 400 % zoom (WCAG 1.4.10 Reflow). */
test.use({ viewport: { width: 320, height: 256 } });

/** 30 KB of script over the wire, at load, before any interaction. */
const scriptBudgetBytes = 30 * 1024;

type ScriptEntry = { url: string; encodedBodySize: number; transferSize: number };

async function scriptsLoaded(page: Page): Promise<ScriptEntry[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming)
      .filter((entry) => entry.initiatorType === "script" || /\.m?js(?:$|\?)/.test(new URL(entry.name).pathname))
      .map((entry) => ({ url: entry.name, encodedBodySize: entry.encodedBodySize, transferSize: entry.transferSize })),
  );
}

test.describe("per-page budgets", () => {
  // One browser page walks every route; each route is a step with soft checks, so all misses are reported.
  test("every public page loads at most 30 KB of script and does not scroll sideways at 320px", async ({ page }) => {
    test.setTimeout(90_000);
    for (const path of publicPaths) {
      await test.step(path, async () => {
        await page.goto(path);

        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect(innerWidth).toBe(320);
        expect.soft(scrollWidth, `document width at 320px on ${path}`).toBeLessThanOrEqual(innerWidth);

        // encodedBodySize is the compressed body size, also for a script the browser took from its cache.
        const entries = await scriptsLoaded(page);
        expect.soft(entries.length, `${path} loads its enhancement script`).toBeGreaterThan(0);
        for (const entry of entries)
          expect.soft(entry.encodedBodySize, `size of ${entry.url} is known`).toBeGreaterThan(0);
        const total = entries.reduce((sum, entry) => sum + entry.encodedBodySize, 0);
        const listing = entries.map((entry) => `${new URL(entry.url).pathname} ${entry.encodedBodySize}`).join(", ");
        expect.soft(total, `script bytes on ${path}: ${listing}`).toBeLessThanOrEqual(scriptBudgetBytes);
      });
    }
  });
});
