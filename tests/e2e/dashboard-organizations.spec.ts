import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import {
  confirm,
  expectToast,
  openPage,
  pick,
  reloadPage,
  signInAsAdmin,
  toasts,
  uniqueName,
} from "../support/pages.ts";
import { escapeRegExp } from "../support/site.ts";

/**
 * The organizations page as an administrator. Every organization a test touches is one
 * it created, with a name no other test uses, and it is found by searching for that name.
 */

const organizations = "/dashboard/admin/organizations";

// Refused writes (409 for a taken name or a stale version, 400 for a missing date) are logged by Chromium.
test.use({ allowedConsoleError: /status of 40[0-9]/ });

function listFor(name: string): string {
  return `${organizations}?q=${encodeURIComponent(name)}`;
}

/** The organization's own Name field (contacts have one too, further down). */
function nameField(dialog: Locator): Locator {
  return dialog.getByLabel("Name", { exact: true }).first();
}

/** Shows one tab of an organization's panel (by its name, without the count beside some). */
async function showTab(dialog: Locator, name: string): Promise<void> {
  const tab = dialog.getByRole("tab", { name: new RegExp(`^${escapeRegExp(name)}( \\d+)?$`) });
  await tab.click();
  await expect(tab).toHaveAttribute("aria-selected", "true");
}

/** From the list: opens "Add an organization", fills the essentials and sends it. */
async function addOrganization(page: Page, name: string, city = "Madison"): Promise<void> {
  await page.getByRole("link", { name: "Add an organization" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an organization" });
  await nameField(dialog).fill(name);
  await dialog.getByLabel("City").fill(city);
  await dialog.getByRole("button", { name: "Add the organization" }).click();
  await expectToast(page, `${name} was added`);
  await expect(dialog).toBeHidden();
}

/** Opens an organization's editor from its row. */
async function openEditor(page: Page, name: string): Promise<Locator> {
  await page.getByRole("table", { name: "Organizations" }).getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/[?&]edit=/);
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("organizations", () => {
  test("add one with a contact and units; a taken name and a missing certification date are refused", async ({
    page,
  }) => {
    // A long flow on a shared server with two workers on two cores.
    test.slow();
    const name = uniqueName("E2E Bone Clinic");
    await signInAsAdmin(page, organizations);
    await page.getByRole("link", { name: "Add an organization" }).click();
    await expect(page).toHaveURL(/[?&]new=1(&|$)/);
    const dialog = page.getByRole("dialog", { name: "Add an organization" });
    await nameField(dialog).fill(name);
    await dialog.getByLabel("Kind").selectOption({ label: "Hospital" });
    const address = dialog.getByRole("group", { name: "Address" });
    await address.getByLabel("Street").fill("12 Test Lane");
    await address.getByLabel("City").fill("Duluth");
    await address.getByLabel("State, province or region").fill("MN");
    await address.getByLabel("Postal code").fill("55802");
    await expect(address.getByLabel("Country")).toHaveValue("US");
    await dialog.getByLabel("v4 units").fill("2");
    await dialog.getByLabel("v5 units").fill("3");
    // The contacts are on their own tab of the same form.
    await showTab(dialog, "Contacts");
    const main = dialog.getByRole("group", { name: "Main contact details" });
    await main.getByLabel("Phone").fill("+1 218 555 0100");
    await main.getByLabel("Email").fill("front@e2e-clinic.example.org");
    await main.getByLabel("Website").fill("https://e2e-clinic.example.org");

    const first = dialog.getByRole("group", { name: "Contact 1" });
    await first.getByLabel("Name").fill("Robin Example");
    await first.getByLabel("Job title").fill("Practice manager");
    await first.getByLabel("Email").fill("robin@e2e-clinic.example.org");
    await first.getByLabel("Phone").fill("+1 218 555 0101");
    // A second contact, added and removed again: only the first is saved.
    await dialog.getByRole("button", { name: "Add a contact" }).click();
    const second = dialog.getByRole("group", { name: "Contact 2" });
    await second.getByLabel("Name").fill("Not Saved");
    await second.getByRole("button", { name: "Remove contact 2" }).click();
    await expect(second).toHaveCount(0);

    // The save bar sends both tabs.
    await dialog.getByRole("button", { name: "Add the organization" }).click();
    await expectToast(page, `${name} was added`);
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/new=1/);

    await openPage(page, listFor(name));
    const row = page.getByRole("row", { name: new RegExp(escapeRegExp(name)) });
    await expect(row).toContainText("Hospital");
    await expect(row).toContainText("Duluth");
    await expect(row).toContainText("Not certified");
    await expect(row).toContainText("Not shown");

    // What was saved comes back in the editor.
    const editor = await openEditor(page, name);
    await expect(editor.getByRole("tab", { name: "Contacts 1" })).toBeVisible();
    await expect(editor.getByLabel("v4 units")).toHaveValue("2");
    await expect(editor.getByLabel("v5 units")).toHaveValue("3");
    await showTab(editor, "Contacts");
    const contact = editor.getByRole("group", { name: "Contact 1" });
    await expect(contact.getByLabel("Name")).toHaveValue("Robin Example");
    await expect(contact.getByLabel("Job title")).toHaveValue("Practice manager");
    await expect(contact.getByLabel("Email")).toHaveValue("robin@e2e-clinic.example.org");
    await expect(editor.getByRole("group", { name: "Contact 2" })).toHaveCount(0);
    await editor.getByRole("button", { name: "Close" }).click();
    await expect(editor).toBeHidden();

    // The same name again (in other capitals) is refused; what was typed stays.
    await page.getByRole("link", { name: "Add an organization" }).click();
    await nameField(dialog).fill(name.toUpperCase());
    await dialog.getByLabel("City").fill("Fargo");
    await dialog.getByRole("button", { name: "Add the organization" }).click();
    await expect(dialog.getByRole("alert")).toContainText("One field needs your attention.");
    await expect(nameField(dialog)).toHaveAccessibleDescription(/There is already an organization called/);
    await expect(toasts(page)).not.toContainText("Nothing was changed");
    await expect(nameField(dialog)).toHaveValue(name.toUpperCase());
    await expect(dialog.getByLabel("City")).toHaveValue("Fargo");

    // Certified without "Certified until": that field says what is missing.
    const other = uniqueName("E2E Certified Clinic");
    await nameField(dialog).fill(other);
    await dialog.getByLabel("Certification").selectOption({ label: "Certified" });
    await expect(dialog.getByText("Required for a certified organization.")).toBeVisible();
    await dialog.getByRole("button", { name: "Add the organization" }).click();
    const until = dialog.getByLabel("Certified until");
    await expect(until).toHaveAttribute("aria-invalid", "true");
    await expect(until).toHaveAccessibleDescription(/Enter the date the certification runs until\./);
    await expect(nameField(dialog)).toHaveValue(other);
    await expect(dialog.getByLabel("City")).toHaveValue("Fargo");
    await expect(dialog.getByLabel("Certification")).toHaveValue("certified");
    await expectNoAxeViolations(page);
    // With the date it is added.
    await until.fill("2030-06-30");
    await dialog.getByRole("button", { name: "Add the organization" }).click();
    await expectToast(page, `${other} was added`);
    await openPage(page, listFor(other));
    await expect(page.getByRole("row", { name: new RegExp(escapeRegExp(other)) })).toContainText(
      /Certified\s*until Jun 30, 2030/,
    );
  });

  test("a taken name is shown beside the Name field", async ({ page }) => {
    await signInAsAdmin(page, `${organizations}?new=1`);
    const dialog = page.getByRole("dialog", { name: "Add an organization" });
    // A seeded organization's name.
    await nameField(dialog).fill("Prairie Creek Family Clinic");
    await dialog.getByLabel("City").fill("Madison");
    await dialog.getByRole("button", { name: "Add the organization" }).click();
    await expect(dialog.getByRole("alert")).toContainText("One field needs your attention.");
    await expect(nameField(dialog)).toHaveAttribute("aria-invalid", "true");
    await expect(nameField(dialog)).toHaveAccessibleDescription(/already an organization/);
  });

  test("edit it, list and hide it, add and remove a member, delete it", async ({ page }) => {
    // A long flow on a shared server with two workers on two cores.
    test.slow();
    const name = uniqueName("E2E Health Centre");
    const stamp = `${process.pid}-${Date.now()}`;
    // A person to add: an invitation (no account needed), named to sort early in the people list.
    const member = { name: `Aaron Member ${stamp}`, email: `member-${stamp}@densara.test` };
    await signInAsAdmin(page, "/dashboard/admin/users?invite=1");
    const invite = page.getByRole("dialog", { name: "Invite a person" });
    await invite.getByLabel("Email address").fill(member.email);
    await invite.getByLabel("Name").fill(member.name);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expectToast(page, `Invitation sent to ${member.email}`);

    await openPage(page, organizations);
    await addOrganization(page, name, "Madison");
    await openPage(page, listFor(name));
    const row = page.getByRole("row", { name: new RegExp(escapeRegExp(name)) });

    // Edit.
    let editor = await openEditor(page, name);
    await editor.getByLabel("City").fill("Green Bay");
    await editor.getByLabel("Kind").selectOption({ label: "Research site" });
    await editor.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, `${name} was saved`);
    await expect(editor.getByLabel("City")).toHaveValue("Green Bay");
    await editor.getByRole("button", { name: "Close" }).click();
    await expect(row).toContainText("Green Bay");
    await expect(row).toContainText("Research site");

    // The List/Hide toggle.
    await expect(row).toContainText("Not shown");
    await row.getByRole("button", { name: `List ${name} on the locations page` }).click();
    await expectToast(page, `${name} is listed on the locations page`);
    await expect(row).toContainText("On the locations page");
    await row.getByRole("button", { name: `Hide ${name} on the locations page` }).click();
    await expectToast(page, `${name} is no longer listed publicly`);
    await expect(row).toContainText("Not shown");
    await expect(row.getByRole("button", { name: `List ${name} on the locations page` })).toBeVisible();

    // Members.
    editor = await openEditor(page, name);
    await showTab(editor, "Members");
    const members = editor.getByRole("region", { name: "Members" });
    await expect(members.getByText("No one belongs to it yet.")).toBeVisible();
    // Adding without choosing anyone is refused with a sentence, and changes nothing.
    await members.getByRole("button", { name: "Add the member" }).click();
    await expect(members.getByRole("alert")).toContainText("Choose one from the list first.");
    await expect(members.getByRole("combobox", { name: "Add a member" })).toHaveAccessibleDescription(
      /Choose one from the list first/,
    );
    // The picker finds people on the server as their name is typed.
    await pick(members, "Add a member", `member ${stamp}`, new RegExp(escapeRegExp(member.name)));
    await members.getByRole("button", { name: "Add the member" }).click();
    await expectToast(page, `${member.name} was added to ${name}`);
    await expect(members.getByRole("listitem").filter({ hasText: member.name })).toBeVisible();
    await members.getByRole("button", { name: `Remove ${member.name}` }).click();
    const question = page.getByRole("alertdialog", { name: `Remove ${member.name} from ${name}?` });
    // Cancel keeps them.
    await question.getByRole("button", { name: "Cancel" }).click();
    await expect(question).toBeHidden();
    await expect(members.getByRole("listitem").filter({ hasText: member.name })).toBeVisible();
    await members.getByRole("button", { name: `Remove ${member.name}` }).click();
    await confirm(page, `Remove ${member.name} from ${name}?`, "Remove");
    await expectToast(page, `${member.name} was removed`);
    await expect(members.getByText("No one belongs to it yet.")).toBeVisible();

    // Delete, from the danger zone.
    await showTab(editor, "Danger zone");
    await expect(editor.getByRole("region", { name: "Delete this organization" })).toContainText(
      "No one belongs to it.",
    );
    await editor.getByRole("button", { name: `Delete ${name}` }).click();
    await confirm(page, `Delete ${name}?`, "Delete");
    await expectToast(page, `${name} was deleted`);
    await expect(editor).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]edit=/);
    await expect(row).toHaveCount(0);
    await expect(page.getByText("No organization matches these filters")).toBeVisible();

    // Tidy up the invitation.
    await openPage(page, `/dashboard/admin/users?q=${encodeURIComponent(member.email)}`);
    await page.getByRole("link", { name: member.name }).click();
    await page.getByRole("button", { name: "Cancel the invitation" }).click();
    await confirm(page, `Cancel the invitation to ${member.name}?`, "Cancel the invitation");
    await expectToast(page, `Invitation to ${member.email} cancelled`);
  });

  test("a mistake on another tab opens that tab; closing with unsaved changes asks first", async ({ page }) => {
    await signInAsAdmin(page, `${organizations}?new=1`);
    const dialog = page.getByRole("dialog", { name: "Add an organization" });
    const bar = dialog.getByText("Unsaved changes");
    await expect(bar).toHaveCount(0);
    const name = uniqueName("E2E Unsaved Clinic");
    await nameField(dialog).fill(name);
    await dialog.getByLabel("City").fill("Madison");
    await expect(bar).toBeVisible();
    // A contact's address that is no address: the answer shows the Contacts tab, with the field.
    await showTab(dialog, "Contacts");
    const contact = dialog.getByRole("group", { name: "Contact 1" });
    await contact.getByLabel("Name").fill("Robin Example");
    await contact.getByLabel("Email").fill("not an address");
    await showTab(dialog, "Details");
    await dialog.getByRole("button", { name: "Add the organization" }).click();
    await expect(dialog.getByRole("alert")).toContainText("One field needs your attention.");
    await expect(dialog.getByRole("tab", { name: "Contacts", exact: true })).toHaveAttribute("aria-selected", "true");
    const email = contact.getByLabel("Email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveValue("not an address");

    // Escape with changes not saved asks first; "Keep editing" keeps them.
    await email.focus();
    await page.keyboard.press("Escape");
    const keep = dialog.getByRole("button", { name: "Keep editing" });
    await expect(dialog.getByRole("group", { name: "Discard your unsaved changes?" })).toBeVisible();
    await expect(keep).toBeFocused();
    await keep.press("Enter");
    await expect(dialog).toBeVisible();
    await expect(email).toHaveValue("not an address");
    await showTab(dialog, "Details");
    await expect(nameField(dialog)).toHaveValue(name);
    // Closing again and discarding closes it; nothing was added.
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.getByRole("button", { name: "Discard changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/new=1/);
    await openPage(page, listFor(name));
    await expect(page.getByText("No organization matches these filters")).toBeVisible();
  });

  test("two tabs edit the same organization: the second save is refused and the first stays", async ({
    context,
    page,
  }) => {
    // A long flow on a shared server with two workers on two cores.
    test.slow();
    const name = uniqueName("E2E Conflict Clinic");
    await signInAsAdmin(page, organizations);
    await addOrganization(page, name, "Madison");
    await openPage(page, listFor(name));
    const first = await openEditor(page, name);

    const other = await context.newPage();
    await openPage(other, page.url());
    const second = other.getByRole("dialog", { name });
    await expect(second.getByLabel("City")).toHaveValue("Madison");

    await first.getByLabel("City").fill("Eau Claire");
    await first.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, `${name} was saved`);

    await second.getByLabel("City").fill("La Crosse");
    await second.getByRole("button", { name: "Save changes" }).click();
    await expect(second.getByRole("alert")).toContainText(`${name} was changed by someone else`);
    await expect(second.getByRole("alert")).toContainText("Reload to see the latest");
    await expect(toasts(other)).not.toContainText("Nothing was changed");
    // What the second tab typed is kept, so it can be done again after a reload.
    await expect(second.getByLabel("City")).toHaveValue("La Crosse");

    // The first change stays.
    await reloadPage(other);
    await expect(other.getByRole("dialog", { name }).getByLabel("City")).toHaveValue("Eau Claire");
    await openPage(page, listFor(name));
    await expect(page.getByRole("row", { name: new RegExp(escapeRegExp(name)) })).toContainText("Eau Claire");
    await other.close();
  });
});
