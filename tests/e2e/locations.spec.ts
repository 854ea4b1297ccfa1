import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";

/**
 * The locations finder as a visitor uses it: by ZIP code, by state, by their own
 * location (with JavaScript), by product and kind; and the same search as a plain form
 * without JavaScript. The demo data's listed organizations are what it finds.
 */

// A hand-edited address the page cannot read answers 400, which Chromium logs.
test.use({ allowedConsoleError: /status of 40[0-9]/ });

const finder = (page: Page) => page.getByRole("search", { name: "Find a location" });
const resultsHeading = (page: Page) => page.locator("[data-results-heading]");
const cards = (page: Page) =>
  page
    .getByRole("list", { name: "Locations" })
    .getByRole("listitem")
    .filter({
      has: page.getByRole("heading", { level: 4 }),
    });
/**
 * The cards of the demo data's organizations. Other tests list organizations of their
 * own (named by `uniqueName`, some in Madison) while these run; which demo clinic is
 * nearest does not change with them, and `expectNearestFirst` checks the whole order.
 */
const seededCards = (page: Page) =>
  cards(page).filter({ hasNot: page.getByRole("heading", { level: 4, name: / \d+-[0-9a-z]+-\d+$/ }) });

/** Every card's distance, in the order shown, never shrinks; at least `atLeast` cards. */
async function expectNearestFirst(page: Page, atLeast = 1): Promise<void> {
  const texts = await cards(page).allInnerTexts();
  const miles = texts.map((text) => Number(/([\d.]+) miles? \(/.exec(text)?.[1] ?? Number.NaN));
  expect(miles.length).toBeGreaterThanOrEqual(atLeast);
  for (const [index, distance] of miles.entries()) {
    expect(distance, `card ${index + 1}: ${texts[index]}`).not.toBeNaN();
    if (index > 0)
      expect(distance, `card ${index + 1} is nearer than card ${index}`).toBeGreaterThanOrEqual(miles[index - 1] ?? 0);
  }
}

test("a visitor finds the nearest clinics by ZIP code, then narrows by product and kind", async ({ page }) => {
  await page.goto("/locations");
  await expect(resultsHeading(page)).toHaveText(/^\d+ locations listed$/);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoAxeViolations(page);
  }

  await finder(page).getByLabel("City, state or ZIP code").fill("53703");
  await finder(page).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/place=53703/);
  await expect(resultsHeading(page)).toHaveText(/^\d+ locations? within 100 miles of ZIP code 53703$/);
  const first = seededCards(page).first();
  await expect(first.getByRole("heading")).toHaveText("Prairie Creek Family Clinic");
  await expect(first).toContainText(/\d\.\d miles \(\d+ km\) away/);
  await expect(first).toContainText("Certified operators");
  await expect(first.locator("address")).toContainText("418 Willow Bend Road");
  await expectNearestFirst(page);
  await expect(first.getByRole("link", { name: "+1 608 555 0117" })).toHaveAttribute("href", "tel:+16085550117");
  // The words typed stay in the form.
  await expect(finder(page).getByLabel("City, state or ZIP code")).toHaveValue("53703");

  await finder(page).getByLabel("Within").selectOption("500");
  await finder(page).getByLabel("Type of organization").selectOption("hospital");
  await finder(page).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/kind=hospital/);
  const hospitals = cards(page);
  await expect(hospitals.first()).toBeVisible();
  for (const card of await hospitals.all()) await expect(card).toContainText(/^Hospital/);
});

test("a visitor browses by state and by country, and the current one is marked", async ({ page }) => {
  await page.goto("/locations");
  const browse = page.getByRole("navigation", { name: "Browse by state" });
  await browse.getByRole("link", { name: "Minnesota" }).click();
  await expect(page).toHaveURL(/place=MN/);
  await expect(resultsHeading(page)).toHaveText(/^\d+ locations? in Minnesota$/);
  await expect(browse.getByRole("link", { name: "Minnesota" })).toHaveAttribute("aria-current", "true");
  expect(await cards(page).count()).toBeGreaterThan(0);
  for (const card of await cards(page).all()) await expect(card.locator("address")).toContainText(", MN ");

  await browse.getByRole("link", { name: "Canada" }).click();
  await expect(page).toHaveURL(/country=CA/);
  await expect(resultsHeading(page)).toHaveText(/^\d+ locations? in Canada$/);
  await expect(browse.getByRole("link", { name: "Canada" })).toHaveAttribute("aria-current", "true");
  await expect(cards(page).first().locator("address")).toContainText("Canada");
});

test.describe("with the browser's location", () => {
  // Minneapolis, as the browser would say after the visitor allows it.
  test.use({ geolocation: { latitude: 44.9778, longitude: -93.265 }, permissions: ["geolocation"] });

  test("'Use my location' searches near the visitor, and says so", async ({ page }) => {
    await page.goto("/locations");
    await finder(page).getByRole("button", { name: "Use my location" }).click();
    await expect(page).toHaveURL(/lat=44\.98&lng=-93\.27|lat=44\.98.*lng=-93\.27/);
    await expect(resultsHeading(page)).toHaveText(/within 100 miles of your location$/);
    await expect(seededCards(page).first().getByRole("heading")).toHaveText("Northfield Orthopedic & Sports Clinic");
    // A place typed afterwards is the new search.
    await finder(page).getByLabel("City, state or ZIP code").fill("Wisconsin");
    await finder(page).getByRole("button", { name: "Search" }).click();
    await expect(resultsHeading(page)).toHaveText(/in Wisconsin$/);
  });
});

test("a ZIP code that does not exist is said beside the field, the search kept; axe finds nothing", async ({
  page,
}) => {
  await page.goto("/locations?place=00000");
  const field = finder(page).getByLabel("City, state or ZIP code");
  await expect(field).toHaveValue("00000");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(
    /^We could not find ZIP code 00000\. Check it, or type a city or a state\./,
  );
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoAxeViolations(page);
  }
});

test("an address parameter the page cannot read is a 400 that names it", async ({ page }) => {
  const response = await page.goto("/locations?product=v9");
  expect(response?.status()).toBe(400);
  await expect(page.getByText('The address asks for product "v9"')).toBeVisible();
});

test("each listing on the page is described for search engines", async ({ page }) => {
  await page.goto("/locations?place=WI");
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const listings = blocks
    .map((text) => JSON.parse(text) as { "@type"?: string; name?: string; address?: { addressRegion?: string } })
    .filter((json) => json["@type"] === "MedicalClinic" || json["@type"] === "Hospital");
  expect(listings.map((json) => json.name)).toContain("Prairie Creek Family Clinic");
  for (const json of listings) expect(json.address?.addressRegion).toBe("WI");
});

test("at 320 pixels the finder fits without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto("/locations?place=53703");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(cards(page).first()).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search is a plain form, and 'Use my location' is not offered", async ({ page }) => {
    await page.goto("/locations");
    await expect(finder(page).getByRole("button", { name: "Use my location" })).toBeHidden();
    await finder(page).getByLabel("City, state or ZIP code").fill("Wisconsin");
    await finder(page).getByLabel("Only organizations with certified operators").check();
    await finder(page).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/place=Wisconsin.*certified=1/);
    await expect(resultsHeading(page)).toHaveText(/^[1-9]\d* locations? in Wisconsin$/);
    for (const card of await cards(page).all()) await expect(card).toContainText("Certified operators");
  });
});

/**
 * Found by place (issue 36): a city with its state, a city alone, a city with nothing
 * near it, a country, and a place the search does not know; the same answers with
 * JavaScript and without, axe clean in both colour modes.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`by place, with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    const search = async (page: Page, place: string, within?: string) => {
      await page.goto("/locations");
      await finder(page).getByLabel("City, state or ZIP code").fill(place);
      if (within) await finder(page).getByLabel("Within").selectOption(within);
      await finder(page).getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/place=/);
    };
    const status = (page: Page) => page.locator("[data-results-status]");
    const near = (page: Page) => page.locator("[data-results-near]");
    // axe runs in the page's JavaScript; with it off the server's HTML is the same, and is checked with it on.
    const axeInBothModes = async (page: Page) => {
      if (!javaScriptEnabled) return;
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expectNoAxeViolations(page);
      }
    };

    test("“Madison, WI” finds the clinics near Madison, Wisconsin, nearest first", async ({ page }) => {
      await search(page, "Madison, WI");
      await expect(resultsHeading(page)).toHaveText(/^\d+ locations? within 100 miles of Madison, Wisconsin$/);
      await expect(near(page)).toHaveText("Showing results near Madison, Wisconsin, United States.");
      const first = seededCards(page).first();
      await expect(first.getByRole("heading")).toHaveText("Prairie Creek Family Clinic");
      await expect(first).toContainText(/\d\.\d miles \(\d+ km\) away/);
      await expectNearestFirst(page);
      await expect(page.getByText("Other places called")).toHaveCount(0);
      await expect(page.getByRole("region", { name: "Densara’s nearest office or distributor" })).toContainText(
        "Densara Headquarters & Manufacturing",
      );
      // The script says the answer politely; without it the page itself is the answer.
      if (javaScriptEnabled) await expect(status(page)).toHaveText(/within 100 miles of Madison, Wisconsin/);
      else await expect(status(page)).toHaveText("");
    });

    test("“Chicago” alone is Chicago, Illinois, and the page says so", async ({ page }) => {
      await search(page, "Chicago", "250");
      await expect(resultsHeading(page)).toHaveText(/^\d+ locations? within 250 miles of Chicago, Illinois$/);
      await expect(near(page)).toHaveText("Showing results near Chicago, Illinois, United States.");
      await expect(cards(page).first()).toContainText(/\d+ miles \(\d+ km\) away/);
      await expect(cards(page).filter({ hasText: "Prairie Creek Family Clinic" })).toHaveCount(1);
      await expectNearestFirst(page, 2);
    });

    test("“Toronto” with nothing near offers the nearest, with distances, and the Toronto distributor", async ({
      page,
    }) => {
      // Two axe runs on a long page: room for a loaded machine.
      test.slow();
      await search(page, "Toronto", "25");
      await expect(resultsHeading(page)).toHaveText("Nothing within 25 miles of Toronto, Ontario");
      await expect(near(page)).toHaveText("Showing results near Toronto, Ontario, Canada.");
      const nearest = page
        .getByRole("list", { name: "Nearest locations" })
        .getByRole("listitem")
        .filter({
          has: page.getByRole("heading", { level: 4 }),
        });
      await expect(nearest.first().getByRole("heading")).toHaveText("Maple Hollow Community Health Centre");
      await expect(nearest.first()).toContainText(/\d+ miles \(\d+ km\) away/);
      const densara = page.getByRole("region", { name: "Densara’s nearest office or distributor" });
      await expect(densara).toContainText("Northway Medical Distribution Ltd. (Distributor), Toronto, ON M5V 1L7");
      await expect(densara).toContainText(/\d\.\d miles \(\d+ km\) away/);
      await densara.getByRole("link", { name: "Northway Medical Distribution Ltd." }).click();
      await expect(page).toHaveURL(/#offices$/);
      await axeInBothModes(page);
    });

    test("a country lists its listings", async ({ page }) => {
      await search(page, "Germany");
      await expect(resultsHeading(page)).toHaveText(/^[1-9]\d* locations? in Germany$/);
      for (const card of await cards(page).all()) await expect(card.locator("address")).toContainText("Germany");
    });

    test("a place it does not know gets a sentence and places spelt alike, axe clean", async ({ page }) => {
      test.slow();
      await search(page, "Chicgo");
      await expect(resultsHeading(page)).toHaveText("We could not find “Chicgo”");
      await expect(page.getByText("It is not a place we know")).toBeVisible();
      await axeInBothModes(page);
      await page.getByRole("list", { name: "Places with a similar name" }).getByRole("link").first().click();
      await expect(resultsHeading(page)).toHaveText(/within 100 miles of Chicago, Illinois$/);
    });

    test("a place with a line break is refused beside the field, what was typed kept", async ({ page }) => {
      await page.goto("/locations?place=Madison%0AWI");
      const field = finder(page).getByLabel("City, state or ZIP code");
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(/^Write the place on one line\./);
    });
  });
}
