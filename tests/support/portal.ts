import type { Browser, BrowserContext, Locator, Page, Request } from "@playwright/test";
import { admin, newPerson, submitSignIn, submitSignUp } from "./accounts.ts";
import { expect, test as base } from "./fixtures.ts";
import { csrfTokenOf, ownAddress } from "./pages.ts";
import { presetColorMode } from "./site.ts";

/**
 * Helpers for the portal's end-to-end tests (the hydrated dashboard).
 *
 * The sign-in form allows 20 attempts per network per 15 minutes (server/http/security/
 * rate-limit.ts), and every test of a run talks to one server from one address. So the
 * admin signs in once per worker, and tests start from that browser state; a test that
 * needs someone else signs up a fresh viewer (`signUpViewer`).
 */

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

export const signedOut: StorageState = { cookies: [], origins: [] };

export const test = base.extend<object, { adminStorageState: StorageState }>({
  adminStorageState: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      const page = await context.newPage();
      await page.goto("/auth/login?returnTo=/dashboard");
      await submitSignIn(page, admin);
      await expect(page).toHaveURL("/dashboard");
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: "worker" },
  ],
  // Tests start signed in as the admin; `test.use({ storageState: signedOut })` starts signed out.
  storageState: ({ adminStorageState }, use) => use(adminStorageState),
});

export { expect };

/** The two screens the portal is checked on (issue 14): a phone and a desktop. */
export const portalViewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

export const modes = ["light", "dark"] as const;
export type Mode = (typeof modes)[number];

/**
 * The admin's account keeps the colour mode "system" (the shell applies the account's
 * choice), so a mode is the device's: the emulated colour scheme, with the stored
 * preference set to match. Motion is reduced so that axe never measures a dialog halfway
 * through its fade-in.
 */
export async function useMode(page: Page, mode: Mode): Promise<void> {
  await presetColorMode(page, mode);
  await page.emulateMedia({ colorScheme: mode, reducedMotion: "reduce" });
}

export async function expectMode(page: Page, mode: Mode): Promise<void> {
  if (mode === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
}

/**
 * Whether `item` is what a person sees at its own centre: nothing (a panel, an overlay)
 * covers it there. Polled, as a toast slides in.
 */
export async function expectOnTop(item: Locator): Promise<void> {
  await expect
    .poll(() =>
      item.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit !== null && element.contains(hit);
      }),
    )
    .toBe(true);
}

/** That `a` and `b` do not overlap on screen: neither hides any part of the other. */
export async function expectApart(a: Locator, b: Locator): Promise<void> {
  const [first, second] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  expect(first, "the first is on screen").not.toBeNull();
  expect(second, "the second is on screen").not.toBeNull();
  if (!first || !second) return;
  const apart =
    first.x + first.width <= second.x ||
    second.x + second.width <= first.x ||
    first.y + first.height <= second.y ||
    second.y + second.height <= first.y;
  expect(apart, `${JSON.stringify(first)} and ${JSON.stringify(second)} overlap`).toBe(true);
}

// The portal's pages as the sweeps visit them, derived from the nav (portal-pages.ts).
export { adminOnlyPages, adminPages, adminSidebarLabels } from "./portal-pages.ts";

/** A demo person the server seeds (server/demo/people.ts), active, with a unique name. */
export const seededPerson = { name: "Jamal Washington", search: "Washingt" };

/** Goes to a portal page and waits until it is hydrated (see `waitForPortal`). */
export async function openPortal(page: Page, path = "/dashboard"): Promise<void> {
  await page.goto(path);
  await waitForPortal(page);
}

/**
 * The requests a page has finished (its response body fully received) since the log was
 * last cleared. Read from the browser's network events, so a page whose clock the test has
 * stopped (which blanks its Resource Timing) is watched the same way.
 */
const finishedRequests = new WeakMap<Page, string[]>();

function finishedLog(page: Page): string[] {
  let log = finishedRequests.get(page);
  if (!log) {
    const entries: string[] = [];
    page.on("requestfinished", (request) => entries.push(request.url()));
    finishedRequests.set(page, entries);
    log = entries;
  }
  return log;
}

/** Forgets the requests finished so far: what `waitForFetch` waits for must come after this. */
export function forgetFetches(page: Page): void {
  finishedLog(page).length = 0;
}

/**
 * Waits until the portal's shell has hydrated and its effects run: from then on links
 * navigate client-side and the keyboard shortcuts listen. Nothing in the DOM says so, but
 * one effect of the shell's first commit, the build watcher (app/lib/portal/build-update.ts),
 * listens for `visibilitychange` and then fetches /builds/latest.json: so the test fires
 * that event until the fetch has finished. (A side effect: the page has checked for a
 * newer build once more.)
 */
export async function waitForPortal(page: Page): Promise<void> {
  await expect(async () => {
    forgetFetches(page);
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect
      .poll(() => hasFetched(page, "/builds/latest.json"), { timeout: 2_000, intervals: [50, 100, 250] })
      .toBe(true);
  }).toPass();
}

function hasFetched(page: Page, part: string): boolean {
  return finishedLog(page).some((url) => url.includes(part));
}

/** Signs up a fresh viewer from a signed-out page; they land on /dashboard, hydrated. */
export async function signUpViewer(page: Page, label = "viewer") {
  const person = newPerson(label);
  await page.goto("/auth/login?returnTo=/dashboard");
  await submitSignUp(page, person);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${person.name}` })).toBeVisible();
  await waitForPortal(page);
  return person;
}

/** The portal's sidebar (desktop) navigation. */
export function portalNav(page: Page) {
  return page.getByRole("complementary").getByRole("navigation", { name: "Portal" });
}

/**
 * Marks the current document; a full page load replaces the document and loses the
 * mark, a client-side navigation keeps it.
 */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMarker?: number }).__e2eMarker = 1;
  });
}

export async function documentIsMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eMarker?: number }).__e2eMarker === 1);
}

/** Records the paths of every document (full page) request of the page from now on. */
export function recordDocumentLoads(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request: Request) => {
    if (request.resourceType() === "document" && request.frame() === page.mainFrame()) {
      paths.push(new URL(request.url()).pathname);
    }
  });
  return paths;
}

/** The id of the build the server runs, which the page also has compiled in. */
export async function currentBuildId(page: Page): Promise<string> {
  const response = await page.request.get("/builds/latest.json");
  expect(response.ok()).toBe(true);
  const { id } = (await response.json()) as { id: string };
  return id;
}

/**
 * Resolves once the page has fully received, since `forgetFetches`, a response whose URL
 * contains `part`: its body has arrived, which is after the page's own code has handled
 * the response headers (its `fetch` promise resolves first).
 */
export async function waitForFetch(page: Page, part: string): Promise<void> {
  await expect.poll(() => hasFetched(page, part)).toBe(true);
}

/** The page's record of self-made reloads (app/lib/portal/reload-guard.ts). */
export async function readReloadGuard(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem("densara:reloads") ?? "{}") as Record<string, number>);
}

/**
 * The URL of a route's own module, as the page's React Router manifest names it (chunk
 * names repeat: route-….js). The manifest grows as React Router discovers the routes of
 * the links on the page (a `/__manifest` request after hydration), so this waits for it.
 */
export async function routeModule(page: Page, routeId: string): Promise<string> {
  const read = () =>
    page.evaluate(
      (id) =>
        (window as unknown as { __reactRouterManifest?: { routes: Record<string, { module: string } | undefined> } })
          .__reactRouterManifest?.routes[id]?.module ?? null,
      routeId,
    );
  await expect.poll(read, { message: `the page's manifest names route ${routeId}` }).not.toBeNull();
  const href = await read();
  if (!href) throw new Error(`the page's manifest has no route ${routeId}`);
  return new URL(href, page.url()).href;
}

/**
 * Stops `Date.now` at this moment for the rest of the test, in every document the page
 * loads (the reload guard and the remembered navigation read it): a test about "within
 * 10 s" then never depends on how fast the machine runs it. Only `Date.now`: Playwright's
 * own clock also blanks Performance Timeline, which the portal reads to tell a reload.
 */
export async function stopPageClock(page: Page): Promise<number> {
  const now = Date.now();
  await page.addInitScript((at) => {
    Date.now = () => at;
  }, now);
  return now;
}

/** A fresh viewer in a browser of their own (signed out first: the `test` fixture's pages are the admin's). */
export async function freshViewer(browser: Browser, label: string) {
  // An address of its own (the server trusts the test's "proxy"): sign-ups are limited per network.
  const context = await browser.newContext({
    storageState: signedOut,
    extraHTTPHeaders: { "X-Forwarded-For": ownAddress() },
  });
  const page = await context.newPage();
  const person = await signUpViewer(page, label);
  return { context, page, person };
}

/** As the admin (this page): makes someone an editor through the API, as the users page would. */
export async function makeEditor(page: Page, email: string): Promise<void> {
  await openPortal(page, "/dashboard/admin/users");
  const csrf = await csrfTokenOf(page);
  const post = async (query: string, variables: Record<string, unknown>) => {
    const response = await page.request.post("/graphql", {
      headers: { "x-csrf-token": csrf, accept: "application/json" },
      data: { query, variables },
    });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  };
  const found = (await post(
    "query Find($search: String) { users(search: $search, first: 1) { nodes { id version } } }",
    {
      search: email,
    },
  )) as { users: { nodes: { id: string; version: number }[] } };
  const [user] = found.users.nodes;
  expect(user).toBeDefined();
  await post("mutation Role($input: ChangeUserRoleInput!) { changeUserRole(input: $input) { id role } }", {
    input: { id: user?.id, version: user?.version, role: "editor" },
  });
}
