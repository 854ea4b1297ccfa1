import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { expectToast, isoDay, openPage, pick, reloadPage, signInAsAdmin, uniqueName } from "../support/pages.ts";
import { escapeRegExp } from "../support/site.ts";

/**
 * The activity log as an administrator. Each test makes its own writes (an organization
 * with a name nobody else uses) and narrows the log to them with the search filter, so
 * what others write at the same time never gets in the way.
 */

const activity = "/dashboard/admin/activity";
const csvHeader = "time (UTC),actor,via,action,record type,record id,record,changes,address,browser";

/** Adds an organization and lists it then hides it again: three writes on one record. */
async function writeSomething(page: Page, name: string): Promise<void> {
  await openPage(page, "/dashboard/admin/organizations?new=1");
  const dialog = page.getByRole("dialog", { name: "Add an organization" });
  await dialog.getByLabel("Name", { exact: true }).first().fill(name);
  await dialog.getByLabel("City").fill("Madison");
  await dialog.getByRole("button", { name: "Add the organization" }).click();
  await expectToast(page, `${name} was added`);
  await openPage(page, `/dashboard/admin/organizations?q=${encodeURIComponent(name)}`);
  await page.getByRole("button", { name: `List ${name} on the locations page` }).click();
  await expectToast(page, `${name} is listed on the locations page`);
  await page.getByRole("button", { name: `Hide ${name} on the locations page` }).click();
  await expectToast(page, `${name} is no longer listed publicly`);
}

/** Splits the export into lines (the cells here hold no line breaks). */
function csvLines(text: string): string[] {
  expect(text.endsWith("\r\n")).toBe(true);
  return text.slice(0, -2).split("\r\n");
}

test.describe("activity log", () => {
  test("the writes made appear with who, what and record, and the filters narrow them", async ({ page }) => {
    // A long flow on a shared server with two workers on two cores.
    test.slow();
    const name = uniqueName("E2E Activity Clinic");
    await signInAsAdmin(page, "/dashboard");
    await writeSomething(page, name);

    await openPage(page, activity);
    const filters = page.getByRole("search", { name: "Filter the activity log" });
    // Typing is enough: the list follows after a short pause, the URL keeps it, and the field keeps focus.
    const searchbox = filters.getByLabel("Person or record");
    await searchbox.fill(name);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${escapeRegExp(encodeURIComponent(name).replace(/%20/g, "+"))}`));
    await expect(searchbox).toBeFocused();
    await expect(searchbox).toHaveValue(name);
    const table = page.getByRole("table", { name: "Activity" });
    // The rows of events (a day's heading is a row too, without a row header).
    const rows = table.locator("tbody tr").filter({ has: page.locator("th[scope=row]") });
    await expect(page.getByRole("status").filter({ hasText: /^3 events$/ })).toBeVisible();
    await expect(table.getByRole("rowheader", { name: "Today" })).toBeVisible();
    await expect(rows).toHaveCount(3);
    // Newest first: hidden, listed, added.
    await expect(rows.nth(0)).toContainText(`Administrator changed the public listing of ${name}`);
    await expect(rows.nth(2)).toContainText(`Administrator added the organization ${name}`);
    // Words, not codes.
    await expect(table).not.toContainText("organization.");
    for (const row of await rows.all()) {
      // Who, in the row's header (which also holds the time and place a stacked row shows, hidden here).
      await expect(row.getByRole("rowheader")).toContainText(/Administrator (added|changed|hid|listed) /);
      // Where from: the test's own address (it sends X-Forwarded-For to the e2e server,
      // which trusts it) and the browser (the Desktop Chrome device says Windows).
      await expect(row).toContainText(/198\.18\.\d+\.\d+\s*Chrome on Windows/);
    }
    // A row's changes open to show what changed.
    await rows.nth(0).getByText("1 field").filter({ visible: true }).click();
    await expect(rows.nth(0)).toContainText("publicListing");
    await expect(rows.nth(0)).toContainText("yes → no");

    // By action: a choice applies at once, and its chip says what is set.
    await filters.getByLabel("What").selectOption("organization.create");
    await expect(page).toHaveURL(/[?&]action=organization\.create(&|$)/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`added the organization ${name}`);
    await expect(page.getByRole("list", { name: "Filters in use" })).toContainText("What: Organization added");
    // By who and kind of record as well.
    await pick(filters, "Who", "administrator", /^Administrator/);
    await expect(page).toHaveURL(/[?&]actor=/);
    await filters.getByLabel("Kind of record").selectOption({ label: "Organizations" });
    await expect(page).toHaveURL(/[?&]type=organization(&|$)/);
    await expect(rows).toHaveCount(1);
    await filters.getByLabel("Kind of record").selectOption({ label: "Users" });
    await expect(page.getByText("Nothing matches these filters")).toBeVisible();
    // Removing a chip removes that filter alone.
    await page.getByRole("link", { name: "Remove the filter Kind: Users" }).click();
    await expect(page).not.toHaveURL(/[?&]type=/);
    await expect(rows).toHaveCount(1);
    await expect(filters.getByLabel("Kind of record")).toHaveValue("");

    // By dates: today includes them; a range that ended yesterday does not.
    await openPage(page, `${activity}?q=${encodeURIComponent(name)}`);
    await filters.getByLabel("From").fill(isoDay(0));
    await filters.getByLabel("To").fill(isoDay(0));
    await expect(page).toHaveURL(new RegExp(`[?&]from=${isoDay(0)}&to=${isoDay(0)}`));
    await expect(rows).toHaveCount(3);
    await filters.getByLabel("From").fill(isoDay(-30));
    await filters.getByLabel("To").fill(isoDay(-1));
    await expect(page.getByText("Nothing matches these filters")).toBeVisible();
    // The range alone (no search) still shows the seeded history of those days.
    await openPage(page, `${activity}?from=${isoDay(-30)}&to=${isoDay(-1)}`);
    await expect(rows.first()).toBeVisible();
    await expect(table).not.toContainText(name);

    // The filters survive a reload.
    await openPage(page, `${activity}?q=${encodeURIComponent(name)}&action=organization.setPublicListing`);
    await expect(rows).toHaveCount(2);
    await reloadPage(page);
    await expect(filters.getByLabel("What")).toHaveValue("organization.setPublicListing");
    await expect(rows).toHaveCount(2);
  });

  test("on a wide screen the filters sit on one row, a person picked among them included", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsAdmin(page, activity);
    const filters = page.getByRole("search", { name: "Filter the activity log" });
    await pick(filters, "Who", "administrator", /^Administrator/);
    await expect(page).toHaveURL(/[?&]actor=/);
    // Picked, the person shows in a field-sized box with a button to clear them, which has focus.
    const who = filters.getByRole("group", { name: "Who" });
    await expect(who).toContainText("Administrator");
    await expect(who.getByRole("button", { name: /^Clear \(anyone\): Administrator/ })).toBeFocused();
    const controls = [
      filters.getByLabel("Person or record"),
      who,
      filters.getByLabel("What"),
      filters.getByLabel("Kind of record"),
      filters.getByLabel("From"),
      filters.getByLabel("To"),
    ];
    const boxes = [];
    for (const control of controls) {
      await expect(control).toBeVisible();
      const box = await control.boundingBox();
      if (!box) throw new Error("a filter has no box");
      boxes.push(box);
    }
    const tops = boxes.map((box) => Math.round(box.y));
    expect(new Set(tops).size, `the filters' tops: ${tops.join(", ")}`).toBe(1);
    const heights = boxes.map((box) => Math.round(box.height));
    expect(new Set(heights).size, `the filters' heights: ${heights.join(", ")}`).toBe(1);

    await who.getByRole("button", { name: "Clear (anyone): Administrator" }).click();
    await expect(page).not.toHaveURL(/[?&]actor=/);
    await expect(filters.getByRole("combobox", { name: "Who" })).toBeFocused();
    // Removing its chip clears the picker too.
    await pick(filters, "Who", "administrator", /^Administrator/);
    await page.getByRole("link", { name: "Remove the filter Who: Administrator" }).click();
    await expect(page).not.toHaveURL(/[?&]actor=/);
    await expect(filters.getByRole("combobox", { name: "Who" })).toHaveValue("");
    await expect(who).toHaveCount(0);
  });

  test("Export as CSV downloads the filtered rows", async ({ page }) => {
    // A long flow on a shared server with two workers on two cores.
    test.slow();
    const name = uniqueName("E2E Export Clinic");
    await signInAsAdmin(page, "/dashboard");
    await writeSomething(page, name);

    await openPage(page, `${activity}?q=${encodeURIComponent(name)}&action=organization.setPublicListing`);
    await expect(page.getByRole("table", { name: "Activity" }).locator("tbody tr:has(th[scope=row])")).toHaveCount(2);
    const link = page.getByRole("link", { name: /Export as CSV/ });
    await expect(link).toHaveAccessibleName(/the rows these filters select/);
    const downloading = page.waitForEvent("download");
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`densara-activity-${isoDay(0)}.csv`);
    const path = await download.path();
    const lines = csvLines(await readFile(path, "utf8"));
    expect(lines[0]).toBe(csvHeader);
    const rows = lines.slice(1);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toContain(",Administrator,session,organization.setPublicListing,organization,");
      expect(row).toContain(`,${name},`);
      expect(row).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,/);
    }
    // Newest first, as on the page: hidden, then listed.
    expect(rows[0]).toMatch(/,"\{""publicListing"":\{(""from"":true,""to"":false|""to"":false,""from"":true)\}\}",/);
    expect(rows[1]).toMatch(/,"\{""publicListing"":\{(""from"":false,""to"":true|""to"":true,""from"":false)\}\}",/);
    expect(rows[0]).toMatch(/,198\.18\.\d+\.\d+,"Mozilla\/5\.0 [^"]*"$/);

    // Without the action filter the file has the creation too; with a past range, nothing but the header.
    const all = await page.request.get(`${activity}/export?q=${encodeURIComponent(name)}`);
    expect(all.headers()["content-type"]).toContain("text/csv");
    const allLines = csvLines(await all.text());
    expect(allLines[0]).toBe(csvHeader);
    expect(allLines.slice(1)).toHaveLength(3);
    expect(allLines.at(-1)).toContain("organization.create");
    const past = await page.request.get(
      `${activity}/export?q=${encodeURIComponent(name)}&from=${isoDay(-30)}&to=${isoDay(-1)}`,
    );
    expect(csvLines(await past.text())).toEqual([csvHeader]);
  });
});
