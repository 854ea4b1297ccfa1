import type { Page } from "@playwright/test";
import sharp from "sharp";
import { admin, submitSignIn } from "../support/accounts.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { expectToast } from "../support/pages.ts";
import { expect, freshViewer, makeEditor, modes, signedOut, test, useMode } from "../support/portal.ts";

/**
 * The docs area (spec §2): writing a nested doc with an image, preview mode, publishing
 * and reading it as a viewer; sign-in and back; search; axe. Two editors on one doc:
 * docs-two-editors.spec.ts.
 */

/** A unique slug per run, so the tests can run beside others on one server. */
function unique(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

async function typeInEditor(page: Page, text: string): Promise<void> {
  await page.locator(".cm-content").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(text);
}

test("an editor writes a nested doc with an image, previews it, publishes it, and a viewer reads it", async ({
  page,
  browser,
}) => {
  test.slow();
  const writer = await freshViewer(browser, "docs-writer");
  await makeEditor(page, writer.person.email);
  const editor = writer.page;
  const title = `Phantom storage ${unique("t")}`;

  await editor.goto("/docs/add");
  await editor.getByRole("textbox", { name: "Title" }).fill(title);
  const slug = await editor.getByLabel("Slug").inputValue();
  expect(slug).toMatch(/^phantom-storage-t-/);
  await editor.getByLabel("Parent").selectOption({ label: "Calibration" });
  await typeInEditor(editor, "Keep the phantom in its case.\n\n## Where it goes\n\n");

  // An image, uploaded in place, with its alt text.
  await editor.getByRole("button", { name: "Image from the media library" }).click();
  const dialog = editor.getByRole("dialog", { name: "Insert an image" });
  const png = await sharp({ create: { width: 96, height: 64, channels: 3, background: "#3374f6" } })
    .png()
    .toBuffer();
  await dialog.getByLabel("Upload an image").setInputFiles({ name: "case.png", mimeType: "image/png", buffer: png });
  await expect(dialog.getByRole("button", { name: /case/, pressed: true })).toBeVisible();
  await dialog.getByLabel("Alt text").fill("The phantom case, closed, on the shelf");
  await dialog.getByRole("button", { name: "Insert image" }).click();
  await expect(editor.locator(".cm-content")).toContainText("![The phantom case, closed, on the shelf](/media/");

  // The live preview renders it through the server's pipeline.
  const preview = editor.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("img", { name: "The phantom case, closed, on the shelf" })).toBeVisible();
  await expect(preview.getByRole("heading", { name: "Where it goes" })).toBeVisible();

  await editor.getByRole("button", { name: "Save draft" }).click();
  await editor.waitForURL(/\/docs\/edit\?id=/);
  await expectToast(editor, `“${title}” was saved as a draft`);
  const path = `/docs/calibration/${slug}`;

  // A draft: the editor sees it in preview mode, with the banner; a viewer finds nothing.
  const { context: viewerContext, page: viewer } = await freshViewer(browser, "docs-reader");
  expect((await viewer.goto(path))?.status()).toBe(404);
  await editor.goto(`${path}?preview=true`);
  await expect(editor).toHaveURL(path);
  await expect(editor.getByText("Preview", { exact: true })).toBeVisible();
  await expect(editor.getByRole("heading", { level: 1 })).toContainText(title);
  await editor.getByRole("link", { name: "Exit preview" }).click();
  await expect(editor).toHaveURL(path);
  await expect(editor.getByRole("heading", { name: /Page not found/ })).toBeVisible();

  // Published, a viewer reads it, image and all, in the docs navigation.
  await editor.goto(`${path}?preview=true`);
  await editor.getByRole("link", { name: "Edit this page" }).click();
  await editor.getByRole("button", { name: "Publish" }).click();
  // Published, the writer lands on the page readers now see.
  await expect(editor).toHaveURL(path);
  await expect(editor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await viewer.goto(path);
  await expect(viewer.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(viewer.getByRole("img", { name: "The phantom case, closed, on the shelf" })).toBeVisible();
  await expect(
    viewer.getByRole("navigation", { name: "Documentation" }).getByRole("link", { name: title }),
  ).toHaveAttribute("aria-current", "page");
  await expect(viewer.getByRole("link", { name: "Edit this page" })).toHaveCount(0);
  const markdown = await viewer.request.get(`${path}.md`);
  expect(markdown.headers()["content-type"]).toContain("text/markdown");
  expect(await markdown.text()).toContain("Keep the phantom in its case.");
  await viewerContext.close();
  await writer.context.close();
});

test.describe("when the editor's script cannot be loaded", () => {
  // The blocked chunk is the browser's own console error; nothing else may be.
  test.use({ allowedConsoleError: /Failed to load resource: net::ERR_FAILED/ });

  test("the editor says so and offers a reload when its script cannot be loaded, and the reload brings it", async ({
    page,
  }) => {
    // CodeMirror is its own chunk, loaded when the editor mounts: a deploy may have replaced it.
    const chunk = /\/assets\/codemirror-[^/]+\.js$/;
    await page.route(chunk, (route) => route.abort());
    await page.goto("/docs/add");
    const alert = page.getByRole("alert").filter({ hasText: "The editor could not be loaded" });
    await expect(alert).toBeVisible();
    await expect(page.locator(".cm-content")).toHaveCount(0);
    await page.unroute(chunk);
    await alert.getByRole("button", { name: "Reload the page" }).click();
    await expect(page.locator(".cm-content")).toBeVisible();
    await expect(alert).toHaveCount(0);
  });
});

test("a signed-out visitor is sent to sign in, and back to the doc", async ({ browser }) => {
  const context = await browser.newContext({ storageState: signedOut });
  const page = await context.newPage();
  await page.goto("/docs/calibration/daily-phantom-check");
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await submitSignIn(page, admin);
  await expect(page).toHaveURL(/\/docs\/calibration\/daily-phantom-check$/);
  await expect(page.getByRole("heading", { level: 1, name: "Daily phantom check" })).toBeVisible();
  expect((await page.request.get("/docs/no/such/page")).status()).toBe(404);
  await context.close();
});

test("the reader's enhancements: scroll-spy marks the section in view, and code blocks get a copy button", async ({
  page,
}) => {
  await page.goto("/docs/installation/network");
  const contents = page.getByRole("navigation", { name: "On this page" });
  const wifi = contents.getByRole("link", { name: "Connect by Wi-Fi" });
  await expect(wifi).not.toHaveAttribute("aria-current", "true");
  await wifi.click();
  await expect(wifi).toHaveAttribute("aria-current", "true");
  await expect(contents.getByRole("link", { name: "Connect by Ethernet" })).not.toHaveAttribute("aria-current");

  await page.goto("/docs/maintenance");
  const block = page.locator(".prose-docs .code-block").first();
  await expect(block.getByRole("button", { name: "Copy" })).toBeVisible();
  // A code block that scrolls sideways is reachable by keyboard, and named by its language.
  await expect(block.locator("pre")).toHaveAttribute("tabindex", "0");
  await expect(block.locator("pre")).toHaveAttribute("aria-label", /code$/);
});

test("headings carry prefixed ids that old addresses still land on, and a table scrolls in its own frame at 390 px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Scrolling is instant, as for a reader who asks for less motion: the heading check below
  // passes while a smooth scroll is still under way, and the second landing would then start
  // inside it (on a loaded CI machine it once never arrived).
  await page.emulateMedia({ reducedMotion: "reduce" });
  // An address from before the prefix lands on its heading, in place of the one it named.
  await page.goto("/docs/troubleshooting/error-codes#measurement-and-sensors");
  const measurement = page.getByRole("heading", { level: 2, name: "Measurement and sensors" });
  await expect(page).toHaveURL(/#user-content-measurement-and-sensors$/);
  await expect(measurement).toHaveAttribute("id", "user-content-measurement-and-sensors");
  await expect(measurement).toBeInViewport();
  await page.evaluate(() => (location.hash = "#internal-storage"));
  await expect(page).toHaveURL(/#user-content-internal-storage$/);
  await expect(page.getByRole("heading", { level: 2, name: "Internal storage" })).toBeInViewport();
  // No heading takes an id of the page around it: every id on the page is its own.
  const ids = await page.locator("[id]").evaluateAll((elements) => elements.map((element) => element.id));
  expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);

  // The table scrolls inside its frame, at the page's text size, and the page itself does not.
  const frame = page.getByRole("region", {
    name: "Measurement and sensors, table: Code, Message on screen, What to do, Keep screening?",
  });
  await frame.scrollIntoViewIfNeeded();
  const sizes = await frame.evaluate((element) => ({
    frame: element.clientWidth,
    table: element.scrollWidth,
    page: document.documentElement.scrollWidth,
    text: getComputedStyle(element.querySelector("td") ?? element).fontSize,
  }));
  expect(sizes.table).toBeGreaterThan(sizes.frame);
  expect(sizes.page).toBeLessThanOrEqual(390);
  expect(sizes.text).toBe("16px");
  // A code keeps to one line.
  const code = frame.locator(".nowrap", { hasText: "E-104" });
  expect(await code.evaluate((element) => element.getClientRects().length)).toBe(1);
  // A keyboard reaches the frame and scrolls it.
  await frame.focus();
  await expect(frame).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => frame.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);

  // A link to another doc's section lands on the prefixed heading there.
  await frame.getByRole("link", { name: "If the check fails" }).click();
  await expect(page).toHaveURL(/\/docs\/calibration\/daily-phantom-check#user-content-if-the-check-fails$/);
  await expect(page.getByRole("heading", { level: 2, name: "If the check fails" })).toBeInViewport();
});

test("signed-in search finds docs by their words; the public index never holds them", async ({ page }) => {
  await page.goto("/docs");
  await page.keyboard.press("Control+k");
  const search = page.getByRole("combobox", { name: "Search the site" });
  await search.fill("phantom");
  const option = page.getByRole("option", { name: /Daily phantom check/ }).first();
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(/\/docs\/calibration\/daily-phantom-check/);

  const index = await page.request.get("/api/search.json");
  expect(await index.text()).not.toContain("Daily phantom check");
  const context = await page.context().browser()?.newContext({ storageState: signedOut });
  const anonymous = await context?.request.get("/api/docs/search.json?q=phantom");
  expect(anonymous?.status()).toBe(401);
  await context?.close();
});

for (const mode of modes) {
  test(`axe finds nothing on the docs reader and editor (${mode})`, async ({ page }) => {
    await useMode(page, mode);
    await page.goto("/docs/calibration/daily-phantom-check");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/docs");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Calibration", exact: true }).first().click();
    await page.getByRole("link", { name: "Edit this page" }).click();
    await expect(page.locator(".cm-content")).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Preview" }).getByRole("heading", { level: 2 }).first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
