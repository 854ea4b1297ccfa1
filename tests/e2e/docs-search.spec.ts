import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { confirm, expectToast } from "../support/pages.ts";
import { expect, expectMode, modes, openPortal, test, useMode } from "../support/portal.ts";

/**
 * The docs search as readers look things up (an error code, a mistyped word) in the ⌘K
 * panel, and the search synonyms editors keep on the docs admin page. The seeded docs
 * are only read; a synonym group a test adds has terms no other test uses.
 */

const synonymsPage = "/dashboard/admin/docs?view=synonyms";

// A refused save (400) is logged by Chromium.
test.use({ allowedConsoleError: /status of 400/ });

async function searchDocs(page: Page, query: string) {
  await page.goto("/docs");
  await page.keyboard.press("Control+k");
  const search = page.getByRole("combobox", { name: "Search the site" });
  await search.fill(query);
  return page.getByRole("listbox", { name: "Results" });
}

/** A term no other test or seeded doc holds: letters only, so it is one word. */
function uniqueTerm(label: string): string {
  const letters = Array.from({ length: 10 }, () => "abcdefghijklmnopqrstuvwxyz"[Math.floor(Math.random() * 26)]);
  return `${label}${letters.join("")}`;
}

test("an error code finds the page that lists it first, with its row; a mistyped word is searched as the word the docs hold", async ({
  page,
}) => {
  const results = await searchDocs(page, "error code 204");
  const first = results.getByRole("option").first();
  await expect(first).toContainText("Error codes › Network, export and printing");
  await expect(first).toContainText("E-204 · Export target not reachable");
  await expect(first.locator("mark")).toHaveText("E-204");
  await first.click();
  await expect(page).toHaveURL(/\/docs\/troubleshooting\/error-codes#user-content-network-export-and-printing$/);

  const corrected = await searchDocs(page, "phantm");
  await expect(page.getByText("Showing docs for “phantom”.")).toBeVisible();
  await expect(corrected.getByRole("option", { name: /Daily phantom check/ }).first()).toBeVisible();

  // The results page says so too, and works without script.
  await page.goto("/docs/search?q=phantm");
  await expect(page.getByRole("status").filter({ hasText: "as typed" })).toHaveText(
    /^Nothing matches “phantm” as typed: \d+ pages? match “phantom”, best first\.$/,
  );
  await expect(page.getByRole("link", { name: /Daily phantom check/ }).first()).toBeVisible();
});

test("an editor adds a group of synonyms, a reader's search widens with it, and it is edited and deleted", async ({
  page,
}) => {
  test.slow();
  const [made, other] = [uniqueTerm("zig"), uniqueTerm("ble")];
  await openPortal(page, synonymsPage);
  await expect(page.getByRole("list", { name: "Synonyms: Wi-Fi, wireless, WLAN" })).toBeVisible();
  const search = await searchDocs(page, made);
  await expect(search.getByRole("option")).toHaveCount(0);

  await openPortal(page, synonymsPage);
  const add = page.locator("form").filter({ hasText: "Add a group" });
  await add.getByRole("textbox", { name: "Terms" }).fill(made);
  await add.getByRole("button", { name: "Add the group" }).click();
  await expect(add.getByText("Give at least two terms, separated by commas")).toBeVisible();
  await expect(add.getByRole("textbox", { name: "Terms" })).toHaveValue(made);
  await add.getByRole("textbox", { name: "Terms" }).fill(`${made}, transducer`);
  await add.getByRole("button", { name: "Add the group" }).click();
  await expectToast(page, "Synonyms added");
  const group = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("list", { name: `Synonyms: ${made}, transducer` }) });
  await expect(group).toBeVisible();

  const widened = await searchDocs(page, made);
  await expect(widened.getByRole("option", { name: /Error codes/ }).first()).toBeVisible();

  // Edit, by keyboard: the row becomes its form, with the terms ready to change.
  await openPortal(page, synonymsPage);
  await group.getByRole("link", { name: `Edit the synonyms ${made}, transducer` }).click();
  const terms = page.getByRole("textbox", { name: "Terms" }).first();
  await expect(terms).toBeFocused();
  await expect(terms).toHaveValue(`${made}, transducer`);
  await page.keyboard.press("Control+a");
  await page.keyboard.type(`${made}, ${other}, ${made.toUpperCase()}`);
  await page.keyboard.press("Enter");
  await expect(page.getByText("are the same term: list it once.")).toBeVisible();
  await terms.fill(`${made}, ${other}`);
  await page.keyboard.press("Enter");
  await expectToast(page, "Synonyms saved");
  const edited = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("list", { name: `Synonyms: ${made}, ${other}` }) });
  await expect(edited).toBeVisible();
  await expect(page).not.toHaveURL(/edit=/);

  await edited.getByRole("button", { name: `Delete the synonyms ${made}, ${other}` }).click();
  await confirm(page, "Delete these synonyms?", "Delete them");
  await expectToast(page, "Synonyms deleted");
  await expect(edited).toHaveCount(0);
});

for (const mode of modes) {
  test(`axe finds nothing on the search synonyms, listed and edited (${mode})`, async ({ page }) => {
    await useMode(page, mode);
    await openPortal(page, synonymsPage);
    await expectMode(page, mode);
    await expect(page.getByRole("heading", { name: "Search synonyms", level: 2 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: /^Edit the synonyms Wi-Fi/ }).click();
    await expect(page.getByRole("textbox", { name: "Terms" }).first()).toBeFocused();
    await expectNoAxeViolations(page);
  });
}

test("the synonyms fit a phone: no sideways scrolling at 320 px", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await openPortal(page, synonymsPage);
  await expect(page.getByRole("heading", { name: "Search synonyms", level: 2 })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
