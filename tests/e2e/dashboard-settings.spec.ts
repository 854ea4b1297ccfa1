import type { BrowserContext, Page } from "@playwright/test";
import { admin, submitSignIn } from "../support/accounts.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import {
  confirm,
  csrfTokenOf,
  expectToast,
  openPage,
  type Person,
  reloadPage,
  sessionOf,
  signInAsAdmin,
  signUpFresh,
  toastItem,
  toasts,
  uniqueName,
} from "../support/pages.ts";

/**
 * "Your settings" (/dashboard/settings): profile, colour mode, notifications, personal
 * access tokens and signed-in browsers; and what a viewer may not do.
 */

const settings = "/dashboard/settings";
const viewerQuery = "{ viewer { via user { email } } }";

test.describe("your settings as a viewer", () => {
  // One fresh viewer for the whole group (new accounts are rate-limited per address).
  test.describe.configure({ mode: "serial" });
  // The admin pages answer 403 to a viewer, which Chromium logs.
  test.use({ allowedConsoleError: /status of 40[0-9]/ });

  let viewer: Person;
  let cookies: Awaited<ReturnType<BrowserContext["cookies"]>>;

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    viewer = await signUpFresh(page, "settings");
    cookies = await context.cookies();
    await context.close();
  });

  async function open(page: Page, path = settings): Promise<void> {
    await page.context().addCookies(cookies);
    await openPage(page, path);
    await expect(page).toHaveURL(path);
  }

  test("a new name shows in the account menu", async ({ page }) => {
    await open(page);
    await expect(page.getByRole("heading", { level: 1, name: "Your settings" })).toBeVisible();
    const profile = page.getByRole("region", { name: "Profile" });
    await expect(profile).toContainText(`You are signed in as ${viewer.email}, as a viewer.`);
    const name = profile.getByLabel("Name");
    await expect(name).toHaveValue(viewer.name);
    const renamed = `${viewer.name} Renamed`;
    await name.fill(renamed);
    await profile.getByRole("button", { name: "Save your profile" }).click();
    await expectToast(page, "Your profile is saved");
    await expect(name).toHaveValue(renamed);

    const menuButton = page.getByRole("button", { name: /Account menu/ });
    await expect(menuButton).toContainText(renamed);
    await menuButton.click();
    const menu = page.locator("#user-menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByText(renamed, { exact: true })).toBeVisible();
    await expect(menu.getByText(viewer.email, { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await openPage(page, "/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${renamed}` })).toBeVisible();
    viewer = { ...viewer, name: renamed };
  });

  test("a picture is dropped or chosen, previewed, checked at once and by its content, shown in the menu, and removed", async ({
    page,
  }) => {
    await open(page);
    const profile = page.getByRole("region", { name: "Profile" });
    await expect(profile).toContainText("Your initials stand in for a picture.");
    const field = profile.getByLabel("Picture", { exact: true });
    const zone = profile.locator("[data-file-drop]");
    const upload = profile.getByRole("button", { name: "Upload the picture" });
    await expect(zone).toContainText("Drop a picture here");
    // Nothing to send until a picture is chosen.
    await expect(upload).toHaveCount(0);

    // A file that claims to be a PNG but that the browser cannot read: said at once, nothing sent.
    await field.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from("%PDF-1.7 not a picture") });
    await expect(field).toHaveAccessibleDescription(/That file is not a picture this browser can read/);
    // Said aloud too: the field's description changing is not announced.
    await expect(profile.getByRole("status")).toHaveText(/That file is not a picture this browser can read/);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(upload).toHaveCount(0);

    // Over 5 MB: said at once, before anything is sent.
    await field.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(field).toHaveAccessibleDescription(/larger than 5 MB/);
    await expect(upload).toHaveCount(0);

    // A BMP named .png: the browser shows it, the server reads its content and refuses it.
    await field.setInputFiles({ name: "scan.png", mimeType: "image/png", buffer: bitmap(3, 2) });
    await expect(zone).toContainText("scan.png");
    await expect(zone).toContainText("3 × 2 px");
    await expect(field).not.toHaveAttribute("aria-invalid");
    await upload.click();
    await expect(field).toHaveAccessibleDescription(/That file is a BMP image, whatever its name says/);
    await expect(field).toHaveAttribute("aria-invalid", "true");

    const { default: sharp } = await import("sharp");
    const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#1d4ed8" } })
      .png()
      .toBuffer();
    // Two files dropped on the zone: the first is taken, previewed, and the server's old answer goes.
    const dropped = await page.evaluateHandle((png) => {
      const files = new DataTransfer();
      const bytes = Uint8Array.from(atob(png), (character) => character.charCodeAt(0));
      files.items.add(new File([bytes], "portrait.png", { type: "image/png" }));
      files.items.add(new File(["notes"], "notes.txt", { type: "text/plain" }));
      return files;
    }, picture.toString("base64"));
    await field.dispatchEvent("dragenter", { dataTransfer: dropped });
    await expect(zone).toHaveAttribute("data-file-drop", "over");
    // The zone accepts the drag (a drag over it that nobody cancels cannot be dropped).
    const dragOverAccepted = await field.evaluate((input) => {
      const files = new DataTransfer();
      files.items.add(new File(["x"], "portrait.png", { type: "image/png" }));
      return !input.dispatchEvent(new DragEvent("dragover", { dataTransfer: files, bubbles: true, cancelable: true }));
    });
    expect(dragOverAccepted).toBe(true);
    // Dropped on the zone's border (the zone itself, not the input over it): still taken.
    await zone.dispatchEvent("drop", { dataTransfer: dropped });
    await expect(zone).toHaveAttribute("data-file-drop", "chosen");
    await expect(zone).toContainText("portrait.png");
    await expect(zone).toContainText("300 × 200 px");
    await expect(profile.getByRole("status")).toHaveText(/^portrait\.png, [\d.]+ (bytes|KB): ready to upload\.$/);
    await expect(field).not.toHaveAttribute("aria-invalid");
    await expect(field).not.toHaveAccessibleDescription(/can use/);
    await expect
      .poll(() => zone.locator("img[data-file-preview]").evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(300);
    await expect(field).toHaveJSProperty("files.length", 1);
    await expectNoAxeViolations(page);

    // Cancel empties the field and leaves focus on it.
    await profile.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(zone).toHaveAttribute("data-file-drop", "empty");
    await expect(field).toBeFocused();
    await expect(upload).toHaveCount(0);

    // A file dropped beside the zone does not open in the tab in place of the page.
    const openedInTab = await page.evaluate(() => {
      const files = new DataTransfer();
      files.items.add(new File(["x"], "stray.png", { type: "image/png" }));
      return document.body.dispatchEvent(
        new DragEvent("drop", { dataTransfer: files, bubbles: true, cancelable: true }),
      );
    });
    expect(openedInTab).toBe(false);

    await field.setInputFiles({ name: "portrait.png", mimeType: "image/png", buffer: picture });
    await expect(zone).toContainText("300 × 200 px");
    await profile.getByRole("button", { name: "Upload the picture" }).click();
    await expectToast(page, "Your picture is saved");
    // The toast shows the new picture in place of its icon (spec §3 `avatar`).
    const toastPicture = toastItem(page, "Your picture is saved").locator("img[data-toast-avatar]");
    await expect(toastPicture).toHaveAttribute("src", /^\/dashboard\/pictures\/[0-9a-f-]{36}\?v=\d+$/);
    await expect.poll(() => toastPicture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);
    await expect(toastItem(page, "Your picture is saved").locator("[data-toast-icon]")).toHaveCount(0);
    await expect(profile).toContainText("Your picture.");
    // The field starts again, empty, for a newer picture.
    await expect(profile.getByLabel("A new picture")).toBeVisible();
    await expect(zone).toHaveAttribute("data-file-drop", "empty");
    const shown = profile.locator("img");
    await expect(shown).toHaveAttribute("src", /^\/dashboard\/pictures\/[0-9a-f-]{36}\?v=\d+$/);
    // The image loaded (a broken one has no natural width).
    await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);
    await expect(page.getByRole("button", { name: /Account menu/ }).locator("img")).toBeVisible();
    await expectNoAxeViolations(page);

    await profile.getByRole("button", { name: "Remove your picture" }).click();
    await confirm(page, "Remove your picture?", "Remove");
    await expectToast(page, "Your picture is removed");
    await expect(toastItem(page, "Your picture is removed").locator('[data-toast-icon="circle-check"]')).toBeVisible();
    await expect(profile).toContainText("Your initials stand in for a picture.");
    await expect(profile.locator("img")).toHaveCount(0);
    await expect(profile.getByLabel("Picture", { exact: true })).toBeVisible();
  });

  test("the colour mode is saved to the account: Dark after a reload", async ({ page }) => {
    await open(page);
    const appearance = page.getByRole("region", { name: "Colour mode" });
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    // Picked is saved: there is no button to press, and the page turns dark at once.
    await expect(appearance.getByRole("button", { name: "Save the colour mode" })).toHaveCount(0);
    await appearance.getByRole("radio", { name: "Dark" }).check();
    await expectToast(page, "Your colour mode is saved");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await reloadPage(page);
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(appearance.getByRole("radio", { name: "Dark" })).toBeChecked();
    // It follows the account to a fresh page load elsewhere in the portal.
    await openPage(page, "/dashboard");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  });

  test("notification choices are saved", async ({ page }) => {
    await open(page);
    const notifications = page.getByRole("region", { name: "Notifications" }).filter({ hasText: "Email we send you" });
    const changes = notifications.getByRole("checkbox", { name: "Changes to my account" });
    const signIns = notifications.getByRole("checkbox", { name: "Sign-ins from a new browser" });
    const before = { changes: await changes.isChecked(), signIns: await signIns.isChecked() };
    await changes.setChecked(!before.changes);
    await signIns.setChecked(!before.signIns);
    await notifications.getByRole("button", { name: "Save the notification choices" }).click();
    await expectToast(page, "Your notification choices are saved");
    await reloadPage(page);
    await expect(changes).toBeChecked({ checked: !before.changes });
    await expect(signIns).toBeChecked({ checked: !before.signIns });
  });

  test("a viewer has no access tokens section", async ({ page }) => {
    await open(page);
    await expect(page.getByRole("region", { name: "Signed-in browsers" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Personal access tokens" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Create the token" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Settings sections" }).getByRole("link")).toHaveText([
      "Profile",
      "Colour mode",
      "Email notifications",
      "Signed-in browsers",
      "Password",
    ]);
  });

  test("a viewer is refused the admin pages and the admin forms", async ({ page }) => {
    await open(page, "/dashboard");
    for (const [path, refusal] of [
      ["/dashboard/admin/users", "Only people who manage users can open this page."],
      ["/dashboard/admin/organizations", "Only people who manage organizations can open this page."],
      ["/dashboard/admin/activity", "Only people who may read the whole activity log can open this page."],
      ["/dashboard/admin/config", "Only people who manage the site settings can open this page."],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not allowed");
      await expect(page.getByText(refusal)).toBeVisible();
    }
    // Nor does the portal's navigation offer them.
    await openPage(page, "/dashboard");
    const portalNav = page.getByRole("navigation", { name: "Portal" });
    await expect(portalNav.getByRole("link", { name: "Your settings" })).toBeVisible();
    for (const name of ["Users", "Organizations", "Activity", "Site settings"]) {
      await expect(portalNav.getByRole("link", { name, exact: true })).toHaveCount(0);
    }

    // The users page's disable form, sent with the viewer's own valid CSRF token.
    await openPage(page, settings);
    const csrf = await csrfTokenOf(page);
    const profileForm = page
      .getByRole("region", { name: "Profile" })
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Save your profile" }) });
    const id = await profileForm.locator('input[name="id"]').inputValue();
    const version = await profileForm.locator('input[name="version"]').inputValue();
    const refused = await page.request.post("/dashboard/admin/users", {
      form: { csrf, intent: "disable", id, version },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain("Not allowed");
    const refusedData = await page.request.post("/dashboard/admin/users.data", {
      form: { csrf, intent: "changeRole", id, version, role: "admin" },
      maxRedirects: 0,
    });
    expect(refusedData.status()).toBe(403);

    // Nothing changed: still signed in, still a viewer, at the same version…
    expect(await sessionOf(page)).toMatchObject({ signedIn: true, user: { email: viewer.email, role: "viewer" } });
    await reloadPage(page);
    await expect(profileForm.locator('input[name="version"]')).toHaveValue(version);
    // …and the token was a good one: the viewer's own form takes it.
    const accepted = await page.request.post(`${settings}?index`, {
      form: { csrf, intent: "profile", id, version, name: viewer.name },
      maxRedirects: 0,
    });
    expect(accepted.status()).toBe(303);
  });
});

test.describe("personal access tokens", () => {
  // The revoked token's request answers 401.
  test.use({ allowedConsoleError: /status of 40[0-9]/ });

  test("an admin creates a token, sees it once, uses it, and revokes it", async ({ context, page }) => {
    const name = uniqueName("e2e nightly export");
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInAsAdmin(page, settings);
    const tokens = page.getByRole("region", { name: "Personal access tokens" });
    await tokens.getByLabel("Name").fill(name);
    await tokens.getByLabel("Role").selectOption({ label: "Viewer" });
    await tokens.getByLabel("Works for").selectOption({ label: "7 days" });
    await tokens.getByRole("button", { name: "Create the token" }).click();

    // (The message should also name the token and its expiry: see the known-bug test below.)
    const shown = tokens.getByRole("status").filter({ hasText: "Copy it now: it is never shown again." });
    await expect(shown).toBeVisible();
    const token = (await shown.locator("code").first().innerText()).trim();
    expect(token).toMatch(/^dpat_[\w-]{20,}$/);
    await shown.getByRole("button", { name: "Copy the token" }).click();
    await expect(shown.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await expectNoAxeViolations(page);

    // After a reload: listed by its name and prefix, never in full.
    await reloadPage(page);
    const item = tokens.getByRole("listitem").filter({ hasText: name });
    await expect(item).toContainText(`${token.slice(0, 11)}…`);
    await expect(item).toContainText("Role viewer.");
    await expect(item).toContainText("Last used never.");
    expect(await page.content()).not.toContain(token);

    // It works against the API, as a token.
    const ask = () =>
      page.request.post("/graphql", {
        headers: { Authorization: `Bearer ${token}` },
        data: { query: viewerQuery },
      });
    const answer = await ask();
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ data: { viewer: { via: "token", user: { email: admin.email } } } });
    await reloadPage(page);
    await expect(item).not.toContainText("Last used never.");

    // Revoked, it stops working.
    await item.getByRole("button", { name: `Revoke the token ${name}` }).click();
    await confirm(page, `Revoke the token ${name}?`, "Revoke");
    await expectToast(page, `The token ${name} is revoked`);
    await expect(item).toContainText("Revoked");
    await expect(item.getByRole("button", { name: `Revoke the token ${name}` })).toHaveCount(0);
    const refused = await ask();
    expect(refused.status()).toBe(401);
    expect(refused.headers()["www-authenticate"]).toContain("invalid_token");
  });
});

test.describe("personal access tokens: the one-time message", () => {
  test("names the new token and the day it stops working", async ({ page }) => {
    const name = uniqueName("e2e one-time message");
    await signInAsAdmin(page, settings);
    const tokens = page.getByRole("region", { name: "Personal access tokens" });
    await tokens.getByLabel("Name").fill(name);
    await tokens.getByLabel("Works for").selectOption({ label: "7 days" });
    await tokens.getByRole("button", { name: "Create the token" }).click();
    const shown = tokens.getByRole("status").filter({ hasText: "Copy it now" });
    await expect(shown).toBeVisible();
    const until = new Date(Date.now() + 7 * 86_400_000).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    await expect(shown).toContainText(`The token ${name} works until ${until}.`);
  });
});

test.describe("signed-in browsers", () => {
  /** Signs `person` in on a second browser context, which lands on the dashboard. */
  async function signInElsewhere(context: BrowserContext, person: Person): Promise<Page> {
    const page = await context.newPage();
    await page.goto("/auth/login?returnTo=/dashboard");
    await submitSignIn(page, person);
    await expect(page).toHaveURL("/dashboard");
    return page;
  }

  test("sign out of all other browsers ends the other browser's session", async ({ browser, page }) => {
    // A long flow on a shared server with two workers on two cores.
    test.slow();
    const person = await signUpFresh(page, "browsers", settings);
    const elsewhere = await browser.newContext();
    const other = await signInElsewhere(elsewhere, person);

    await reloadPage(page);
    const sessions = page.getByRole("region", { name: "Signed-in browsers" });
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    await expect(sessions.getByRole("listitem").filter({ hasText: "(this browser)" })).toHaveCount(1);
    await sessions.getByRole("button", { name: "Sign out of all other browsers" }).click();
    const question = page.getByRole("alertdialog", { name: "Sign out of all other browsers?" });
    await expect(question).toContainText("1 other browser will have to sign in again. This one stays signed in.");
    await confirm(page, "Sign out of all other browsers?", "Sign them out");
    await expectToast(page, "1 other browser is signed out");
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    await expect(sessions.getByRole("listitem")).toContainText("(this browser)");
    await expect(sessions.getByRole("button", { name: "Sign out of all other browsers" })).toHaveCount(0);

    // The other browser's session is over; this one goes on.
    expect((await sessionOf(other)).signedIn).toBe(false);
    expect((await sessionOf(page)).signedIn).toBe(true);
    await reloadPage(page);
    await expect(toasts(page)).not.toContainText("Nothing was changed");
    await elsewhere.close();
  });

  test("after sign out of all other browsers, the other browser's next page asks for a password", async ({
    browser,
    page,
  }) => {
    // A long flow on a shared server with two workers on two cores.
    test.slow();
    const person = await signUpFresh(page, "browsers-again", settings);
    const elsewhere = await browser.newContext();
    const other = await signInElsewhere(elsewhere, person);
    await reloadPage(page);
    await page.getByRole("button", { name: "Sign out of all other browsers" }).click();
    await confirm(page, "Sign out of all other browsers?", "Sign them out");
    await expectToast(page, "1 other browser is signed out");

    await other.goto("/dashboard/settings");
    await expect(other).toHaveURL(/\/idp\/interaction\//, { timeout: 2000 });
    await expect(other.getByRole("heading", { level: 1, name: /Sign in to Densara/ })).toBeVisible();
    await elsewhere.close();
  });
});

/** An uncompressed 24-bit BMP: a picture browsers show and the portal does not take. */
function bitmap(width: number, height: number): Buffer {
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const size = 54 + rowBytes * height;
  const bytes = Buffer.alloc(size, 0x80);
  bytes.write("BM", 0, "ascii");
  bytes.writeUInt32LE(size, 2);
  bytes.writeUInt32LE(0, 6);
  bytes.writeUInt32LE(54, 10);
  bytes.writeUInt32LE(40, 14);
  bytes.writeInt32LE(width, 18);
  bytes.writeInt32LE(height, 22);
  bytes.writeUInt16LE(1, 26);
  bytes.writeUInt16LE(24, 28);
  bytes.writeUInt32LE(0, 30);
  bytes.writeUInt32LE(rowBytes * height, 34);
  bytes.fill(0, 38, 54);
  return bytes;
}
