import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { desktopViewport, publicPaths } from "../support/site.ts";

test.use({ viewport: desktopViewport });

type SearchEntry = { id: string; title: string; titles: string[]; level: 1 | 2; content: string };

function isSearchEntry(value: unknown): value is SearchEntry {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.id === "string" &&
    typeof entry.title === "string" &&
    Array.isArray(entry.titles) &&
    entry.titles.every((title) => typeof title === "string") &&
    (entry.level === 1 || entry.level === 2) &&
    typeof entry.content === "string"
  );
}

async function fetchIndex(request: APIRequestContext): Promise<SearchEntry[]> {
  const response = await request.get("/api/search.json");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  const body: unknown = await response.json();
  expect(Array.isArray(body)).toBe(true);
  const entries = body as unknown[];
  const malformed = entries.filter((entry) => !isSearchEntry(entry));
  expect(malformed, "entries that are not { id, title, titles, level, content }").toEqual([]);
  return entries as SearchEntry[];
}

function dialog(page: Page): Locator {
  return page.getByRole("dialog", { name: "Search the site", exact: true });
}

function combobox(page: Page): Locator {
  return dialog(page).getByRole("combobox", { name: "Search the site", exact: true });
}

async function openWithShortcut(page: Page): Promise<void> {
  await page.keyboard.press("Control+k");
  await expect(dialog(page)).toBeVisible();
  await expect(combobox(page)).toBeFocused();
}

test.describe("search index", () => {
  test("covers every public page, each once at level 1, with unique ids", async ({ request }) => {
    const index = await fetchIndex(request);
    const pages = index.filter((entry) => entry.level === 1).map((entry) => entry.id);
    expect(pages.toSorted()).toEqual([...publicPaths].sort());
    const ids = index.map((entry) => entry.id);
    expect(new Set(ids).size, "ids are unique").toBe(ids.length);
    for (const entry of index.filter((item) => item.level === 2)) {
      const [path = "", section = ""] = entry.id.split("#");
      expect(publicPaths as readonly string[], `${entry.id} belongs to a public page`).toContain(path);
      expect(section, `${entry.id} names a section`).not.toBe("");
      expect(entry.titles.length, `${entry.id} names its page`).toBeGreaterThan(0);
    }
  });

  test("every section in the index exists on its page", async ({ request }) => {
    const index = await fetchIndex(request);
    const idsByPath = new Map<string, string[]>();
    for (const entry of index) {
      const [path = "", section] = entry.id.split("#");
      if (section) idsByPath.set(path, [...(idsByPath.get(path) ?? []), section]);
    }
    for (const [path, sections] of idsByPath) {
      const html = await (await request.get(path)).text();
      const missing = sections.filter((section) => !html.includes(`id="${section}"`));
      expect.soft(missing, `sections of ${path} missing from the page`).toEqual([]);
    }
  });
});

test.describe("search dialog", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
  });

  test("Ctrl+K opens a modal dialog with the search combobox", async ({ page }) => {
    await openWithShortcut(page);
    expect(
      await dialog(page).evaluate((element) => element instanceof HTMLDialogElement && element.matches(":modal")),
    ).toBe(true);
    await expect(combobox(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("typing shows options; the arrow keys move the selection", async ({ page }) => {
    await openWithShortcut(page);
    await combobox(page).fill("diabetes");
    const options = dialog(page).getByRole("option");
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeGreaterThan(1);
    await expect(combobox(page)).toHaveAttribute("aria-expanded", "true");
    await expect(options.first()).toContainText(/diabetes/i);

    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
    const secondId = await options.nth(1).getAttribute("id");
    await expect(combobox(page)).toHaveAttribute("aria-activedescendant", secondId ?? "(no id)");
    await page.keyboard.press("ArrowUp");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "false");
    await expect(dialog(page).locator('[role="option"][aria-selected="true"]')).toHaveCount(1);
  });

  test("the selected option is scrolled into view as the arrows move past the visible results", async ({ page }) => {
    await openWithShortcut(page);
    await combobox(page).fill("diabetes");
    const options = dialog(page).getByRole("option");
    await expect(options.nth(1)).toBeVisible();
    const count = await options.count();
    const last = options.nth(count - 1);
    // ArrowUp from the first result wraps to the last one.
    await page.keyboard.press("ArrowUp");
    await expect(last).toHaveAttribute("aria-selected", "true");
    await expect(last).toBeInViewport();
    await page.keyboard.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await expect(options.first()).toBeInViewport();
  });

  test("Enter opens the chosen result at its section", async ({ page, request }) => {
    const index = await fetchIndex(request);
    await openWithShortcut(page);
    await combobox(page).fill("diabetes");
    const options = dialog(page).getByRole("option");
    await expect(options.nth(1)).toBeVisible();
    await page.keyboard.press("ArrowDown");
    const chosen = options.nth(1);
    await expect(chosen).toHaveAttribute("aria-selected", "true");
    const chosenText = await chosen.innerText();

    await page.keyboard.press("Enter");
    // The second result for "diabetes" is a section of a page, so the URL carries its id.
    await page.waitForURL((url) => url.pathname !== "/" && url.hash.length > 1);
    const url = new URL(page.url());
    const entry = index.find((item) => item.id === `${url.pathname}${url.hash}`);
    expect(entry, `${url.pathname}${url.hash} is an entry of the index`).toBeDefined();
    expect(chosenText).toContain(entry?.title ?? "(no entry)");
    const target = page.locator(`[id="${decodeURIComponent(url.hash.slice(1))}"]`);
    await expect(target).toHaveCount(1);
    await expect(target).toBeInViewport();
  });

  test("Escape closes the dialog and focus returns to the header button", async ({ page }) => {
    const opener = page.getByRole("banner").getByRole("button", { name: "Search", exact: true });
    await opener.click();
    await expect(dialog(page)).toBeVisible();
    await expect(combobox(page)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    await expect(opener).toBeFocused();
    // It opens again after closing.
    await opener.click();
    await expect(dialog(page)).toBeVisible();
  });

  test("Close search closes the dialog", async ({ page }) => {
    await openWithShortcut(page);
    await dialog(page).getByRole("button", { name: "Close search", exact: true }).click();
    await expect(dialog(page)).toBeHidden();
  });

  test("a query with no match says so", async ({ page }) => {
    await openWithShortcut(page);
    await combobox(page).fill("zqxjvwk");
    await expect(dialog(page).getByText("No results for")).toBeVisible();
    await expect(dialog(page).getByRole("option")).toHaveCount(0);
    await expect(combobox(page)).toHaveAttribute("aria-expanded", "false");
  });
});
