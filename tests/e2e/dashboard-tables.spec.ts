import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, expectMode, modes, openPortal, portalViewports, test, useMode } from "../support/portal.ts";

/**
 * The portal's lists (app/components/dashboard/data-table.tsx) are real tables at every
 * width: stacked on a phone or at 200% zoom, a table with its columns wide. Their
 * semantics never depend on CSS, their headers never break inside a word, and a row's
 * actions stay on one line.
 */

const lists = [
  { path: "/dashboard/admin/users", table: "Users", primary: "Name", aside: "Status" },
  { path: "/dashboard/admin/organizations", table: "Organizations", primary: "Name", aside: "Certification" },
  { path: "/dashboard/admin/inquiries", table: "Inquiries", primary: "From", aside: "Status" },
  {
    path: "/dashboard/admin/inquiries/applications",
    table: "Certification applications",
    primary: "Applicant",
    aside: "Status",
  },
  { path: "/dashboard/admin/activity", table: "Activity", primary: "What happened", aside: "When" },
  { path: "/dashboard/admin/docs", table: "Docs", primary: "Doc", aside: "Status" },
] as const;

/** 200% zoom on a 1280 × 800 screen: a window 640 CSS pixels wide, each drawn with two device pixels. */
const zoomed = { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 };

/** How the table's parts are laid out: every one must stay a table part (or be left out). */
function tableDisplays(table: Locator) {
  return table.evaluate((element) => {
    const allowed: Record<string, string[]> = {
      TABLE: ["table"],
      // Read, not seen: the caption is visually hidden (positioned, so a block).
      CAPTION: ["table-caption", "block"],
      THEAD: ["table-header-group"],
      TBODY: ["table-row-group"],
      TR: ["table-row"],
      TH: ["table-cell", "none"],
      TD: ["table-cell", "none"],
    };
    const parts = [element, ...element.querySelectorAll("caption, thead, tbody, tr, th, td")];
    return parts
      .map((part) => ({ tag: part.tagName, display: getComputedStyle(part).display }))
      .filter(({ tag, display }) => !allowed[tag]?.includes(display))
      .map(({ tag, display }) => `${tag} is display: ${display}`);
  });
}

/**
 * The columns each row keeps (the indexes of its cells that are laid out): the header row
 * and every body row must keep the same ones, so that each cell sits under its own header.
 */
function columnsKept(table: Locator) {
  return table.evaluate((element) => {
    const kept = (row: HTMLTableRowElement) =>
      [...row.cells]
        .map((cell, index) => (getComputedStyle(cell).display === "none" ? -1 : index))
        .filter((index) => index >= 0)
        .join(",");
    const header = element.querySelector<HTMLTableRowElement>("thead tr");
    const rows = [...element.querySelectorAll<HTMLTableRowElement>("tbody tr")].filter(
      (row) => !row.querySelector("th[scope=rowgroup]"),
    );
    return { header: header ? kept(header) : "", rows: [...new Set(rows.map(kept))] };
  });
}

/** Words of the table's column headers that a line break cuts in two ("Me / mbers"). */
function brokenHeaderWords(table: Locator) {
  return table.evaluate((element) => {
    const broken: string[] = [];
    for (const header of element.querySelectorAll("thead th")) {
      if (getComputedStyle(header).display === "none") continue;
      const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => rect.top));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

/** How far the table is wider than its frame (which clips it): 0 when nothing is cut off. */
function clippedWidth(table: Locator) {
  return table.evaluate((element) => {
    const frame = element.parentElement;
    return frame ? Math.max(0, element.getBoundingClientRect().width - frame.clientWidth) : 0;
  });
}

async function expectSoundTable(page: Page, list: (typeof lists)[number], stacked: boolean) {
  const table = page.getByRole("table", { name: list.table });
  await expect(table).toBeVisible();
  expect(await tableDisplays(table), `${list.path}: the table's parts keep their table layout`).toEqual([]);
  const columns = await columnsKept(table);
  expect(columns.rows, `${list.path}: every row keeps the header row's columns`).toEqual([columns.header]);
  // The roles a screen reader announces, as Chromium exposes them.
  await expect(table.getByRole("columnheader", { name: list.primary })).toHaveCount(1);
  await expect(table.getByRole("columnheader", { name: new RegExp(`^${list.aside}`) })).toHaveCount(1);
  expect(await table.getByRole("rowheader").count()).toBeGreaterThan(0);
  expect(await table.getByRole("cell").count()).toBeGreaterThan(0);
  // Stacked, two columns are kept (the name and the aside); wide, more.
  const kept = columns.header.split(",").length;
  if (stacked) expect(kept, `${list.path}: a stacked table keeps two columns`).toBe(2);
  else expect(kept, `${list.path}: a wide table keeps its columns`).toBeGreaterThan(2);
  expect(await brokenHeaderWords(table), `${list.path}: header words broken across lines`).toEqual([]);
  expect(await clippedWidth(table), `${list.path}: the table fits its frame`).toBe(0);
}

test.describe("on a phone (390 px), a list is a stacked table that keeps its semantics", () => {
  test.use({ viewport: portalViewports.phone });

  for (const list of lists) {
    test(list.path, async ({ page }) => {
      await openPortal(page, list.path);
      await expectSoundTable(page, list, true);
      // The row's header (its name, the facts, what goes below) takes the row's width; the aside hangs beside it.
      const name = await page
        .getByRole("table", { name: list.table })
        .locator("tbody th[scope=row]")
        .first()
        .boundingBox();
      expect(name?.width ?? 0).toBeGreaterThan(portalViewports.phone.width * 0.8);
    });
  }

  test("the sort bar sorts a stacked table by a column it does not show", async ({ page }) => {
    await openPortal(page, "/dashboard/admin/users");
    const bar = page.getByRole("group", { name: "Users: Sort by" });
    await expect(bar).toBeVisible();
    // The header's own sort links are not shown (nor focusable) while the bar sorts.
    await expect(page.getByRole("table", { name: "Users" }).getByRole("link", { name: /^Name,/ })).toBeHidden();
    await bar.getByRole("link", { name: /^Last sign-in/ }).click();
    await expect(page).toHaveURL(/[?&]sort=lastSignIn(&|$)/);
    await expect(page.getByRole("table", { name: "Users" }).getByRole("columnheader", { name: "Name" })).toBeVisible();
  });

  test("axe finds nothing on the stacked lists, in light and dark mode", async ({ page }) => {
    test.slow();
    for (const mode of modes) {
      await useMode(page, mode);
      for (const list of lists) {
        await openPortal(page, list.path);
        await expectMode(page, mode);
        await expectNoAxeViolations(page);
      }
    }
  });
});

test.describe("at 200% zoom (a 640 px window), headers keep their words and actions stay together", () => {
  test.use(zoomed);

  for (const list of lists) {
    test(list.path, async ({ page }) => {
      await openPortal(page, list.path);
      await expectSoundTable(page, list, true);
    });
  }

  test("a doc's actions sit on one line under its title", async ({ page }) => {
    await openPortal(page, "/dashboard/admin/docs");
    await expectActionsOnOneLine(page.getByRole("table", { name: "Docs" }));
  });
});

test.describe("on a wide screen (1440 px), a list is a table with every column", () => {
  test.use({ viewport: portalViewports.desktop });

  for (const list of lists) {
    test(list.path, async ({ page }) => {
      await openPortal(page, list.path);
      await expectSoundTable(page, list, false);
    });
  }

  test("a doc's actions and an organization's listing button stay on one line in their columns", async ({ page }) => {
    await openPortal(page, "/dashboard/admin/docs");
    await expectActionsOnOneLine(page.getByRole("table", { name: "Docs" }));
    await openPortal(page, "/dashboard/admin/organizations");
    const table = page.getByRole("table", { name: "Organizations" });
    for (const row of (await table.locator("tbody tr").all()).slice(0, 5)) {
      const cell = row.getByRole("cell").last();
      const [words, button] = await Promise.all([
        cell.getByText(/^(On the locations page|Not shown)$/).boundingBox(),
        cell.getByRole("button").boundingBox(),
      ]);
      expect(words && button && Math.abs(words.y + words.height / 2 - (button.y + button.height / 2)) < 4).toBe(true);
    }
  });
});

test("the table keeps its semantics and fits its frame at every width from 320 to 1440 px", async ({ page }) => {
  test.slow();
  for (const width of [320, 480, 700, 800, 1024, 1100, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const list of [lists[0], lists[1], lists[5]]) {
      await openPortal(page, list.path);
      const table = page.getByRole("table", { name: list.table });
      await expect(table).toBeVisible();
      expect(await tableDisplays(table), `${list.path} at ${width} px`).toEqual([]);
      const columns = await columnsKept(table);
      expect(columns.rows, `${list.path} at ${width} px`).toEqual([columns.header]);
      expect(await brokenHeaderWords(table), `${list.path} at ${width} px`).toEqual([]);
      expect(await clippedWidth(table), `${list.path} at ${width} px`).toBe(0);
    }
  }
});

/** Every row's action buttons and links on one line: they share their vertical middle. */
async function expectActionsOnOneLine(table: Locator) {
  for (const row of (await table.locator("tbody tr").all()).slice(0, 5)) {
    const actions = row.getByRole("link", { name: /^(Edit|History of) / }).or(row.getByRole("button"));
    const boxes = (await Promise.all((await actions.all()).map((action) => action.boundingBox()))).filter(
      (box) => box !== null,
    );
    expect(boxes.length, "a doc offers several actions").toBeGreaterThan(2);
    const middles = boxes.map((box) => box.y + box.height / 2);
    expect(Math.max(...middles) - Math.min(...middles), "the actions share one line").toBeLessThan(4);
  }
}

test.describe("the inbox's tabs on a phone", () => {
  test.use({ viewport: portalViewports.phone });

  test("sit on one line with the current one underlined, or scroll; Tab moves between them", async ({ page }) => {
    await openPortal(page, "/dashboard/admin/inquiries/applications");
    const inbox = page.getByRole("navigation", { name: "Inbox" });
    const tabs = inbox.getByRole("link");
    await expect(tabs).toHaveCount(2);
    const [messages, applications] = [tabs.nth(0), tabs.nth(1)];
    await expect(applications).toHaveAttribute("aria-current", "page");
    const boxes = await Promise.all([messages.boundingBox(), applications.boundingBox()]);
    const scrolls = await inbox.evaluate((element) => element.scrollWidth > element.clientWidth);
    const oneRow = boxes[0] !== null && boxes[1] !== null && boxes[0].y === boxes[1].y;
    expect(oneRow || scrolls, "one row of tabs, or a row that scrolls").toBe(true);
    // The underline is the current tab's bottom border, on the bar's line.
    const bar = await inbox.boundingBox();
    expect(bar && boxes[1] && Math.abs(boxes[1].y + boxes[1].height - (bar.y + bar.height)) <= 1).toBe(true);

    await messages.focus();
    await page.keyboard.press("Tab");
    await expect(applications).toBeFocused();
    await expect(applications).toBeInViewport({ ratio: 1 });
    await page.keyboard.press("Shift+Tab");
    await expect(messages).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/dashboard/admin/inquiries");
    await expect(page.getByRole("navigation", { name: "Inbox" }).getByRole("link").first()).toHaveAttribute(
      "aria-current",
      "page",
    );
  });
});

test.describe("application statuses are pills, as the messages' are", () => {
  for (const viewport of [portalViewports.phone, portalViewports.desktop]) {
    test(`at ${viewport.width} px, in light and dark mode`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const mode of modes) {
        await useMode(page, mode);
        await openPortal(page, "/dashboard/admin/inquiries/applications");
        await expectMode(page, mode);
        const table = page.getByRole("table", { name: "Certification applications" });
        const status = table.getByRole("cell").getByText("Applied", { exact: true }).first();
        await expect(status).toBeVisible();
        // A pill: its own background behind the word (the word itself is the cue, not the colour).
        const [pill, row] = await Promise.all([
          status.evaluate((element) => getComputedStyle(element).backgroundColor),
          table
            .getByRole("row")
            .nth(1)
            .evaluate((element) => getComputedStyle(element).backgroundColor),
        ]);
        expect(pill).not.toBe(row);
        expect(pill).not.toBe("rgba(0, 0, 0, 0)");
        await expectNoAxeViolations(page);
      }
    });
  }
});
