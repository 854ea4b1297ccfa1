import { submitSignIn } from "../support/accounts.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import { freshViewerElsewhere, openPage, signInAsAdmin, uniqueName } from "../support/pages.ts";
import { escapeRegExp } from "../support/site.ts";

/**
 * The overview leads with what needs someone to act, each item opening the record where
 * it is done. Each test makes its own case (a person, an organization) and looks for it
 * by name, so other tests' data never decides the outcome.
 */

// A wrong password is a 400 from the sign-in form, which Chromium logs.
test.use({ allowedConsoleError: /status of 400/ });

test.describe("the overview's Needs attention", () => {
  test("a wrong password shows under Failed sign-ins, and leaves once the person signs in", async ({
    browser,
    page,
  }) => {
    test.slow();
    const theirs = await freshViewerElsewhere(browser, "guessed");
    const { person } = theirs;
    await theirs.context.close();

    // Someone else, in another browser, tries their address with a wrong password.
    const guesser = await browser.newContext();
    const guessing = await guesser.newPage();
    await guessing.goto("/auth/login?returnTo=/dashboard");
    await submitSignIn(guessing, { email: person.email, password: "not the right password 1" });
    await expect(guessing.getByText("That email address and password do not match an account.")).toBeVisible();

    await signInAsAdmin(page, "/dashboard");
    const card = page.getByRole("region", { name: /^Failed sign-ins/ });
    const item = card.getByRole("listitem").filter({ hasText: person.name });
    await expect(item).toContainText("1 wrong password, the latest");
    await expectNoAxeViolations(page);
    // The item opens the person's panel, where an admin can act.
    await item.getByRole("link", { name: person.name }).click();
    await expect(page.getByRole("dialog", { name: person.name })).toBeVisible();

    // The owner signs in with the right password: the failures no longer need anyone.
    await submitSignIn(guessing, person);
    await expect(guessing).toHaveURL("/dashboard");
    await guesser.close();
    await openPage(page, "/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
    const attention = page.getByRole("region", { name: "Needs attention" });
    await expect(attention).toBeVisible();
    await expect(attention.getByRole("listitem").filter({ hasText: person.name })).toHaveCount(0);
  });

  test("a certification that ends within 60 days is listed and opens the organization", async ({ page }) => {
    const name = uniqueName("E2E Renewal Clinic");
    const until = new Date(Date.now() + 20 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await signInAsAdmin(page, "/dashboard/admin/organizations?new=1");
    const dialog = page.getByRole("dialog", { name: "Add an organization" });
    await dialog.getByLabel("Name", { exact: true }).first().fill(name);
    await dialog.getByLabel("City").fill("Madison");
    await dialog.getByLabel("Certification").selectOption({ label: "Certified" });
    await dialog.getByLabel("Certified until").fill(until);
    await dialog.getByRole("button", { name: "Add the organization" }).click();
    await expect(dialog).toBeHidden();

    await openPage(page, "/dashboard");
    const card = page.getByRole("region", { name: /^Certifications ending/ });
    await expect(card).toContainText("within 60 days");
    // No seeded certification ends within 60 days, and no other test makes one: it is listed.
    const item = card.getByRole("listitem").filter({ hasText: name });
    await expect(item).toContainText("ends");
    await item.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/admin/organizations\\?edit=`));
    await expect(page.getByRole("dialog", { name: new RegExp(escapeRegExp(name)) })).toBeVisible();
  });

  // (The server refuses these reads to anyone but an admin: server/domain/permissions.test.ts.)
  test("a viewer's overview has no Needs attention", async ({ browser }) => {
    const { context, page } = await freshViewerElsewhere(browser, "overview");
    await expect(page.getByRole("heading", { name: "Your organization" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Needs attention" })).toHaveCount(0);
    await context.close();
  });
});
