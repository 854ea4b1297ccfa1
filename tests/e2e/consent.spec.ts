import type { BrowserContext, Page, Request } from "@playwright/test";
import { admin, submitSignIn } from "../support/accounts.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { analyticsServer } from "../support/e2e-ports.ts";
import { expect, test } from "../support/fixtures.ts";
import { expectToast, waitForHydration } from "../support/pages.ts";

/**
 * Consent first, then the analytics loaders (ADR 030), on a server of its own: an admin
 * turns on two loaders (Google Analytics for measurement, the Meta Pixel for marketing),
 * and a visitor's browser asks them nothing until they answer, then loads exactly what
 * they allowed, from exactly the hosts the CSP lets in (the suite's fixture fails a test
 * on any CSP violation). There is no internet here: the vendors' scripts are answered by
 * the test, and say that they ran.
 */

const origin = `http://localhost:${analyticsServer.port}`;
test.use({ baseURL: origin });

const measurementId = "G-E2ETEST123";
const pixelId = "123456789012345";
const vendorHosts =
  /^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net|snap\.licdn\.com|cdn\.segment\.com)\//;

/** Every request this context makes to another origin, and the vendor scripts that ran. */
async function watchThirdParties(context: BrowserContext): Promise<{ urls: string[] }> {
  const seen = { urls: [] as string[] };
  context.on("request", (request: Request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith("data:")) seen.urls.push(request.url());
  });
  await context.route(vendorHosts, (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: `(window.__vendorScripts ||= []).push(${JSON.stringify(route.request().url())});`,
    }),
  );
  return seen;
}

const banner = (page: Page) => page.getByRole("region", { name: "Your privacy choices" });
const ranScripts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __vendorScripts?: string[] }).__vendorScripts ?? []);
const gaScript = `https://www.googletagmanager.com/gtag/js?id=${measurementId}`;
const pixelScript = "https://connect.facebook.net/en_US/fbevents.js";

test.describe("the consent banner and the analytics loaders", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    await page.goto(`/auth/login?returnTo=${encodeURIComponent("/dashboard/admin/config")}`);
    await submitSignIn(page, admin);
    await expect(page).toHaveURL("/dashboard/admin/config");
    await waitForHydration(page);
    const group = page.getByRole("region", { name: "Analytics identifiers" });
    await group.getByLabel("Web analytics measurement ID").fill(measurementId);
    await group.getByLabel("Advertising pixel ID").fill(pixelId);
    await group.getByRole("button", { name: "Save analytics identifiers" }).click();
    await expectToast(page, "Analytics identifiers saved");
    // Every process checks about once a second (ADR 029): the public pages follow.
    await expect(async () => {
      expect(await (await page.request.get("/")).text()).toContain("data-site-analytics");
    }).toPass();
    await context.close();
  });

  test("nothing loads before an answer; “Reject all” keeps it so on every page", async ({ page, context }) => {
    const seen = await watchThirdParties(context);
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole("checkbox", { name: /Measurement/ })).not.toBeChecked();
    await expect(banner(page).getByRole("checkbox", { name: /Marketing/ })).not.toBeChecked();
    await expect(banner(page)).toContainText("Google Analytics");
    await expect(banner(page)).toContainText("Meta Pixel");
    // Right after the skip link in the keyboard's order, and it takes no focus of its own.
    await expect(page.locator("body")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(banner(page).getByRole("checkbox", { name: /Measurement/ })).toBeFocused();

    await banner(page).getByRole("button", { name: "Reject all" }).click();
    await expect(banner(page)).toBeHidden();
    await expectToast(page, "Your choices are saved");
    await page.goto("/about");
    await expect(page.getByRole("button", { name: "Cookie choices" })).toBeVisible();
    await expect(banner(page)).toBeHidden();
    expect(seen.urls).toEqual([]);
    expect(await ranScripts(page)).toEqual([]);
  });

  test("an answer loads exactly what it allows; taking it back from the footer starts the page again without it", async ({
    page,
    context,
  }) => {
    const seen = await watchThirdParties(context);
    await page.goto("/products");
    await banner(page)
      .getByRole("checkbox", { name: /Measurement/ })
      .check();
    await banner(page).getByRole("button", { name: "Save my choices" }).click();
    await expect(banner(page)).toBeHidden();
    // Answered with the mouse, the reader stays where they were (not sent to the footer).
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => ranScripts(page)).toEqual([gaScript]);
    // The choice holds on the next page, a live one this time.
    await page.goto("/locations");
    await expect.poll(() => ranScripts(page)).toEqual([gaScript]);
    await expect(banner(page)).toBeHidden();

    const choices = page.getByRole("button", { name: "Cookie choices" });
    await choices.click();
    await expect(banner(page).getByRole("heading", { name: "Your privacy choices" })).toBeFocused();
    // Escape puts away a banner opened from the footer, changing nothing.
    await page.keyboard.press("Escape");
    await expect(banner(page)).toBeHidden();
    await expect(choices).toBeFocused();
    await choices.press("Enter");
    await expect(banner(page).getByRole("checkbox", { name: "Measurement" })).toBeChecked();
    await expect(banner(page).getByRole("checkbox", { name: "Measurement" })).toHaveAccessibleDescription(
      /Counts visits .* Tools: Google Analytics\./,
    );
    await banner(page).getByRole("button", { name: "Accept all" }).click();
    await expect(banner(page)).toBeHidden();
    await expect(choices).toBeFocused();
    await expect.poll(() => ranScripts(page)).toEqual([gaScript, pixelScript]);
    expect(new Set(seen.urls.map((url) => new URL(url).origin))).toEqual(
      new Set(["https://www.googletagmanager.com", "https://connect.facebook.net"]),
    );

    // Taking consent back: a script that ran cannot be unloaded, so the page starts again.
    await choices.click();
    const reloaded = page.waitForEvent("load");
    await banner(page).getByRole("button", { name: "Reject all" }).click();
    await reloaded;
    await expectToast(page, "Your choices are saved");
    await expect(banner(page)).toBeHidden();
    expect(await ranScripts(page)).toEqual([]);
  });

  for (const scheme of ["light", "dark"] as const) {
    test(`axe finds nothing on a page with the banner open (${scheme}), which fits a 320 px screen`, async ({
      page,
      context,
    }) => {
      await watchThirdParties(context);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/about/contact");
      await expect(banner(page)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 320, height: 640 });
      await expect(banner(page).getByRole("button", { name: "Accept all" })).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    });
  }
});
