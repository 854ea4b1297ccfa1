import { admin } from "../support/accounts.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import {
  confirm,
  expectToast,
  freshViewerElsewhere,
  openPage,
  pick,
  reloadPage,
  rowNames,
  sessionOf,
  signInAsAdmin,
  toastItem,
  toasts,
} from "../support/pages.ts";

/**
 * The users page as an administrator: filters, sort and pages kept in the URL;
 * invitations; a person's panel (role, access, sessions). Rows other tests add or change
 * never matter: every check looks at seeded people (their addresses end in example.com
 * or example.org, the tests' in densara.test) or at people the test itself created.
 */

const users = "/dashboard/admin/users";

test.describe("users: the list", () => {
  test("role and search filters land in the URL and a reload shows the same rows", async ({ page }) => {
    await signInAsAdmin(page, users);
    const filters = page.getByRole("search", { name: "Filter users" });
    await filters.getByLabel("Name or email").fill("example.com");
    // A choice applies at once (with what was typed so far); there is no Apply button to press.
    await filters.getByLabel("Role").selectOption({ label: "Admin" });
    await expect(page).toHaveURL(/[?&]role=admin(&|$)/);
    await expect(page).toHaveURL(/[?&]q=example\.com(&|$)/);
    await expect(filters.getByRole("button", { name: "Apply" })).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: /^3 people$/ })).toBeVisible();
    await expect(page.getByRole("list", { name: "Filters in use" }).getByRole("link")).toHaveText([
      "Name or email: “example.com”",
      "Role: Admin",
    ]);

    const table = page.getByRole("table", { name: "Users" });
    // The three seeded administrators on example.com; admin@densara.test does not match.
    await expect(table.getByRole("link", { name: "Amara Osei" })).toBeVisible();
    await expect(table.getByRole("link", { name: "Daniel Kowalczyk" })).toBeVisible();
    await expect(table.getByRole("link", { name: "Lucía Fernández" })).toBeVisible();
    await expect(table.getByRole("link", { name: "Administrator" })).toHaveCount(0);
    const rows = table.locator("tbody tr");
    for (const row of await rows.all()) {
      await expect(row.getByRole("cell").first()).toHaveText("Admin");
      await expect(row.getByRole("rowheader")).toContainText("example.com");
    }
    const before = await rowNames(table);

    await reloadPage(page);
    await expect(filters.getByLabel("Name or email")).toHaveValue("example.com");
    await expect(filters.getByLabel("Role")).toHaveValue("admin");
    expect(await rowNames(table)).toEqual(before);

    // Another role and search, with the status too: one seeded editor.
    await filters.getByLabel("Name or email").fill("kestrel");
    await filters.getByLabel("Role").selectOption({ label: "Editor" });
    await filters.getByLabel("Status").selectOption({ label: "Active" });
    await expect(page).toHaveURL(/[?&]status=active(&|$)/);
    await expect(table.locator("tbody tr")).toHaveCount(1);
    await expect(table.getByRole("row", { name: /Oliver Bennett/ })).toContainText("Editor");
    await reloadPage(page);
    await expect(table.locator("tbody tr")).toHaveCount(1);
    await expect(table.getByRole("link", { name: "Oliver Bennett" })).toBeVisible();

    // A search nobody matches says so and offers the way back.
    await filters.getByLabel("Name or email").fill("nobody-matches-this-search");
    await expect(page.getByText("No one matches these filters")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Clear the filters" }).click();
    await expect(page).toHaveURL(users);
    await expect(table.getByRole("link", { name: "Administrator" })).toBeVisible();
  });

  test("sorting by name orders the rows and says so with aria-sort", async ({ page }) => {
    // Seeded viewers at example.org: fewer than a page, so the whole set turns round.
    await signInAsAdmin(page, `${users}?role=viewer&q=example.org`);
    const table = page.getByRole("table", { name: "Users" });
    const nameHeader = table.getByRole("columnheader", { name: /^Name/ });
    await expect(nameHeader).not.toHaveAttribute("aria-sort");
    await expect(page.getByRole("navigation", { name: "Users pages" })).toHaveCount(0);
    const byDate = await rowNames(table);
    expect(byDate.length).toBeGreaterThan(5);

    await nameHeader.getByRole("link").click();
    await expect(page).toHaveURL(/[?&]sort=name&direction=asc(&|$)/);
    await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
    await expect(nameHeader.getByRole("link")).toHaveAccessibleName(/sorted ascending, sort descending/);
    // The filters are kept.
    await expect(page).toHaveURL(/[?&]role=viewer(&|$)/);
    await expect(table.locator("tbody").getByRole("link").first()).toHaveText("Aisha Rahman");
    const ascending = await rowNames(table);
    expect(ascending).not.toEqual(byDate);
    expect([...ascending].sort()).toEqual([...byDate].sort());

    await nameHeader.getByRole("link").click();
    await expect(page).toHaveURL(/[?&]sort=name&direction=desc(&|$)/);
    await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
    await expect(table.locator("tbody").getByRole("link").first()).not.toHaveText("Aisha Rahman");
    expect(await rowNames(table)).toEqual([...ascending].reverse());

    await reloadPage(page);
    await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
    expect(await rowNames(table)).toEqual([...ascending].reverse());
  });

  test("Next page then Previous page, with the cursor in the URL", async ({ page }) => {
    // Every seeded person (about 30) matches "example"; the tests' own people do not.
    await signInAsAdmin(page, `${users}?q=example&sort=name`);
    const table = page.getByRole("table", { name: "Users" });
    const pages = page.getByRole("navigation", { name: "Users pages" });
    await expect(pages.getByRole("link", { name: "Previous page" })).toHaveCount(0);
    const first = await rowNames(table);
    expect(first).toHaveLength(25);

    await pages.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/[?&]after=/);
    await expect(page).toHaveURL(/[?&]q=example(&|$)/);
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
    await expect(table.locator("tbody").getByRole("link").first()).not.toHaveText(first[0] ?? "");
    const second = await rowNames(table);
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((name) => first.includes(name))).toEqual([]);
    await expect(table.getByRole("columnheader", { name: /^Name/ })).toHaveAttribute("aria-sort", "ascending");

    // A reload of the second page shows the same rows.
    await reloadPage(page);
    expect(await rowNames(table)).toEqual(second);

    await pages.getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(/[?&]before=/);
    await expect(page).not.toHaveURL(/[?&]after=/);
    await expect(table.locator("tbody").getByRole("link").first()).toHaveText(first[0] ?? "");
    expect(await rowNames(table)).toEqual(first);
    // Back on the first page: nothing comes before it.
    await expect(pages.getByRole("link", { name: "Previous page" })).toHaveCount(0);
    await expect(pages.getByRole("link", { name: "Next page" })).toBeVisible();
  });
});

test.describe("users: invitations", () => {
  // Inviting an address twice is refused with 409, which Chromium logs.
  test.use({ allowedConsoleError: /status of 40[0-9]/ });

  test("invite someone, refuse the same address twice, send it again, cancel it", async ({ page }) => {
    // A long flow on a shared server with two workers on two cores.
    test.slow();
    const stamp = `${process.pid}-${Date.now()}`;
    const email = `invitee-${stamp}@densara.test`;
    const name = `Invitee ${stamp}`;
    await signInAsAdmin(page, users);
    await page.getByRole("link", { name: "Invite a person" }).click();
    await expect(page).toHaveURL(/[?&]invite=1(&|$)/);
    const dialog = page.getByRole("dialog", { name: "Invite a person" });
    await dialog.getByLabel("Email address").fill(email);
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Role").selectOption({ label: "Editor: docs, media and releases" });
    await pick(dialog, "Organization", "prairie", /Prairie Creek Family Clinic/);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expectToast(page, `Invitation sent to ${email}`);
    await expect(toastItem(page, `Invitation sent to ${email}`).locator('[data-toast-icon="mail"]')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/invite=1/);

    await openPage(page, `${users}?q=${encodeURIComponent(email)}`);
    const row = page.getByRole("row", { name: new RegExp(email) });
    await expect(row).toContainText("Invited");
    await expect(row).toContainText("Editor");
    await expect(row).toContainText("Prairie Creek Family Clinic");
    await expect(row).toContainText("Invited");
    // The last sign-in column says what it names: nothing yet.
    await expect(row.getByRole("cell").last()).toHaveText("Never");

    // The same address again (in capitals): refused, and the dialog keeps what was typed.
    await page.getByRole("link", { name: "Invite a person" }).click();
    await dialog.getByLabel("Email address").fill(email.toUpperCase());
    await dialog.getByLabel("Name").fill("Someone Else");
    await dialog.getByLabel("Role").selectOption({ label: "Admin: everything, including users" });
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog.getByRole("alert")).toContainText(`${email} has already been invited`);
    // Said once, in the dialog (whose alert takes focus): no toast repeats it.
    await expect(dialog.getByRole("alert")).toBeFocused();
    await expect(toasts(page)).not.toContainText("Nothing was changed");
    await expect(dialog.getByLabel("Email address")).toHaveValue(email.toUpperCase());
    await expect(dialog.getByLabel("Name")).toHaveValue("Someone Else");
    await expect(dialog.getByLabel("Role")).toHaveValue("admin");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Editor");

    // Their panel, opened from the row after a look at the search field: send it again, then cancel it.
    const search = page.getByRole("search", { name: "Filter users" }).getByLabel("Name or email");
    await search.focus();
    await row.getByRole("link", { name }).click();
    await expect(page).toHaveURL(/[?&]user=/);
    const panel = page.getByRole("dialog", { name });
    await expect(panel.getByRole("heading", { name: "Invitation" })).toBeVisible();
    await expect(panel.getByText("Invited", { exact: true })).toBeVisible();
    // An invited person's role can still be put right before they accept; they have no sessions to end.
    await expect(panel.getByRole("combobox", { name: "Role" })).toHaveValue("editor");
    await expect(panel.getByRole("region", { name: "Signed-in browsers" })).toHaveCount(0);
    await panel.getByRole("button", { name: "Send it again" }).click();
    await expectToast(page, `Invitation sent again to ${email}`);

    await panel.getByRole("button", { name: "Cancel the invitation" }).click();
    // "Keep the invitation" keeps it (no "Cancel" beside "Cancel the invitation" to confuse)…
    const question = page.getByRole("alertdialog", { name: `Cancel the invitation to ${name}?` });
    await expect(question.getByRole("button", { name: "Cancel", exact: true })).toHaveCount(0);
    await question.getByRole("button", { name: "Keep the invitation", exact: true }).click();
    await expect(question).toBeHidden();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("button", { name: "Cancel the invitation" })).toBeFocused();
    // …and confirming ends it.
    await panel.getByRole("button", { name: "Cancel the invitation" }).click();
    await confirm(page, `Cancel the invitation to ${name}?`, "Cancel the invitation");
    await expectToast(page, `Invitation to ${email} cancelled`);
    await expect(panel).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]user=/);
    await expect(row).toHaveCount(0);
    await expect(page.getByText("No one matches these filters")).toBeVisible();
    // The row link that opened the panel has gone with the row: focus goes back through
    // the focus history to the element before it, the search field, not to the page's top.
    await expect(search).toBeFocused();
  });
});

test.describe("users: a person's panel", () => {
  test("an admin changes a fresh viewer's role to editor", async ({ browser, page }) => {
    // A long flow on a shared server with two workers on two cores.
    test.slow();
    const theirs = await freshViewerElsewhere(browser, "promoted");
    const { person } = theirs;
    await signInAsAdmin(page, `${users}?q=${encodeURIComponent(person.email)}`);
    const row = page.getByRole("row", { name: new RegExp(person.email) });
    await expect(row).toContainText("Viewer");
    await row.getByRole("link", { name: person.name }).click();
    const panel = page.getByRole("dialog", { name: person.name });
    await expect(panel.getByRole("combobox", { name: "Role" })).toHaveValue("viewer");
    await panel.getByRole("combobox", { name: "Role" }).selectOption({ label: "Editor: docs, media and releases" });
    await panel.getByRole("button", { name: "Change role" }).click();
    await expectToast(page, `${person.name} is now an editor`);
    await expect(panel.getByRole("combobox", { name: "Role" })).toHaveValue("editor");
    await panel.getByRole("button", { name: "Close" }).click();
    await expect(panel).toBeHidden();
    await expect(row.getByRole("cell").first()).toHaveText("Editor");
    await reloadPage(page);
    await expect(row.getByRole("cell").first()).toHaveText("Editor");

    // The change reaches their browser: an editor may have access tokens.
    expect((await sessionOf(theirs.page)).user?.role).toBe("editor");
    await openPage(theirs.page, "/dashboard/settings");
    await expect(theirs.page.getByRole("heading", { name: "Personal access tokens" })).toBeVisible();
    await theirs.context.close();
  });

  test("an admin gives a viewer the inquiries duty: the inbox opens for them, and closes again", async ({
    browser,
    page,
  }) => {
    test.slow();
    const theirs = await freshViewerElsewhere(browser, "duty");
    const { person } = theirs;
    // A viewer without the duty is refused the inbox, in the portal's layout.
    const refused = await theirs.page.goto("/dashboard/admin/inquiries");
    expect(refused?.status()).toBe(403);

    await signInAsAdmin(page, `${users}?q=${encodeURIComponent(person.email)}`);
    await page
      .getByRole("row", { name: new RegExp(person.email) })
      .getByRole("link", { name: person.name })
      .click();
    const panel = page.getByRole("dialog", { name: person.name });
    const duty = panel.getByRole("checkbox", { name: "Answers inquiries" });
    await expect(duty).not.toBeChecked();
    await duty.check();
    await panel.getByRole("button", { name: "Save duties" }).click();
    await expectToast(page, `${person.name} now answers inquiries`);
    await expect(duty).toBeChecked();
    await expectNoAxeViolations(page);

    // Their next page: the inbox is theirs to read, and the sidebar lists it.
    await openPage(theirs.page, "/dashboard/admin/inquiries");
    await expect(theirs.page.getByRole("heading", { level: 1, name: "Inquiries" })).toBeVisible();
    await expect(theirs.page.getByRole("table", { name: "Inquiries" })).toBeVisible();
    await expect(theirs.page.getByRole("navigation").getByRole("link", { name: "Inquiries" }).first()).toBeVisible();

    await duty.uncheck();
    await panel.getByRole("button", { name: "Save duties" }).click();
    await expectToast(page, `${person.name} no longer answers inquiries`);
    const again = await theirs.page.goto("/dashboard/admin/inquiries");
    expect(again?.status()).toBe(403);
    await theirs.context.close();
  });

  test("saving the role unchanged is no error", async ({ page }) => {
    // A seeded editor saved as an editor: nothing should change, and nothing should break.
    await signInAsAdmin(page, `${users}?q=rahul.venkataraman`);
    await page.getByRole("link", { name: "Rahul Venkataraman" }).click();
    const panel = page.getByRole("dialog", { name: "Rahul Venkataraman" });
    await expect(panel.getByRole("combobox", { name: "Role" })).toHaveValue("editor");
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await panel.getByRole("button", { name: "Change role" }).click();
    expect((await answer).status()).toBeLessThan(500);
    await expect(panel.getByRole("alert")).toHaveCount(0);
    await expect(toasts(page)).not.toContainText("Nothing was changed");

    // The panel leads to what they have done, in the activity log.
    await panel.getByRole("link", { name: "What Rahul Venkataraman has done in the portal" }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/activity\?actor=[0-9a-f-]{36}$/);
    await expect(page.getByRole("list", { name: "Filters in use" })).toContainText("Who: Rahul Venkataraman");
  });

  test("the admin's own panel offers no role change and no disable", async ({ page }) => {
    await signInAsAdmin(page, `${users}?q=${encodeURIComponent(admin.email)}`);
    await page.getByRole("link", { name: "Administrator" }).click();
    const panel = page.getByRole("dialog", { name: "Administrator" });
    await expect(panel.getByText("You are an admin. Another admin can change your role.")).toBeVisible();
    await expect(panel.getByRole("combobox", { name: "Role" })).toHaveCount(0);
    await expect(panel.getByRole("button", { name: "Change role" })).toHaveCount(0);
    await expect(panel.getByRole("button", { name: /Disable/ })).toHaveCount(0);
    await expect(panel.getByRole("region", { name: "Access" })).toHaveCount(0);
    // Their own browser is marked, and cannot be signed out from here.
    const current = panel.getByRole("listitem").filter({ hasText: "(this browser)" });
    await expect(current).toHaveCount(1);
    await expect(current.getByRole("button")).toHaveCount(0);
  });

  test("sign out one of a fresh user's sessions, then disable and enable them", async ({ browser, page }) => {
    // A long flow on a shared server with two workers on two cores.
    test.slow();
    const theirs = await freshViewerElsewhere(browser, "access");
    const { person } = theirs;
    await signInAsAdmin(page, `${users}?q=${encodeURIComponent(person.email)}`);
    const row = page.getByRole("row", { name: new RegExp(person.email) });
    await row.getByRole("link", { name: person.name }).click();
    const panel = page.getByRole("dialog", { name: person.name });
    const sessions = panel.getByRole("region", { name: "Signed-in browsers" });
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    await expect(sessions.getByRole("listitem")).not.toContainText("(this browser)");

    await sessions.getByRole("button", { name: /^Sign out / }).click();
    const question = page.getByRole("alertdialog", { name: "Sign out that browser?" });
    await expect(question).toContainText(`${person.name} will have to sign in again there.`);
    await confirm(page, "Sign out that browser?", "Sign out");
    await expectToast(page, "That browser is signed out");
    await expect(sessions.getByText("None right now.")).toBeVisible();
    // Their session cookie no longer signs them in.
    expect((await sessionOf(theirs.page)).signedIn).toBe(false);

    await panel.getByRole("button", { name: `Disable ${person.name}` }).click();
    await confirm(page, `Disable ${person.name}?`, "Disable");
    await expectToast(page, `${person.name} is disabled`);
    await expect(panel.getByText("Disabled", { exact: true })).toBeVisible();
    // The list behind the modal panel is hidden from assistive technology: close it to read the row.
    await panel.getByRole("button", { name: "Close" }).click();
    await expect(row).toContainText("Disabled");
    await row.getByRole("link", { name: person.name }).click();

    await panel.getByRole("button", { name: `Enable ${person.name}` }).click();
    await expectToast(page, `${person.name} can sign in again`);
    await expect(panel.getByText("Active", { exact: true })).toBeVisible();
    await expect(panel.getByRole("button", { name: `Disable ${person.name}` })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(row).toContainText("Active");
    await expect(toasts(page)).not.toContainText("Nothing was changed");
    await theirs.context.close();
  });
});
