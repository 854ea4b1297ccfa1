import type { Page } from "@playwright/test";
import { submitSignIn } from "../support/accounts.ts";
import {
  adminOnlyPages,
  adminPages,
  adminSidebarLabels,
  expect,
  openPortal,
  portalNav,
  portalViewports,
  seededPerson,
  signedOut,
  signUpViewer,
  test,
  waitForPortal,
} from "../support/portal.ts";

/** The breadcrumb trail as its items read, e.g. ["Dashboard", "Users"]. */
function breadcrumbItems(page: Page) {
  return page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem");
}

function palette(page: Page) {
  return page.getByRole("dialog", { name: "Command palette" });
}

/** Horizontal overflow of the page in CSS pixels (0 or less: no sideways scrolling). */
function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test.describe("the portal's sidebar, as the admin", () => {
  test("lists every page, marks the current one, and the breadcrumbs follow", async ({ page }) => {
    await openPortal(page);
    const nav = portalNav(page);
    await expect(nav.getByRole("link")).toHaveText(adminSidebarLabels);
    await expect(breadcrumbItems(page)).toHaveText(["Dashboard"]);

    for (const current of adminPages) {
      await nav.getByRole("link", { name: current.label, exact: true }).click();
      await expect(page).toHaveURL(current.path);
      await expect(page.getByRole("heading", { level: 1, name: current.heading })).toBeVisible();
      for (const other of adminPages) {
        const link = nav.getByRole("link", { name: other.label, exact: true });
        if (other === current) await expect(link).toHaveAttribute("aria-current", "page");
        else await expect(link).not.toHaveAttribute("aria-current");
      }
      const crumbs = breadcrumbItems(page);
      if (current.path === "/dashboard") {
        await expect(crumbs).toHaveText(["Dashboard"]);
      } else {
        await expect(crumbs).toHaveText(["Dashboard", current.label]);
        await expect(crumbs.first().getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
        await expect(crumbs.last().locator('[aria-current="page"]')).toHaveText(current.label);
      }
    }
  });

  test("folds to its icons, keeps the links' names, and remembers it after a reload", async ({ page }) => {
    await openPortal(page);
    const sidebar = page.getByRole("complementary");
    const nav = portalNav(page);
    const toggle = sidebar.getByRole("button", { name: "Collapse sidebar" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    const wide = (await sidebar.boundingBox())?.width ?? 0;
    expect(wide).toBeGreaterThan(200);

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect.poll(async () => (await sidebar.boundingBox())?.width ?? 0).toBeLessThan(100);
    for (const { label } of adminPages) {
      // The label stays for screen readers, the icon is what shows, and the name shows
      // beside it on hover and on keyboard focus.
      const link = nav.getByRole("link", { name: label, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("data-tip", label);
      const tip = () => link.evaluate((element) => getComputedStyle(element, "::after").display);
      expect(await tip()).toBe("none");
      await link.hover();
      await expect.poll(tip).toBe("block");
      // Shown, the tip leaves the link's name as it was.
      await expect(link).toHaveAccessibleName(label);
    }
    // The mark stands for the logo, whole, not a squeezed wordmark.
    const mark = sidebar.getByRole("link", { name: "Densara" }).getByRole("img", { name: "Densara" });
    expect((await mark.boundingBox())?.width).toBeGreaterThanOrEqual(32);

    await page.reload();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect.poll(async () => (await sidebar.boundingBox())?.width ?? 0).toBeLessThan(100);
    await expect(nav.getByRole("link")).toHaveText(adminSidebarLabels);

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect.poll(async () => (await sidebar.boundingBox())?.width ?? 0).toBeGreaterThan(200);
  });
});

test.describe("as a fresh viewer", () => {
  test.use({ storageState: signedOut });

  test("the sidebar and the palette offer no admin page or action", async ({ page }) => {
    await signUpViewer(page);
    await expect(portalNav(page).getByRole("link")).toHaveText([
      "Overview",
      "Documentation",
      "Releases",
      "Your settings",
    ]);

    await page.getByRole("button", { name: "Search and commands" }).click();
    const dialog = palette(page);
    await expect(dialog).toBeVisible();
    const options = dialog.getByRole("option");
    await expect(options.first()).toBeVisible();
    const offered = await options.allInnerTexts();
    expect(offered.some((text) => text.startsWith("Overview"))).toBe(true);
    expect(offered.some((text) => text.startsWith("Your settings"))).toBe(true);
    for (const adminOnly of [
      ...adminOnlyPages.map((entry) => entry.label),
      "Invite a person",
      "Add an organization",
      "Export the activity log as CSV",
    ]) {
      expect(
        offered.filter((text) => text.startsWith(adminOnly)),
        `the viewer's palette offers ${adminOnly}`,
      ).toEqual([]);
    }

    // Nor does it look people up for them.
    await dialog.getByRole("combobox").fill(seededPerson.search);
    await expect(dialog.getByText("Nothing matches. Try another word.")).toBeVisible();
    await expect(dialog.getByRole("group", { name: "Found" })).toHaveCount(0);

    // It finds the docs and releases they may read: a release by its version, a doc by its words.
    await dialog.getByRole("combobox").fill("5.2.1");
    const found = dialog.getByRole("group", { name: "Found" });
    await expect(found.getByRole("option", { name: /v5 5\.2\.1.*Release/ })).toBeVisible();
    await dialog.getByRole("combobox").fill("phantom");
    await expect(found.getByRole("option", { name: /Daily phantom check.*Doc/ }).first()).toBeVisible();
    await found
      .getByRole("option", { name: /Daily phantom check.*Doc/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/docs\/calibration\/daily-phantom-check/);
  });

  test("the sidebar's Documentation link opens the docs reader", async ({ page }) => {
    await signUpViewer(page);
    await portalNav(page).getByRole("link", { name: "Documentation" }).click();
    await expect(page).toHaveURL("/docs");
    await expect(page.getByRole("heading", { level: 1, name: "Densara docs" })).toBeVisible();
  });
});

test.describe("on a phone, 320 px wide and more", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("no page scrolls sideways, at 320 px and at 390 px, with a list's filters open too", async ({ page }) => {
    // Every admin page twice over: one visit each is quick, all of them take a while.
    test.slow();
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 640 });
      for (const { path, heading } of adminPages) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        // Soft, so one run names every page that scrolls sideways.
        expect
          .soft(await horizontalOverflow(page), `sideways overflow on ${path} at ${width} px`)
          .toBeLessThanOrEqual(0);
        const filters = page.getByRole("button", { name: /^Filters/ });
        if ((await filters.count()) === 0) continue;
        await waitForPortal(page);
        await filters.click();
        await expect(page.getByRole("search")).toBeVisible();
        expect
          .soft(await horizontalOverflow(page), `sideways overflow on ${path} at ${width} px, filters open`)
          .toBeLessThanOrEqual(0);
      }
    }
  });

  test("the menu button opens the portal menu; a link or Escape closes it", async ({ page }) => {
    await openPortal(page);
    // While the modal menu is open, the rest of the page is hidden from assistive technology.
    const button = page.getByRole("button", { name: "Open the portal menu", includeHidden: true });
    const menu = page.getByRole("dialog", { name: "Portal menu" });
    await expect(button).toHaveAttribute("aria-expanded", "false");

    /** The button ignores presses for 200 ms after the last one (spec §4), so press until it opens. */
    const openMenu = async () => {
      await expect(async () => {
        if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
        await expect(menu).toBeVisible({ timeout: 1_000 });
      }).toPass();
      await expect(button).toHaveAttribute("aria-expanded", "true");
    };

    await openMenu();
    await expect(menu.getByRole("navigation", { name: "Portal" }).getByRole("link")).toHaveText(adminSidebarLabels);
    await expect(menu.getByRole("link", { name: "Back to the website" })).toHaveAttribute("href", "/");

    await menu.getByRole("link", { name: "Organizations", exact: true }).click();
    await expect(page).toHaveURL("/dashboard/admin/organizations");
    await expect(page.getByRole("heading", { level: 1, name: "Organizations" })).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");

    await openMenu();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});

test.describe("the command palette", () => {
  test("Ctrl+K opens it with focus in its input; 'organ' offers Organizations and Enter goes there", async ({
    page,
  }) => {
    await openPortal(page);
    await page.keyboard.press("Control+k");
    const dialog = palette(page);
    await expect(dialog).toBeVisible();
    const input = dialog.getByRole("combobox");
    await expect(input).toBeFocused();

    await page.keyboard.type("organ");
    const organizations = dialog.getByRole("option", { name: /^Organizations\b/ });
    await expect(organizations).toBeVisible();
    await expect(organizations).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/dashboard/admin/organizations");
    await expect(page.getByRole("heading", { level: 1, name: "Organizations" })).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test("finds a seeded person on the server and opens their panel", async ({ page }) => {
    await openPortal(page);
    await page.getByRole("button", { name: "Search and commands" }).click();
    const dialog = palette(page);
    await expect(dialog.getByRole("combobox")).toBeFocused();
    await page.keyboard.type(seededPerson.search);
    const person = dialog.getByRole("option", { name: new RegExp(seededPerson.name) });
    await expect(person).toBeVisible();
    await person.click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/users\?user=[0-9a-f-]{36}$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("dialog", { name: seededPerson.name })).toBeVisible();
  });

  test("Escape closes it and focus returns to the page", async ({ page }) => {
    await openPortal(page);
    const opener = page.getByRole("button", { name: "Search and commands" });
    await opener.click();
    const dialog = palette(page);
    await expect(dialog.getByRole("combobox")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // Opened with Ctrl+K, closing puts focus back where it was (here: main).
    await page.locator("main").focus();
    await page.keyboard.press("Control+k");
    await expect(dialog.getByRole("combobox")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.locator("main")).toBeFocused();
  });
});

test.describe("keyboard shortcuts", () => {
  test("'?' lists them and 'g' then 'u' goes to the users", async ({ page }) => {
    await openPortal(page);
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(help).toBeVisible();
    for (const { label } of adminPages) await expect(help).toContainText(`Go to ${label}`);
    await expect(help).toContainText("Open the command palette");
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();

    await page.keyboard.press("g");
    await page.keyboard.press("u");
    await expect(page).toHaveURL("/dashboard/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  });

  test("do nothing while typing in a text field", async ({ page }) => {
    await openPortal(page, "/dashboard/admin/organizations");
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));

    const field = page.getByRole("searchbox", { name: "Name or city" });
    await field.click();
    await page.keyboard.type("gu?");
    await expect(field).toHaveValue("gu?");
    await page.keyboard.press("[");

    // Out of the field, the same keys work: the listener is there and saw the keys above.
    await page.getByRole("heading", { level: 1, name: "Organizations" }).click();
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(help).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();

    // The words went to the list's search (it follows typing), and 'g' then 'u' went nowhere.
    await expect(page).toHaveURL("/dashboard/admin/organizations?q=gu%3F%5B");
    await expect(field).toHaveValue("gu?[");
    await expect(page.getByRole("complementary").getByRole("button", { name: "Collapse sidebar" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    expect(requested.filter((path) => path.startsWith("/dashboard/admin/users"))).toEqual([]);
  });
});

test.describe("the account menu", () => {
  test.use({ storageState: signedOut });

  test("shows who is signed in, leads to the settings, saves the colour mode to the account, and signs out", async ({
    baseURL,
    browser,
    page,
  }) => {
    const person = await signUpViewer(page, "account-menu");
    const button = page.getByRole("button", { name: /Account menu/ });
    const menu = page.locator("#user-menu");
    await expect(menu).toBeHidden();
    await button.click();
    await expect(menu).toBeVisible();
    await expect(menu).toContainText(person.name);
    await expect(menu).toContainText(person.email);
    await expect(menu.getByText("viewer", { exact: true })).toBeVisible();

    await menu.getByRole("link", { name: "Your settings" }).click();
    await expect(page).toHaveURL("/dashboard/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Your settings" })).toBeVisible();
    await expect(menu).toBeHidden();

    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await button.click();
    const saved = page.waitForResponse(
      (response) =>
        response.url().includes("/graphql") &&
        response.request().method() === "POST" &&
        (response.request().postData() ?? "").includes("SaveColorMode"),
    );
    await menu.getByRole("button", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(menu.getByRole("button", { name: "Dark" })).toHaveAttribute("aria-pressed", "true");
    expect((await saved).ok()).toBe(true);

    // The choice belongs to the account: a new browser (light, nothing stored) shows it dark.
    const elsewhere = await browser.newContext({ baseURL, colorScheme: "light" });
    const other = await elsewhere.newPage();
    await other.goto("/auth/login?returnTo=/dashboard");
    await submitSignIn(other, person);
    await expect(other).toHaveURL("/dashboard");
    await expect(other.locator("html")).toHaveClass(/\bdark\b/);
    await elsewhere.close();

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await button.click();
    await menu.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
    const status = await page.request.get("/auth/session");
    expect(await status.json()).toMatchObject({ signedIn: false });
  });
});

test.describe("a portal address without a page", () => {
  test.use({ allowedConsoleError: /status of 404/ });

  test("leads to the nearest page and the dashboard, and offers no reload", async ({ page }) => {
    await page.goto("/dashboard/admin/users/no-such-person");
    await expect(
      page.getByRole("heading", { level: 1, name: "Page not found: /dashboard/admin/users/no-such-person" }),
    ).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("button", { name: "Reload the page" })).toHaveCount(0);
    await main.getByRole("link", { name: "Go to Users" }).click();
    await expect(page).toHaveURL("/dashboard/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();

    await page.goto("/dashboard/no-such-page");
    await expect(main.getByRole("link", { name: /^Go to/ })).toHaveCount(0);
    await expect(main.getByRole("link", { name: "Back to the dashboard" })).toBeVisible();
  });
});

test.describe("the breadcrumb on a phone", () => {
  test.use({ viewport: portalViewports.phone });

  test("shows the page's own name, whole", async ({ page }) => {
    await openPortal(page, "/dashboard/admin/organizations");
    const trail = page.getByRole("navigation", { name: "Breadcrumb" });
    const current = trail.locator('[aria-current="page"]');
    await expect(current).toHaveText("Organizations");
    await expect(current).toBeVisible();
    expect(await current.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await expect(trail.getByRole("link", { name: "Dashboard" })).toBeHidden();
  });
});
