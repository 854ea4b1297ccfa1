import type { Locator, Page } from "@playwright/test";
import { expectAxeRulesPass, expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import { expectToast, openPage, reloadPage, signInAsAdmin, toasts, uniqueName } from "../support/pages.ts";

/**
 * Site settings as an administrator. The announcement banner shows on every portal
 * page, for every test, so everything that saves a group runs here, one test after
 * another, and the banner is turned off again at the end (also when a test fails).
 */

const config = "/dashboard/admin/config";

// A refused form answers 400, which Chromium logs.
test.use({ allowedConsoleError: /status of 40[0-9]/ });

function group(page: Page, title: string): Locator {
  return page.getByRole("region", { name: title });
}

async function turnAnnouncementOff(page: Page): Promise<void> {
  const banner = group(page, "Announcement banner");
  await banner.getByLabel("Show the banner").uncheck();
  await banner.getByLabel("Message").fill("");
  await banner.getByLabel("Link words").fill("");
  await banner.getByLabel("Link address").fill("");
  await banner.getByLabel("Show from (UTC)").fill("");
  await banner.getByLabel("Show until (UTC)").fill("");
  await banner.getByRole("button", { name: "Save announcement banner" }).click();
  await expectToast(page, "Announcement banner saved");
}

test.describe("site settings", () => {
  test.describe.configure({ mode: "serial" });

  const message = uniqueName("E2E announcement: the v5 software update is out");

  test.afterAll(async ({ browser }) => {
    // Whatever happened above, the banner does not stay on for the other tests.
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAsAdmin(page, config);
    if (await group(page, "Announcement banner").getByLabel("Show the banner").isChecked()) {
      await turnAnnouncementOff(page);
    }
    await context.close();
  });

  test("a saved announcement shows on the portal's pages as a note", async ({ page, browser }) => {
    await signInAsAdmin(page, config);
    const banner = group(page, "Announcement banner");
    await banner.getByLabel("Show the banner").check();
    await banner.getByLabel("Message").fill(message);
    await banner.getByLabel("Tone").selectOption({ label: "Warning (amber)" });
    await banner.getByLabel("Link words").fill("Read more");
    await banner.getByLabel("Link address").fill("/products/v5");
    await banner.getByRole("button", { name: "Save announcement banner" }).click();
    await expectToast(page, "Announcement banner saved");
    await expect(banner).toContainText(/Last saved .* by Administrator\./);
    await expect(banner.getByLabel("Message")).toHaveValue(message);
    await expect(banner.getByLabel("Tone")).toHaveValue("warning");

    for (const path of ["/dashboard", "/dashboard/settings", "/dashboard/admin/users"]) {
      await openPage(page, path);
      const note = page.getByRole("note", { name: "Announcement" });
      await expect(note, path).toContainText(message);
      await expect(note.getByRole("link", { name: "Read more" })).toHaveAttribute("href", "/products/v5");
    }

    // And on the public pages, prerendered or not, within about a second, with no script (ADR 029),
    // in a landmark of its own (axe's "region": no content outside a landmark), in both colour modes.
    for (const path of ["/", "/locations", "/about/contact"]) {
      await page.emulateMedia({ colorScheme: "light" });
      await expect(async () => {
        await page.goto(path);
        await expect(page.getByRole("note", { name: "Announcement" })).toContainText(message, { timeout: 500 });
      }).toPass();
      const notices = page.getByRole("region", { name: "Site notices", exact: true });
      await expect(notices.getByRole("note", { name: "Announcement" })).toContainText(message);
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        await test.step(`${path} in ${colorScheme} mode`, async () => {
          await expectAxeRulesPass(page, ["region", "landmark-unique"]);
          await expectNoAxeViolations(page);
        });
      }
    }

    // Without JavaScript too: the notice is in the page's HTML, in its landmark.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(new URL("/products/v5", page.url()).href);
    await expect(
      plain.getByRole("region", { name: "Site notices", exact: true }).getByRole("note", { name: "Announcement" }),
    ).toContainText(message);
    await noScript.close();
  });

  /**
   * Three refusals. Each is refused as a whole (the form-level alert, the toast, what was
   * typed kept, nothing saved); beside the field is where the reason should be too.
   */
  const refusals = [
    {
      what: "a link address without link words",
      group: "Announcement banner",
      button: "Save announcement banner",
      fill: { "Link words": "", "Link address": "https://example.com/news", Message: "Changed, but not saved" },
      field: "Link words",
      reason: /Give the link both words and an address, or neither\./,
    },
    {
      what: "a tag manager container that is not one",
      group: "Analytics identifiers",
      button: "Save analytics identifiers",
      fill: { "Tag manager container": "abc" },
      field: "Tag manager container",
      reason: /Enter an identifier like GTM-ABC1234, or leave it empty\./,
    },
    {
      what: "a contact address that is not one",
      group: "Contact recipients",
      button: "Save contact recipients",
      fill: { Sales: "sales@densara.example\nnot-an-address" },
      field: "Sales",
      reason: /Enter a valid email address/,
    },
  ] as const;

  async function submitRefused(page: Page, refusal: (typeof refusals)[number]): Promise<Locator> {
    await signInAsAdmin(page, config);
    const form = group(page, refusal.group);
    for (const [label, value] of Object.entries(refusal.fill)) await form.getByLabel(label).fill(value);
    await form.getByRole("button", { name: refusal.button }).click();
    await expect(form.getByRole("alert")).toHaveText("One field needs your attention.");
    // Said once, beside the form: no toast repeats it.
    await expect(toasts(page)).not.toContainText("Nothing was changed");
    return form;
  }

  for (const refusal of refusals) {
    test(`${refusal.what} is refused, keeps what was typed and saves nothing`, async ({ page }) => {
      const form = await submitRefused(page, refusal);
      for (const [label, value] of Object.entries(refusal.fill))
        await expect(form.getByLabel(label)).toHaveValue(value);
      await expectNoAxeViolations(page);
      // The other groups show no error.
      for (const other of [
        "Announcement banner",
        "Maintenance notice",
        "Contact recipients",
        "Analytics identifiers",
      ]) {
        if (other !== refusal.group) await expect(group(page, other).getByRole("alert")).toHaveCount(0);
      }
      await reloadPage(page);
      const field = form.getByLabel(refusal.field);
      await expect(field).not.toHaveValue(refusal.fill[refusal.field as keyof typeof refusal.fill]);
      // What was saved still shows.
      await openPage(page, "/dashboard");
      await expect(page.getByRole("note", { name: "Announcement" })).toContainText(message);
    });

    test(`${refusal.what}: the reason is shown at ${refusal.field}`, async ({ page }) => {
      const form = await submitRefused(page, refusal);
      const field = form.getByLabel(refusal.field);
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(refusal.reason);
    });
  }

  test("the announcement is turned off again and leaves the pages", async ({ page }) => {
    await signInAsAdmin(page, config);
    await turnAnnouncementOff(page);
    await expect(group(page, "Announcement banner").getByLabel("Show the banner")).not.toBeChecked();
    await openPage(page, "/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("note", { name: "Announcement" })).toHaveCount(0);
  });
});

test.describe("the announcement's preview and the page's sections", () => {
  test("the preview draws the banner as it is typed, before anything is saved", async ({ page }) => {
    await signInAsAdmin(page, config);
    const banner = group(page, "Announcement banner");
    const preview = banner.getByRole("note", { name: "Preview of the announcement" });
    const text = uniqueName("E2E preview only");
    await banner.getByLabel("Message").fill(text);
    await expect(preview).toContainText(text);
    await banner.getByLabel("Link words").fill("Read more");
    await banner.getByLabel("Link address").fill("/products/v5");
    await expect(preview).toContainText("Read more");
    // The preview's link goes nowhere: trying it out never leaves the unsaved form.
    await expect(preview.getByRole("link")).toHaveCount(0);
    await banner.getByLabel("Tone").selectOption({ label: "Warning (amber)" });
    await expect(preview).toHaveClass(/border-amber-500/);
    await banner.getByLabel("Show the banner").uncheck();
    await expect(banner.getByText("Off: turn on “Show the banner” to show it once saved.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the section links lead to each group", async ({ page }) => {
    await signInAsAdmin(page, config);
    const sections = page.getByRole("navigation", { name: "Settings groups" });
    await sections.getByRole("link", { name: "Analytics identifiers" }).click();
    await expect(page).toHaveURL(/#analytics$/);
    await expect(page.getByRole("heading", { level: 2, name: "Analytics identifiers" })).toBeInViewport();
  });
});
