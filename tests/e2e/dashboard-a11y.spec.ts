import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "../support/axe.ts";
import { csrfTokenOf } from "../support/pages.ts";
import {
  adminPages,
  expect,
  expectMode,
  modes,
  openPortal,
  seededPerson,
  signedOut,
  signUpViewer,
  test,
  useMode,
  waitForPortal,
} from "../support/portal.ts";
import { desktopViewport } from "../support/site.ts";

test.use({ viewport: desktopViewport });

/** Opens `path` in each mode, lets `ready` bring the page into the state to check, and runs axe. */
async function checkInBothModes(page: Page, path: string, ready: () => Promise<void>): Promise<void> {
  for (const mode of modes) {
    await test.step(mode, async () => {
      await useMode(page, mode);
      await openPortal(page, path);
      await expectMode(page, mode);
      await ready();
      await expectNoAxeViolations(page);
    });
  }
}

/** The id in the first link of a list that opens a record by `param` (?user=…, ?edit=…). */
async function firstIdIn(page: Page, listPath: string, param: string): Promise<string> {
  await page.goto(listPath);
  const href = await page.locator(`main table a[href*="${param}="]`).first().getAttribute("href");
  const id = new URLSearchParams(href?.split("?")[1]).get(param) ?? "";
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id;
}

test.describe("axe on every portal page, as the admin, in light and dark mode", () => {
  for (const { path, heading } of adminPages) {
    test(path, async ({ page }) => {
      await checkInBothModes(page, path, () =>
        expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible(),
      );
    });
  }

  test.describe("a portal path without a page", () => {
    test.use({ allowedConsoleError: /status of 404/ });

    test("/dashboard/admin/nothing-here?view=grid", async ({ page }) => {
      await checkInBothModes(page, "/dashboard/admin/nothing-here?view=grid", () =>
        expect(
          page.getByRole("heading", {
            level: 1,
            name: "Page not found: /dashboard/admin/nothing-here?view=grid",
            exact: true,
          }),
        ).toBeVisible(),
      );
    });
  });
});

test.describe("axe with a dialog open, in light and dark mode", () => {
  test("the user panel", async ({ page }) => {
    const id = await firstIdIn(page, "/dashboard/admin/users?sort=name", "user");
    await checkInBothModes(page, `/dashboard/admin/users?sort=name&user=${id}`, async () => {
      await expect(page.getByRole("dialog")).toBeVisible();
      await expect(page.getByRole("dialog").getByRole("heading").first()).toBeVisible();
    });
  });

  test("the organization editor, on each of its tabs", async ({ page }) => {
    // Every tab in both modes, each checked whole by axe.
    test.slow();
    const id = await firstIdIn(page, "/dashboard/admin/organizations", "edit");
    await checkInBothModes(page, `/dashboard/admin/organizations?edit=${id}`, async () => {
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("textbox").first()).toBeVisible();
      // Details are checked after this returns; the other tabs here.
      for (const tab of ["Contacts", "Members", "Danger zone"]) {
        await dialog.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
        await expect(dialog.getByRole("tabpanel", { name: new RegExp(`^${tab}`) })).toBeVisible();
        await expectNoAxeViolations(page);
      }
      await dialog.getByRole("tab", { name: "Details" }).click();
      await expect(dialog.getByRole("tabpanel", { name: "Details" })).toBeVisible();
    });
  });

  test("a file's panel in the media library", async ({ page }) => {
    await openPortal(page, "/dashboard/admin/media");
    const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#0e7490" } })
      .png()
      .toBuffer();
    const uploaded = await page.request.post("/uploads/media", {
      headers: { "x-csrf-token": await csrfTokenOf(page), "x-file-name": "axe-check.png" },
      data: picture,
    });
    expect(uploaded.status()).toBe(201);
    const { media } = (await uploaded.json()) as { media: { id: string } };
    await checkInBothModes(page, `/dashboard/admin/media?file=${media.id}`, async () => {
      const dialog = page.getByRole("dialog", { name: "axe-check.png" });
      await expect(dialog.getByLabel("Alt text")).toBeVisible();
      await expect(dialog.locator("picture img")).toBeVisible();
    });
  });

  test("the release editor", async ({ page }) => {
    await page.goto("/dashboard/releases?status=draft");
    const href = await page.getByRole("link", { name: /^Edit/ }).first().getAttribute("href");
    const id = new URLSearchParams(href?.split("?")[1]).get("edit") ?? "";
    await checkInBothModes(page, `/dashboard/releases?edit=${id}`, async () => {
      await expect(page.getByRole("dialog").getByLabel("Version")).toBeVisible();
    });
  });

  test("the invite dialog", async ({ page }) => {
    await checkInBothModes(page, "/dashboard/admin/users?invite=1", () =>
      expect(page.getByRole("dialog", { name: "Invite a person" })).toBeVisible(),
    );
  });

  test("the command palette, showing pages, actions and people", async ({ page }) => {
    await checkInBothModes(page, "/dashboard", async () => {
      await page.keyboard.press("Control+k");
      const palette = page.getByRole("dialog", { name: "Command palette" });
      await expect(palette.getByRole("combobox")).toBeFocused();
      await expect(palette.getByRole("option").first()).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.type(seededPerson.search);
      await expect(palette.getByRole("option", { name: new RegExp(seededPerson.name) })).toBeVisible();
    });
  });

  test("the keyboard shortcuts", async ({ page }) => {
    await checkInBothModes(page, "/dashboard", async () => {
      await page.keyboard.press("?");
      await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    });
  });
});

test.describe("as a viewer", () => {
  test.use({ storageState: signedOut });

  test("the viewer's overview in light and dark mode", async ({ page }) => {
    await useMode(page, "light");
    const person = await signUpViewer(page);
    const heading = page.getByRole("heading", { level: 1, name: `Welcome, ${person.name}` });
    await expectMode(page, "light");
    await test.step("light", () => expectNoAxeViolations(page));
    await useMode(page, "dark");
    await page.reload();
    await expect(heading).toBeVisible();
    await waitForPortal(page);
    await expectMode(page, "dark");
    await test.step("dark", () => expectNoAxeViolations(page));
  });
});

test.describe("keyboard", () => {
  test("Tab from the top reaches the skip link first, and it moves focus to main", async ({ page }) => {
    await openPortal(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
    // The next Tab goes on from main, not from the top of the page.
    await page.keyboard.press("Tab");
    const next = await page.evaluate(() => document.activeElement?.closest("main") !== null);
    expect(next, "the Tab after the skip link lands inside main").toBe(true);
  });
});
