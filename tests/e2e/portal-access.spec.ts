import type { Page } from "@playwright/test";
import { admin, linkIn, mailTo, newPerson, submitSignIn, submitSignUp } from "../support/accounts.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";

async function signInAsAdmin(page: Page, returnTo = "/dashboard") {
  await page.goto(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  await submitSignIn(page, admin);
  await expect(page).toHaveURL(returnTo);
}

test.describe("login-required routes", () => {
  // The docs path is a 404 and the users list a 403 for a viewer; Chromium logs both.
  test.use({ allowedConsoleError: /status of 40[34]/ });

  test("a signed-out .data request gets a redirect to sign in, never the data", async ({ page }) => {
    const signedOut = await page.request.get("/dashboard/admin/users.data", { maxRedirects: 0 });
    const body = await signedOut.text();
    expect(body).toContain("/auth/login?returnTo=");
    expect(body).not.toContain(admin.email);

    // The same request signed in does carry the list: the check above could fail.
    await signInAsAdmin(page);
    const signedIn = await page.request.get("/dashboard/admin/users.data");
    expect(await signedIn.text()).toContain(admin.email);
  });

  test("the docs area asks for sign-in and comes back to the same path", async ({ page }) => {
    await page.goto("/docs/getting-started/install?step=2");
    await expect(page).toHaveURL(/\/idp\/interaction\//);
    await submitSignIn(page, admin);
    await expect(page).toHaveURL("/docs/getting-started/install?step=2");
    // No docs pages exist yet: signed in, the full path is simply not found.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Page not found: /docs/getting-started/install?step=2",
    );
  });

  test("a tampered session cookie reads as signed out, not as an error", async ({ context, page }) => {
    await context.addCookies([{ name: "densara_session", value: "forged-session-value", url: "http://localhost" }]);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/idp\/interaction\//);
    await page.goto("/about");
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  test("a viewer sees the landing page but not the users list", async ({ page }) => {
    const person = newPerson("viewer");
    await page.goto("/auth/login?returnTo=/dashboard");
    await submitSignUp(page, person);
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${person.name}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your organization" })).toBeVisible();
    const portalNav = page.getByRole("navigation", { name: "Portal" });
    await expect(portalNav.getByRole("link", { name: "Your settings" })).toBeVisible();
    await expect(portalNav.getByRole("link", { name: "Users" })).toHaveCount(0);
    const response = await page.goto("/dashboard/admin/users");
    expect(response?.status()).toBe(403);
    await expect(page.getByText("Only people who manage users can open this page.")).toBeVisible();
  });
});

test.describe("writes are protected against cross-site requests", () => {
  test.use({ allowedConsoleError: /status of 403/ });

  test("a write from another site is refused before it reaches any handler", async ({ page }) => {
    await signInAsAdmin(page);
    const refused = await page.request.post("/auth/logout", {
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      form: { csrf: "anything" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    const status = await page.request.get("/auth/session");
    expect(await status.json()).toMatchObject({ signedIn: true });
  });

  test("the users form without the CSRF token changes nothing", async ({ browser, page }) => {
    const person = newPerson("csrf");
    const theirs = await browser.newContext();
    const theirPage = await theirs.newPage();
    await theirPage.goto("/auth/login?returnTo=/dashboard");
    await submitSignUp(theirPage, person);
    await expect(theirPage).toHaveURL("/dashboard");

    const list = `/dashboard/admin/users?q=${encodeURIComponent(person.email)}`;
    await signInAsAdmin(page, list);
    const row = page.getByRole("row", { name: new RegExp(person.email) });
    const href = await row.getByRole("link", { name: person.name }).getAttribute("href");
    const userId = new URLSearchParams(href?.split("?")[1]).get("user") ?? "";
    expect(userId).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await page.request.post("/dashboard/admin/users", {
      form: { id: userId, version: "1", intent: "disable", csrf: "not-the-token" },
    });
    expect(refused.status()).toBe(403);
    await page.reload();
    await expect(row).toContainText("Active");
    await theirs.close();
  });
});

test.describe("hosted account pages", () => {
  test.use({ allowedConsoleError: /status of 400/ });

  test("sign-up explains what is wrong, keeps what was typed, and answers an address in use like any other", async ({
    page,
  }) => {
    await page.goto("/auth/login?returnTo=/dashboard");
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByLabel("Your name").fill("Ada Example");
    await page.getByLabel("Email address").fill("not an address");
    await page.getByRole("button", { name: "Create account" }).click();
    const email = page.getByLabel("Email address");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Enter a valid email address, like name@example.com.")).toBeVisible();
    await expect(page.getByLabel("Your name")).toHaveValue("Ada Example");

    // The administrator's address: the page says what it says to anyone; the mail tells the owner.
    await email.fill(admin.email);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(
      `We have sent a message to ${admin.email}. Open the link in it to choose your password and finish your account.`,
    );
    await expectNoAxeViolations(page);
    const mail = await mailTo(admin.email, "You already have a Densara account");
    expect(mail.text).toContain("you already have one");
  });

  test("a forgotten password, met on the way to a deep link, ends at that link", async ({ browser, page }) => {
    const person = newPerson("forgot");
    const theirs = await browser.newContext();
    const first = await theirs.newPage();
    await first.goto("/auth/login?returnTo=/dashboard");
    await submitSignUp(first, person);
    await expect(first).toHaveURL("/dashboard");
    await theirs.close();

    await page.goto("/auth/login?returnTo=/dashboard/settings");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByLabel("Email address").fill(person.email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();

    const tab = await page.context().newPage();
    await tab.goto(linkIn(await mailTo(person.email, "Reset your Densara password")));
    await expect(tab.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
    await tab.getByLabel("New password").fill("a newer password of mine");
    await tab.getByLabel("Type it again").fill("a newer password of mine");
    await tab.getByRole("button", { name: "Save the new password" }).click();
    await expect(tab.getByRole("heading", { level: 1, name: "Your password is changed" })).toBeVisible();
    await tab.close();

    await page.getByRole("link", { name: "Back to sign in" }).click();
    await submitSignIn(page, { email: person.email, password: "a newer password of mine" });
    await expect(page).toHaveURL("/dashboard/settings");
  });

  test("asking for a reset link answers the same for any address", async ({ page }) => {
    await page.goto("/idp/password/forgot");
    await expectNoAxeViolations(page);
    await page.getByLabel("Email address").fill("nobody-here@densara.test");
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("If an account uses nobody-here@densara.test");
  });

  test("an unknown or used reset link says so and offers a new one", async ({ page }) => {
    await page.goto("/idp/password/reset/this-link-was-never-issued-by-the-site");
    await expect(page.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
      "href",
      "/idp/password/forgot",
    );
  });

  test("a stale sign-in page explains itself and offers to start again", async ({ page }) => {
    await page.goto("/idp/interaction/an-interaction-that-does-not-exist");
    await expect(page.getByRole("heading", { level: 1, name: "This sign-in page has expired" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Start signing in again" })).toHaveAttribute(
      "href",
      "/auth/login?resume",
    );
  });

  test("the sign-in page and the dashboard pass axe in dark mode", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/auth/login?returnTo=/dashboard/admin/users");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expectNoAxeViolations(page);
    await submitSignIn(page, admin);
    await expect(page).toHaveURL("/dashboard/admin/users");
    await expectNoAxeViolations(page);
    await page.goto("/dashboard");
    await expectNoAxeViolations(page);
  });

  test("the sign-in page works at 320 px wide (400% zoom) without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/auth/login?returnTo=/dashboard");
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
