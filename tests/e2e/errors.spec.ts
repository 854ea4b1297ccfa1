import { expect, test } from "../support/fixtures.ts";
import { desktopViewport } from "../support/site.ts";

test.use({
  viewport: desktopViewport,
  // Chromium logs the document's own 404 status as a failed resource load; nothing else may be logged.
  allowedConsoleError:
    /^console\.error: Failed to load resource: the server responded with a status of 404 \(Not Found\) \(http:\/\/[^/]+\/(?:no\/such\/page|about\/unknown)(?:\?[^:]*)?:0\)$/,
});

test.describe("not found", () => {
  test("an unmatched path shows the error screen with status 404", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    expect(response?.headers()["content-type"]).toMatch(/^text\/html/);
    await expect(page).toHaveTitle("Page not found");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      "We are sorry but this page could not be found.",
    );
    await expect(page.locator("[data-error-status]")).toHaveText("404");
    const heading = page.locator("h1");
    await expect(heading).toHaveCount(1);
    await expect(heading).toHaveText("Page not found: /no/such/page");
    await expect(page.getByRole("main")).toContainText("This is not the page you're looking for.");
  });

  test("the error screen keeps the site header and footer", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByRole("banner").getByRole("link", { name: "Densara home", exact: true })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("navigation", { name: "Main", exact: true })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("contentinfo").getByText(/Densara Medical Systems, Inc\./)).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to main content", exact: true })).toBeFocused();
  });

  test("Go back home leads to the home page", async ({ page }) => {
    await page.goto("/no/such/page");
    const home = page.getByRole("main").getByRole("link", { name: "Go back home", exact: true });
    await expect(home).toHaveAttribute("href", "/");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(page.locator("[data-error-status]")).toHaveCount(0);
    await expect(page.locator("h1")).toHaveCount(1);
  });

  test("an unknown product alias under /about fails the route's validation: a 404 naming the full path", async ({
    page,
  }) => {
    const response = await page.goto("/about/unknown?from=footer");
    expect(response?.status()).toBe(404);
    await expect(page.locator("[data-error-status]")).toHaveText("404");
    await expect(page.locator("h1")).toHaveText("Page Not Found: /about/unknown?from=footer");
    await expect(page).toHaveTitle("Page not found");
  });
});
