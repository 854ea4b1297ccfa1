import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { desktopViewport, escapeRegExp } from "../support/site.ts";

test.use({ viewport: desktopViewport });

const groups = [
  {
    name: "About",
    links: [
      ["About", "/about"],
      ["FAQ", "/about/faq"],
      ["Contact Us", "/about/contact"],
      ["Get Certified", "/about/get-certified"],
    ],
  },
  {
    name: "Health",
    links: [
      ["Bone Health", "/health-conditions/bone-health"],
      ["Type 2 Diabetes", "/health-conditions/type-2-diabetes"],
      ["Research", "/research"],
    ],
  },
  {
    name: "Products",
    links: [
      ["v5", "/products/v5"],
      ["v4", "/products/v4"],
    ],
  },
] as const;

function mainNav(page: Page): Locator {
  return page.getByRole("banner").getByRole("navigation", { name: "Main", exact: true });
}

function groupButton(page: Page, name: string): Locator {
  return mainNav(page).getByRole("button", { name, exact: true });
}

/** The popover a group button controls, found through its popovertarget attribute. */
async function popoverOf(page: Page, button: Locator): Promise<Locator> {
  const id = await button.getAttribute("popovertarget");
  expect(id, "the group button names its popover").toBeTruthy();
  const popover = page.locator(`[id="${id ?? ""}"]`);
  await expect(popover).toHaveAttribute("popover");
  return popover;
}

/** The popover lists exactly these links, in order; each link's name starts with its label (a description may follow). */
async function expectLinks(
  popover: Locator,
  expected: readonly (readonly [label: string, href: string])[],
): Promise<void> {
  const links = popover.getByRole("link");
  await expect(links).toHaveCount(expected.length);
  const hrefs = await links.evaluateAll((elements) => elements.map((element) => element.getAttribute("href")));
  expect(hrefs).toEqual(expected.map(([, href]) => href));
  for (const [index, [label]] of expected.entries()) {
    await expect(links.nth(index)).toHaveAccessibleName(new RegExp(`^${escapeRegExp(label)}\\b`));
  }
}

test.describe("desktop header", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
  });

  test("shows the logo, the badge, the main navigation and Sign in, and is 64px tall", async ({ page }) => {
    const header = page.getByRole("banner");
    const logo = header.getByRole("link", { name: "Densara home", exact: true });
    await expect(logo).toBeVisible();
    await expect(logo).toHaveAttribute("href", "/");
    await expect(header.getByRole("img", { name: "Made in USA" })).toBeVisible();
    await expect(mainNav(page)).toBeVisible();
    for (const { name } of groups) await expect(groupButton(page, name)).toBeVisible();
    for (const [name, href] of [
      ["Research", "/research"],
      ["Testimonials", "/testimonials"],
      ["Locations", "/locations"],
    ] as const) {
      const link = mainNav(page).getByRole("link", { name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", href);
    }
    const signIn = header.getByRole("link", { name: "Sign in", exact: true });
    await expect(signIn).toBeVisible();
    await expect(signIn).toHaveAttribute("href", /^\/auth\/login/);
    await expect(header.getByRole("button", { name: "Open menu" })).toBeHidden();
    // 4rem tall.
    expect((await header.boundingBox())?.height).toBe(64);
  });

  test("the desktop navigation starts at 1024px; below it the menu button takes over", async ({ page }) => {
    const openMenu = page.getByRole("banner").getByRole("button", { name: "Open menu", exact: true });
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(mainNav(page)).toBeVisible();
    await expect(openMenu).toBeHidden();
    await page.setViewportSize({ width: 1023, height: 800 });
    await expect(mainNav(page)).toBeHidden();
    await expect(openMenu).toBeVisible();
  });

  test("each group's popover lists its links in order and is at most 16rem wide", async ({ page }) => {
    for (const group of groups) {
      await test.step(group.name, async () => {
        const button = groupButton(page, group.name);
        const popover = await popoverOf(page, button);
        await expect(popover).toBeHidden();
        await button.click();
        await expect(popover).toBeVisible();
        await expectLinks(popover, group.links);
        const box = await popover.boundingBox();
        expect(box?.width).toBeGreaterThan(0);
        expect(box?.width).toBeLessThanOrEqual(256);
        await page.keyboard.press("Escape");
        await expect(popover).toBeHidden();
      });
    }
  });

  test("a group opens on mouse hover, stays open over its links, and closes when the mouse leaves", async ({
    page,
  }) => {
    const button = groupButton(page, "Health");
    const popover = await popoverOf(page, button);
    await button.hover();
    await expect(popover).toBeVisible();
    await popover.getByRole("link").last().hover();
    await expect(popover).toBeVisible();
    await page.mouse.move(5, 700);
    await expect(popover).toBeHidden();
  });

  test("a click on a group the mouse opened keeps it open", async ({ page }) => {
    const button = groupButton(page, "Health");
    const popover = await popoverOf(page, button);
    await button.hover();
    await expect(popover).toBeVisible();
    await button.click();
    await expect(popover).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popover).toBeHidden();
  });

  for (const key of ["Enter", "Space"] as const) {
    test(`a group opens with ${key}, Tab moves into its links, Escape closes it`, async ({ page }) => {
      const button = groupButton(page, "Products");
      const popover = await popoverOf(page, button);
      await button.focus();
      await page.keyboard.press(key);
      await expect(popover).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(popover.getByRole("link").first()).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(popover).toBeHidden();
    });
  }

  test("only one group is open at a time", async ({ page }) => {
    const about = await popoverOf(page, groupButton(page, "About"));
    const products = await popoverOf(page, groupButton(page, "Products"));
    await groupButton(page, "About").focus();
    await page.keyboard.press("Enter");
    await expect(about).toBeVisible();
    await groupButton(page, "Products").focus();
    await page.keyboard.press("Enter");
    await expect(products).toBeVisible();
    await expect(about).toBeHidden();
  });

  test("following a popover link opens its page", async ({ page }) => {
    const button = groupButton(page, "About");
    const popover = await popoverOf(page, button);
    await button.click();
    await popover.getByRole("link", { name: /^FAQ/ }).click();
    await expect(page).toHaveURL(/\/about\/faq$/);
    await expect(page.locator("h1")).toHaveCount(1);
  });
});

test.describe("current page marking", () => {
  test("a link in a group is aria-current on its page, and only there", async ({ page }) => {
    await page.goto("/about/faq");
    const button = groupButton(page, "About");
    const popover = await popoverOf(page, button);
    await button.click();
    await expect(popover.getByRole("link", { name: /^FAQ/ })).toHaveAttribute("aria-current", "page");
    await expect(popover.getByRole("link", { name: /^Contact Us/ })).not.toHaveAttribute("aria-current");
    await expect(mainNav(page).locator('[aria-current="page"]')).toHaveCount(1);
  });

  test("a top-level link is aria-current on its page", async ({ page }) => {
    await page.goto("/testimonials");
    await expect(mainNav(page).getByRole("link", { name: "Testimonials", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(mainNav(page).getByRole("link", { name: "Locations", exact: true })).not.toHaveAttribute(
      "aria-current",
    );
  });

  test("the home page marks no navigation link as current", async ({ page }) => {
    await page.goto("/");
    await expect(mainNav(page).locator('[aria-current="page"]')).toHaveCount(0);
  });
});

test.describe("footer", () => {
  test("has the About, Health, Company and Resources columns, safe external links, the copyright and social links", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");

    await test.step("columns", async () => {
      for (const name of ["About", "Health", "Company", "Resources"]) {
        const column = footer.getByRole("navigation", { name, exact: true });
        await expect(column).toBeVisible();
        await expect(column.getByRole("link")).not.toHaveCount(0);
      }
      const about = footer.getByRole("navigation", { name: "About", exact: true }).getByRole("link");
      const hrefs = await about.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(hrefs).toEqual(["/about/v5", "/about/v4", "/about/faq", "/about/contact", "/about/get-certified"]);
    });

    await test.step("every link that opens a new tab has rel noopener", async () => {
      const external = page.locator('a[target="_blank"]');
      expect(await external.count()).toBeGreaterThan(0);
      const rels = await external.evaluateAll((links) =>
        links.map((link) => `${link.getAttribute("href") ?? ""} rel=${link.getAttribute("rel") ?? ""}`),
      );
      for (const rel of rels) expect.soft(rel).toMatch(/rel=(?:.*\s)?noopener(?:\s|$)/);
    });

    await test.step("copyright line", async () => {
      const line = footer.getByText(/©/);
      await expect(line).toContainText(String(new Date().getFullYear()));
      await expect(line).toContainText("Densara Medical Systems, Inc.");
    });

    await test.step("social links", async () => {
      for (const network of ["Facebook", "Instagram", "LinkedIn", "X"]) {
        const link = footer.getByRole("link", { name: `Densara on ${network} (opens in a new tab)`, exact: true });
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("href", /^https:\/\//);
      }
    });
  });

  test("the /about/v4 footer link leads to the v4 product page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").locator('a[href="/about/v4"]').click();
    await expect(page).toHaveURL(/\/products\/v4$/);
    await expect(page.locator("h1")).toHaveCount(1);
  });
});
