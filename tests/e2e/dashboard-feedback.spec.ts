import type { Page, Route } from "@playwright/test";
import { toastItem } from "../support/pages.ts";
import {
  expect,
  expectApart,
  expectMode,
  expectOnTop,
  modes,
  openPortal,
  portalViewports,
  test,
  useMode,
} from "../support/portal.ts";

/**
 * Feedback is seen where it happens: a toast raised from inside a side panel is above the
 * panel, a button says it is working while its form is on its way, and a slow page shows
 * a bar along the top. Every write here changes nothing (a seeded editor saved as an
 * editor), so the tests can run beside any other.
 */

const editor = { name: "Rahul Venkataraman", search: "rahul.venkataraman" };
const usersPath = `/dashboard/admin/users?q=${editor.search}`;

async function openEditorsPanel(page: Page) {
  await openPortal(page, usersPath);
  await page.getByRole("link", { name: editor.name }).click();
  const panel = page.getByRole("dialog", { name: editor.name });
  await expect(panel.getByRole("combobox", { name: "Role" })).toHaveValue("editor");
  return panel;
}

/**
 * A seeded organization per screen and mode, saved unchanged: the four tests can run at
 * once without one's save making another's version stale.
 */
const panelOrganizations = {
  phone: { light: "Larkspur Regional Hospital", dark: "Jacaranda Street Bone Health Clinic" },
  desktop: { light: "Maple Hollow Community Health Centre", dark: "Turquoise Mesa Medical Center" },
} as const;

/** Holds the page's form posts until `release` is called: the moment in between can be looked at. */
async function holdPosts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/dashboard/admin/users.data*", async (route: Route) => {
    if (route.request().method() === "POST") await released;
    await route.fallback();
  });
  return release;
}

for (const [screen, viewport] of Object.entries(portalViewports)) {
  for (const mode of modes) {
    test.describe(`on a ${screen}, in ${mode} mode`, () => {
      test.use({ viewport });

      test("a save inside a side panel shows its toast above the panel", async ({ page }) => {
        await useMode(page, mode);
        const panel = await openEditorsPanel(page);
        await expectMode(page, mode);
        await panel.getByRole("button", { name: "Change role" }).click();
        const toast = toastItem(page, `${editor.name} is now an editor`);
        await expect(toast).toBeVisible();
        // The panel is still open, and the toast is what a person sees where it stands.
        await expect(panel).toBeVisible();
        await expectOnTop(toast);
        // Dismissing the toast leaves the panel open.
        await toast.getByRole("button", { name: `Dismiss: ${editor.name} is now an editor` }).click();
        await expect(toast).toHaveCount(0);
        await expect(panel).toBeVisible();
      });

      test("a long record's panel keeps its close button and save bar in view, and its toast clear of both", async ({
        page,
      }) => {
        const name = panelOrganizations[screen as keyof typeof panelOrganizations][mode];
        await useMode(page, mode);
        await openPortal(page, `/dashboard/admin/organizations?q=${encodeURIComponent(name)}`);
        await page.getByRole("table", { name: "Organizations" }).getByRole("link", { name, exact: true }).click();
        const panel = page.getByRole("dialog", { name });
        await expectMode(page, mode);
        const close = panel.getByRole("button", { name: "Close" });
        const save = panel.getByRole("button", { name: "Save changes" });
        // Scrolled to the foot of the details, the way out and the save button are still there.
        const last = panel.getByLabel("List it on the public locations page");
        await last.scrollIntoViewIfNeeded();
        await expect(last).toBeInViewport();
        await expectOnTop(close);
        await expectOnTop(save);
        await save.click();
        const toast = toastItem(page, `${name} was saved`);
        await expect(toast).toBeVisible();
        await expectOnTop(toast);
        // The toast hides neither of them.
        await expectApart(toast, save);
        await expectApart(toast, close);
        await expectOnTop(save);
        await expectOnTop(close);
      });
    });
  }
}

test.describe("while a form is on its way", () => {
  test.use({ viewport: portalViewports.desktop });

  test("its button says so and ignores a second press; focus stays on it when the answer comes", async ({ page }) => {
    const panel = await openEditorsPanel(page);
    const release = await holdPosts(page);
    const button = panel.getByRole("region", { name: "Permissions" }).locator("button[type=submit]");
    await expect(button).toHaveAccessibleName("Change role");
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts += 1;
    });
    await button.click();
    await expect(button).toHaveAccessibleName("Saving…");
    await expect(button).toHaveAttribute("aria-disabled", "true");
    await expect(page.locator("[data-navigation-progress]")).toHaveCount(1);
    // A second press, as an impatient person makes it (Playwright will not click an aria-disabled button).
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    release();
    await expect(toastItem(page, `${editor.name} is now an editor`)).toBeVisible();
    await expect(button).toHaveAccessibleName("Change role");
    await expect(button).not.toHaveAttribute("aria-disabled");
    await expect(button).toBeFocused();
    await expect(page.locator("[data-navigation-progress]")).toHaveCount(0);
    expect(posts, "the second press sent nothing").toBe(1);
  });
});

test.describe("a page that takes a moment", () => {
  test.use({ viewport: portalViewports.phone });

  test("shows the progress bar until it arrives, and none once it has", async ({ page }) => {
    await openPortal(page, "/dashboard");
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/dashboard/admin/activity.data*", async (route) => {
      await released;
      await route.fallback();
    });
    await expect(page.locator("[data-navigation-progress]")).toHaveCount(0);
    await page.getByRole("button", { name: "Open the portal menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Activity", exact: true }).click();
    const bar = page.locator("[data-navigation-progress]");
    await expect(bar).toHaveCount(1);
    // It shows itself after a moment (a CSS delay), without anyone waiting on a clock here.
    await expect(bar).toHaveCSS("opacity", "1");
    release();
    await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
    await expect(bar).toHaveCount(0);
  });
});
