import type { Page, Route } from "@playwright/test";
import {
  currentBuildId,
  documentIsMarked,
  expect,
  markDocument,
  openPortal,
  portalNav,
  readReloadGuard,
  recordDocumentLoads,
  routeModule,
  stopPageClock,
  test,
  waitForPortal,
  forgetFetches,
  waitForFetch,
} from "../support/portal.ts";

/**
 * Spec §4 and §7: the portal notices a newer build (GET /builds/latest.json, confirmed by
 * /builds/meta/{id}.json) and then makes the next navigation a full page load, at most
 * once per path per 10 s; a route's code that fails to load makes the page reload by
 * itself, under the same guard.
 */

const newerBuild = { id: "e2e-newer-build", timestamp: Date.now() + 60_000 };

/** Answers the build polls as if `build` had just been deployed. */
async function announceBuild(page: Page, build: { id: string; timestamp: number }): Promise<void> {
  await page.route(/\/builds\/latest\.json(\?|$)/, (route) => route.fulfill({ json: build }));
  await page.route(`**/builds/meta/${build.id}.json`, (route) => route.fulfill({ json: build }));
}

/** Makes the page look for a newer build now (as when the tab becomes visible again), and waits until it has. */
async function checkForBuildNow(page: Page, buildId: string): Promise<void> {
  forgetFetches(page);
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await waitForFetch(page, `/builds/meta/${buildId}.json`);
}

async function followSidebarLink(page: Page, label: string, path: string, heading: string | RegExp) {
  await portalNav(page).getByRole("link", { name: label, exact: true }).click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

test.describe("a newer build", () => {
  test("makes the next navigation a full page load, once per path per 10 s", async ({ page }) => {
    // The page's clock stands still: the second visit below is within 10 s however slow the run.
    await stopPageClock(page);
    await openPortal(page);
    await announceBuild(page, newerBuild);
    await checkForBuildNow(page, newerBuild.id);
    const documents = recordDocumentLoads(page);

    await markDocument(page);
    await followSidebarLink(page, "Users", "/dashboard/admin/users", "Users");
    expect(await documentIsMarked(page), "the navigation to Users loaded a new document").toBe(false);
    expect(documents).toEqual(["/dashboard/admin/users"]);
    expect(Object.keys(await readReloadGuard(page))).toEqual(["/dashboard/admin/users"]);

    // The new document knows of the newer build as soon as it looks again (the deploy is still the newest).
    await waitForPortal(page);
    await waitForFetch(page, `/builds/meta/${newerBuild.id}.json`);
    await markDocument(page);
    await followSidebarLink(page, "Overview", "/dashboard", /^Welcome/);
    expect(await documentIsMarked(page), "the navigation to Overview loaded a new document").toBe(false);

    // Back to Users within 10 s of its reload: the guard keeps this one client-side.
    await waitForPortal(page);
    await waitForFetch(page, `/builds/meta/${newerBuild.id}.json`);
    await markDocument(page);
    await followSidebarLink(page, "Users", "/dashboard/admin/users", "Users");
    expect(await documentIsMarked(page), "Users reloaded again within 10 s of its first reload").toBe(true);
    expect(documents).toEqual(["/dashboard/admin/users", "/dashboard"]);
    expect(Object.keys(await readReloadGuard(page)).sort()).toEqual(["/dashboard", "/dashboard/admin/users"]);
  });

  test("without one, navigation stays client-side", async ({ page }) => {
    await openPortal(page);
    const own = await currentBuildId(page);
    let polled = 0;
    await page.route(/\/builds\/latest\.json(\?|$)/, async (route: Route) => {
      polled += 1;
      await route.fulfill({ json: { id: own, timestamp: Date.now() } });
    });
    await checkForBuildNow(page, own);
    expect(polled).toBeGreaterThan(0);
    const documents = recordDocumentLoads(page);

    await markDocument(page);
    await followSidebarLink(page, "Users", "/dashboard/admin/users", "Users");
    await followSidebarLink(page, "Activity", "/dashboard/admin/activity", "Activity");
    expect(await documentIsMarked(page)).toBe(true);
    expect(documents).toEqual([]);
    expect(await readReloadGuard(page)).toEqual({});
  });
});

test.describe("a page's code that fails to load", () => {
  // The failed script request, and whatever reports the failed import, are logged.
  test.use({
    allowedConsoleError: /net::ERR_FAILED|Failed to fetch dynamically imported module|Error loading route module/,
  });

  /** The Activity page's route module (and only it: the shell's chunks are all loaded by now). */
  const activityChunk = (page: Page) => routeModule(page, "routes/dashboard/activity/route");

  test("reloads the page by itself, which then shows", async ({ page }) => {
    await openPortal(page);
    const documents = recordDocumentLoads(page);
    // As after a deploy: this document's copy of the chunk is gone; a new document gets it.
    let failed = 0;
    await page.route(await activityChunk(page), async (route) => {
      if (documents.length === 0) {
        failed += 1;
        await route.abort("failed");
      } else {
        await route.continue();
      }
    });

    await markDocument(page);
    await portalNav(page).getByRole("link", { name: "Activity", exact: true }).click();
    await expect(page).toHaveURL("/dashboard/admin/activity");
    await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
    await waitForPortal(page);
    expect(failed).toBeGreaterThan(0);
    expect(await documentIsMarked(page), "the page reloaded").toBe(false);
    // React Router reloads the page it was leaving (once per failed import: the hover's
    // prefetch and the click may both fail); the portal then goes on to the page asked for.
    expect(documents.at(-1)).toBe("/dashboard/admin/activity");
    expect(new Set(documents.slice(0, -1))).toEqual(new Set(["/dashboard"]));
    expect(Object.keys(await readReloadGuard(page))).toEqual(["/dashboard/admin/activity"]);
  });

  test("after a reload of that path within 10 s, says the page could not be loaded instead of reloading again", async ({
    page,
  }) => {
    // The page's clock stands still, so "a moment ago" below stays within 10 s however slow the run.
    const now = await stopPageClock(page);
    await openPortal(page);
    // The page reloaded itself for this path a moment ago (as the test above shows happening).
    await page.evaluate((at) => {
      sessionStorage.setItem("densara:reloads", JSON.stringify({ "/dashboard/admin/activity": at - 1000 }));
    }, now);
    const documents = recordDocumentLoads(page);
    await page.route(await activityChunk(page), (route) => route.abort("failed"));

    await portalNav(page).getByRole("link", { name: "Activity", exact: true }).click();
    const notifications = page.getByRole("region", { name: "Notifications" });
    await expect(notifications).toContainText("That page could not be loaded");
    await expect(notifications.getByRole("button", { name: "Reload the page" })).toBeVisible();
    // The page it was leaving, reloaded once by React Router; the guard kept it from going on again.
    await expect(page).toHaveURL("/dashboard");
    await waitForPortal(page);
    expect(new Set(documents)).toEqual(new Set(["/dashboard"]));
    await expect(page.getByRole("heading", { level: 1, name: /Welcome/ })).toBeVisible();
  });
});
