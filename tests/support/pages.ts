import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { admin, newPerson, submitSignIn, submitSignUp } from "./accounts.ts";

/**
 * Helpers for the portal's pages (the dashboard): signing in without spending the
 * server's sign-in budget, toasts, confirmations and the ids the lists link to.
 *
 * The e2e server counts sign-ins and sign-ups per client address (20 password
 * sign-ins per 15 minutes, 10 new accounts per hour), and every test comes from the
 * same address. So the administrator signs in once and each test reuses that session's
 * cookies, and a test creates a fresh account only when it needs one.
 */

type StoredCookies = Awaited<ReturnType<BrowserContext["cookies"]>>;

const port = Number(process.env.E2E_PORT ?? 3100);
/** One file per server port; a new server (a new in-memory database) makes it stale, and it is replaced. */
const adminCookiesFile = join(tmpdir(), `densara-e2e-admin-cookies-${port}.json`);

function readAdminCookies(): StoredCookies | undefined {
  if (!existsSync(adminCookiesFile)) return undefined;
  try {
    return JSON.parse(readFileSync(adminCookiesFile, "utf8")) as StoredCookies;
  } catch {
    return undefined;
  }
}

function writeAdminCookies(cookies: StoredCookies): void {
  const temporary = `${adminCookiesFile}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(cookies));
  renameSync(temporary, adminCookiesFile);
}

/**
 * Waits until React has hydrated the page's main content. Typing into a field before
 * that can be undone by hydration, and a confirm button clicked before it sends its form
 * without asking; React marks the DOM nodes it has hydrated with its own properties.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .evaluate(() => {
            const main = document.querySelector("main");
            return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber$"));
          })
          .catch(() => false),
      { message: "the page hydrates", intervals: [50, 100, 250] },
    )
    .toBe(true);
}

/** Goes to a portal page and waits until it can be used. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** Reloads a portal page and waits until it can be used. */
export async function reloadPage(page: Page): Promise<void> {
  await page.reload();
  await waitForHydration(page);
}

/**
 * Opens `path` signed in as the e2e administrator: with the shared session's cookies
 * when they still work, otherwise through the sign-in form (and keeps the new cookies).
 */
export async function signInAsAdmin(page: Page, path = "/dashboard"): Promise<void> {
  const context = page.context();
  const cookies = readAdminCookies();
  if (cookies) {
    await context.addCookies(cookies);
    const session = await page.request.get("/auth/session");
    const state = (await session.json()) as { signedIn: boolean; user?: { email?: string } };
    if (state.signedIn && state.user?.email === admin.email) {
      await openPage(page, path);
      await expect(page).toHaveURL(path);
      return;
    }
    await context.clearCookies();
  }
  await page.goto(`/auth/login?returnTo=${encodeURIComponent(path)}`);
  await submitSignIn(page, admin);
  await expect(page).toHaveURL(path);
  await waitForHydration(page);
  writeAdminCookies(await context.cookies());
}

export type Person = ReturnType<typeof newPerson>;

/** Creates a fresh viewer on this page (which signs them in) and lands on `path`. */
export async function signUpFresh(page: Page, label: string, path = "/dashboard"): Promise<Person> {
  const person = newPerson(label);
  await page.goto(`/auth/login?returnTo=${encodeURIComponent(path)}`);
  await submitSignUp(page, person);
  await expect(page).toHaveURL(path);
  await waitForHydration(page);
  return person;
}

/** A test address (198.19.0.0/16, set aside for testing) for a browser of its own. */
export function ownAddress(): string {
  return `198.19.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
}

/** A fresh viewer in a browser context of their own (another browser, as far as the site knows). */
export async function freshViewerElsewhere(
  browser: Browser,
  label: string,
): Promise<{ context: BrowserContext; page: Page; person: Person }> {
  // An address of its own (the server trusts the test's "proxy"): sign-ups are limited per network.
  const context = await browser.newContext({
    extraHTTPHeaders: {
      "X-Forwarded-For": ownAddress(),
    },
  });
  const page = await context.newPage();
  const person = await signUpFresh(page, label);
  await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${person.name}` })).toBeVisible();
  return { context, page, person };
}

/**
 * The portal's toasts. (The settings page also has a section titled "Notifications",
 * so the toaster is told apart by its live list.)
 */
export function toasts(page: Page): Locator {
  return page.getByRole("region", { name: "Notifications", exact: true }).filter({ has: page.locator("[aria-live]") });
}

/** One toast, by its text: its icon is `[data-toast-icon=name]`, its avatar `img[data-toast-avatar]`. */
export function toastItem(page: Page, text: string | RegExp): Locator {
  return toasts(page).getByRole("listitem").filter({ hasText: text });
}

export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(toasts(page)).toContainText(text);
}

/** Answers a confirmation (an alert dialog) with its confirming button. */
export async function confirm(page: Page, title: string, button: string): Promise<void> {
  const dialog = page.getByRole("alertdialog", { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The rows of a list table's body, as their row headers' text (the first cell names the row). */
export async function rowNames(table: Locator): Promise<string[]> {
  return table.locator("tbody tr th[scope=row] a").allInnerTexts();
}

/** The session's CSRF token, as the portal's forms carry it. */
export async function csrfTokenOf(page: Page): Promise<string> {
  const token = await page.locator('input[type="hidden"][name="csrf"]').first().inputValue();
  expect(token).not.toBe("");
  return token;
}

/** What /auth/session says about this page's browser. */
export async function sessionOf(page: Page): Promise<{ signedIn: boolean; user?: { email: string; role: string } }> {
  const response = await page.request.get("/auth/session");
  return (await response.json()) as { signedIn: boolean; user?: { email: string; role: string } };
}

/** Today's date in UTC, as a date field and the activity log's filters write it. */
export function isoDay(offsetDays = 0): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

let uniques = 0;

/** A name no other test (or earlier run) uses. */
export function uniqueName(prefix: string): string {
  uniques += 1;
  return `${prefix} ${process.pid}-${Date.now().toString(36)}-${uniques}`;
}

/** Types into a search picker and picks the option whose name matches (the picker asks the server as you type). */
export async function pick(scope: Locator, label: string, search: string, option: string | RegExp): Promise<void> {
  const field = scope.getByRole("combobox", { name: label });
  await field.fill(search);
  await scope.getByRole("option", { name: option }).click();
  await expect(field).toHaveCount(0);
}
