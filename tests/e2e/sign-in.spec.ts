import { expect, test } from "../support/fixtures.ts";
import { admin, newPerson, submitSignIn, submitSignUp } from "../support/accounts.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { expectToast, toastItem } from "../support/pages.ts";

test.describe("sign-in with the embedded provider", () => {
  test("a deep link asks for sign-in and comes back to that exact page", async ({ page }) => {
    await page.goto("/dashboard/admin/users?sort=name");
    await expect(page).toHaveURL(/\/idp\/interaction\/[\w-]+$/);
    await expectNoAxeViolations(page);
    await submitSignIn(page, admin);
    await expect(page).toHaveURL("/dashboard/admin/users?sort=name");
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(admin.email) })).toContainText("admin");
    await expectNoAxeViolations(page);
  });

  // Spec §8: a sign-in link that would send the person on to another site, or to a
  // javascript: address, is an error they are told about; nothing is followed.
  for (const [returnTo, words] of [
    ["https://evil.example/phish", /another site/],
    ["javascript:alert(document.domain)", /address of a kind a page may not open/],
  ] as const) {
    test(`a sign-in link returning to ${returnTo.split(":")[0]} is refused in words`, async ({ page }) => {
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
      await expectToast(page, words);
      expect(new URL(page.url()).origin).toBe(new URL(test.info().project.use.baseURL ?? "").origin);
      expect(page.url()).not.toContain("/idp/");
      expect(dialogs).toEqual([]);
      await expectNoAxeViolations(page);
    });
  }

  test("the header changes with the sign-in state, and sign out returns to / signed out", async ({ page }) => {
    const header = page.getByRole("banner");
    await page.goto("/products/v5");
    await expect(header.getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(header.getByRole("link", { name: /Dashboard/ })).toBeHidden();

    await header.getByRole("link", { name: "Sign in" }).click();
    await submitSignIn(page, admin);
    await expect(page).toHaveURL("/products/v5");
    const dashboard = header.getByRole("link", { name: /Dashboard/ });
    await expect(dashboard).toBeVisible();
    await expect(dashboard).toHaveAttribute("target", "_blank");
    await expect(dashboard).toHaveAttribute("href", "/dashboard");
    await expect(header.getByRole("link", { name: "Docs", exact: true })).toHaveAttribute("href", "/docs");
    await expect(header.getByRole("link", { name: "Sign in" })).toBeHidden();

    // The page itself is the same prerendered HTML for everyone; only /auth/session knows who this is.
    const html = await (await page.request.get("/products/v5")).text();
    expect(html).toContain('data-session-state="unknown"');
    expect(html).not.toContain(admin.email);
    const portal = await page.request.get("/dashboard");
    expect(portal.headers()["cache-control"]).toBe("private, no-store");

    await header.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/");
    await expect(header.getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(header.getByRole("button", { name: "Sign out" })).toBeHidden();

    // The session really ended: the portal asks for sign-in again.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/idp\/interaction\//);
  });

  test("the signed-in header fits from 1024 px up, Sign out included", async ({ page }) => {
    await page.goto("/auth/login?returnTo=/about");
    await submitSignIn(page, admin);
    await expect(page).toHaveURL("/about");
    for (const width of [1024, 1280, 1536]) {
      await page.setViewportSize({ width, height: 800 });
      const signOut = page.getByRole("banner").getByRole("button", { name: "Sign out" });
      if (width < 1280) {
        // Beside the full navigation there is room for the menu button, which holds Sign out.
        await page.getByRole("banner").getByRole("button", { name: "Open menu", exact: true }).click();
        await signOut.scrollIntoViewIfNeeded();
        await expect(signOut).toBeInViewport({ ratio: 1 });
        await page.keyboard.press("Escape");
      } else await expect(signOut).toBeInViewport({ ratio: 1 });
      const overflow = await page
        .getByRole("banner")
        .locator("> div")
        .first()
        .evaluate((bar) => bar.scrollWidth - bar.clientWidth);
      expect(overflow, `header overflow at ${width} px`).toBeLessThanOrEqual(0);
    }
  });

  test("the mobile panel shows Dashboard, Docs and Sign out when signed in", async ({ page }) => {
    await page.goto("/auth/login?returnTo=/about");
    await submitSignIn(page, admin);
    await expect(page).toHaveURL("/about");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Open menu" }).click();
    const panel = page.locator("#mobile-panel");
    await expect(panel.getByRole("link", { name: /Dashboard/ })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Docs" })).toHaveAttribute("href", "/docs");
    await expect(panel.getByRole("button", { name: "Sign out" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Sign in" })).toBeHidden();
  });

  test("a disabled user is signed out at once and cannot sign in again", async ({ browser, page }) => {
    const person = newPerson("disabled");
    const theirs = await browser.newContext();
    const theirPage = await theirs.newPage();
    await theirPage.goto("/auth/login?returnTo=/dashboard");
    await submitSignUp(theirPage, person);
    await expect(theirPage).toHaveURL("/dashboard");
    await expect(theirPage.getByRole("heading", { level: 1, name: `Welcome, ${person.name}` })).toBeVisible();

    await page.goto(`/auth/login?returnTo=${encodeURIComponent(`/dashboard/admin/users?q=${person.email}`)}`);
    await submitSignIn(page, admin);
    await page.getByRole("link", { name: person.name }).click();
    const panel = page.getByRole("dialog", { name: person.name });
    await panel.getByRole("button", { name: `Disable ${person.name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Disable ${person.name}?` });
    await confirm.getByRole("button", { name: "Disable" }).click();
    await expect(page.getByRole("region", { name: "Notifications" })).toContainText(`${person.name} is disabled`);
    // A toast about a person without a picture shows the person icon.
    await expect(toastItem(page, `${person.name} is disabled`).locator('[data-toast-icon="user"]')).toBeVisible();
    await expect(panel.getByText("Disabled", { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("row", { name: new RegExp(person.email) })).toContainText("Disabled");

    // Their next request is signed out, and their session at the provider ended too: signing
    // in again takes the password, and is then refused by the site, with a message.
    await theirPage.reload();
    await submitSignIn(theirPage, person);
    await expect(theirPage).toHaveURL("/");
    await expect(theirPage.getByText("Your account is disabled")).toBeVisible();
    // The public pages' toaster draws the same icons as the portal's: a warning here.
    await expect(
      toastItem(theirPage, "Your account is disabled").locator('svg[data-toast-icon="triangle-alert"]'),
    ).toBeVisible();
    // …and the same cross on its dismiss button, which takes the toast away.
    const dismiss = toastItem(theirPage, "Your account is disabled").getByRole("button", {
      name: "Dismiss: Your account is disabled",
    });
    await expect(dismiss.locator("svg")).toBeVisible();
    await expect(dismiss).not.toContainText("×");
    await dismiss.click();
    await expect(theirPage.getByText("Your account is disabled")).toHaveCount(0);
    await expect(theirPage.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
    const status = await theirPage.request.get("/auth/session");
    expect(await status.json()).toMatchObject({ signedIn: false });
    await theirs.close();
  });
});

test.describe("sign-in mistakes", () => {
  // A refused form comes back with status 400, which Chromium logs.
  test.use({ allowedConsoleError: /status of 400/ });

  test("a name that is not one line is refused beside the field when creating an account", async ({ page }) => {
    await page.goto("/auth/login?returnTo=/dashboard");
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByLabel("Your name").fill("Eve\u202eevE");
    await page.getByLabel("Email address").fill("override@clinic.example");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByLabel("Your name")).toHaveAccessibleDescription(
      /Remove the invisible control character \(U\+202E\) from your name\./,
    );
    await expect(page.getByLabel("Email address")).toHaveValue("override@clinic.example");
    await expectNoAxeViolations(page);
  });

  test("a wrong password is refused with a clear message and the address kept", async ({ page }) => {
    await page.goto("/auth/login?returnTo=/dashboard");
    await submitSignIn(page, { email: admin.email, password: "not-the-password" });
    await expect(page.getByRole("alert")).toContainText("do not match an account");
    await expect(page.getByLabel("Email address")).toHaveValue(admin.email);
    await expectNoAxeViolations(page);
  });
});
