import { admin, submitSignIn } from "../support/accounts.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";

/**
 * A published stable release's public page (/releases/v5/5.2.1 in the demo data), as a
 * visitor meets it from a feed reader's link: the notes with their picture, the files
 * with their SHA-256, sign-in to download and back, then the download itself. Drafts and
 * betas have no page.
 */

const page521 = "/releases/v5/5.2.1";

test("a visitor reads a release's page, its picture loads, and signing in brings the download", async ({ page }) => {
  test.slow();
  const response = await page.goto(page521);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Densara v5 5.2.1");
  await expect(page).toHaveTitle(/^v5 software 5\.2\.1 · /);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link")).toHaveText(["Products", "Densara v5"]);
  await expect(page.getByRole("heading", { level: 2, name: "Fixed" })).toBeVisible();

  // The picture in the notes loads for a visitor (the media rule opens it to anyone).
  const picture = page.getByRole("img", { name: /The v5 result screen's layout/ });
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  const files = page.getByRole("list", { name: "Files of v5 5.2.1" });
  await expect(files.getByRole("listitem")).toHaveCount(1);
  await expect(files.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await expect(files.getByRole("link", { name: /^Download/ })).toBeHidden();
  const signIn = files.getByRole("link", { name: /^Sign in to download/ });
  await expect(signIn).toBeVisible();
  // The feeds are named in the head for a reader's discovery.
  await expect(page.locator('link[rel="alternate"][type="application/feed+json"]')).toHaveAttribute(
    "href",
    "/releases/v5.feed.json",
  );

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoAxeViolations(page);
  }
  await page.emulateMedia({ colorScheme: "light" });

  // Sign in from the page; back on it, the same place downloads the file.
  const sha256 = (await files.getByText(/^[0-9a-f]{64}$/).textContent()) ?? "";
  await signIn.click();
  await submitSignIn(page, admin);
  await expect(page).toHaveURL(`${page521}#files`);
  const download = files.getByRole("link", { name: /^Download densara-v5-5\.2\.1/ });
  await expect(download).toBeVisible();
  await expect(signIn).toBeHidden();
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toBe("densara-v5-5.2.1-demo-package.gz");
  const { createHash } = await import("node:crypto");
  const { readFile } = await import("node:fs/promises");
  expect(
    createHash("sha256")
      .update(await readFile(await file.path()))
      .digest("hex"),
  ).toBe(sha256);
});

test("without JavaScript the page reads the same, and offers sign-in to download", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  await page.goto(page521);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Densara v5 5.2.1");
  await expect(page.getByRole("link", { name: /^Sign in to download/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Download/ })).toBeHidden();
  await context.close();
});

test.describe("no page", () => {
  // Chromium logs each 404 answer as a failed resource.
  test.use({ allowedConsoleError: /status of 404/ });

  test("a draft, a beta and an unknown version have no page", async ({ page }) => {
    for (const path of ["/releases/v5/5.3.0", "/releases/v5/5.3.0-beta.1", "/releases/v5/9.9.9"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Page not found: ${path}`);
    }
  });
});
