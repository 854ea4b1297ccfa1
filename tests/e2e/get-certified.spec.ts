import type { Page } from "@playwright/test";
import { mailTo } from "../support/accounts.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import { expectToast, pick, signInAsAdmin, uniqueName } from "../support/pages.ts";
import { escapeRegExp } from "../support/site.ts";

/** Get Certified: an operator applies, with and without JavaScript, and is mailed a confirmation. */

test.use({ allowedConsoleError: /status of 40[0-9]/ });

const form = (page: Page) => page.locator("form[data-public-form]");
const uniqueEmail = (label: string) => `${uniqueName(label).replaceAll(" ", "-")}@clinic.example`.toLowerCase();

async function fillApplication(page: Page, email: string) {
  const application = form(page);
  await application.getByLabel("Your name").fill("Ana Ferreira");
  await application.getByLabel("Email").fill(email);
  await application.getByLabel("Organization").fill("Clínica Ferreira");
  await application.getByLabel("Your role").fill("Radiographer");
  await application.getByLabel("Country").selectOption("PT");
  await application.getByRole("radio", { name: "Densara v5" }).check();
  await application.getByRole("radio", { name: /At our site/ }).check();
  await application.getByLabel("You may contact me about my application").check();
}

test("an operator applies with JavaScript: checked in place, sent without a reload, confirmed by mail", async ({
  page,
}) => {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto("/about/get-certified#apply");
    await form(page).getByRole("button", { name: "Send application" }).click();
    await expect(form(page).getByRole("alert")).toContainText("fields need your attention");
    await expectNoAxeViolations(page);
  }
  const email = uniqueEmail("applicant");
  await fillApplication(page, email);
  await form(page).getByRole("button", { name: "Send application" }).click();
  await expect(
    page.getByRole("heading", { name: "Thank you: your application reached our training team" }),
  ).toBeFocused();
  await expectToast(page, "Application sent");
  await mailTo(email, "Your application for Densara operator certification");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the application posts as a plain form and lands on its thanks page", async ({ page }) => {
    await page.goto("/about/get-certified#apply");
    await fillApplication(page, uniqueEmail("plain-applicant"));
    await form(page).getByRole("button", { name: "Send application" }).click();
    await expect(page).toHaveURL(/\/about\/get-certified\/sent#application-form$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Thank you: your application reached our training team",
    );
  });
});

test("staff take an application from applied to certified, and the organization is certified and listed", async ({
  page,
}) => {
  // The applicant, as a visitor.
  const email = uniqueEmail("workflow");
  const name = uniqueName("Operator");
  await page.goto("/about/get-certified#apply");
  await fillApplication(page, email);
  await form(page).getByLabel("Your name").fill(name);
  await form(page).getByRole("button", { name: "Send application" }).click();
  await expect(page.locator("[data-form-sent]")).toBeVisible();

  // The training team, as the admin: the operator's clinic is new to the portal, and not listed.
  const clinic = uniqueName("Lakeside Bone Clinic");
  await signInAsAdmin(page, "/dashboard/admin/organizations?new=1");
  const adding = page.getByRole("dialog", { name: "Add an organization" });
  await adding.getByLabel("Name", { exact: true }).first().fill(clinic);
  await adding.getByLabel("City").fill("Madison");
  await adding.getByRole("button", { name: "Add the organization" }).click();
  await expectToast(page, `${clinic} was added`);
  await page.goto(`/locations?place=${encodeURIComponent(clinic)}`);
  await expect(page.locator("[data-results-heading]")).toHaveText(`We could not find “${clinic}”`);

  await page.goto(`/dashboard/admin/inquiries/applications?q=${encodeURIComponent(name.toLowerCase())}`);
  const table = page.getByRole("table", { name: "Certification applications" });
  // Sent once: one row.
  await expect(table.getByRole("rowheader")).toHaveCount(1);
  await table.getByRole("link", { name, exact: true }).click();
  const panel = page.getByRole("dialog", { name });
  await pick(panel, "Organization", clinic.toLowerCase(), clinic);
  await panel.getByRole("button", { name: "Match organization" }).click();
  await expectToast(page, `${name}'s application is matched to an organization`);

  await panel.getByLabel("Course date").fill("2027-03-16");
  await panel.getByRole("button", { name: "Schedule the course" }).click();
  await expectToast(page, `${name}: scheduled`);
  await mailTo(email, "Your Densara operator course is booked");

  await panel.getByRole("button", { name: "Course and assessment completed" }).click();
  await expectToast(page, `${name}: completed`);
  await panel.getByLabel("List the organization on the public locations page").check();
  await panel.getByRole("button", { name: "Certify the operator" }).click();
  await expectToast(page, `${name}: certified`);
  await expect(panel.getByText(new RegExp(`Matched to ${escapeRegExp(clinic)}, .* \\(certified until`))).toBeVisible();
  await expectNoAxeViolations(page);
  await mailTo(email, "You are a certified Densara operator");

  // On the public locations page: a search finds it at once; the page without a search
  // follows within about a second (ADR 029).
  await page.goto(`/locations?place=${encodeURIComponent(clinic)}`);
  const card = page.getByRole("list", { name: "Locations" }).getByRole("listitem").filter({ hasText: clinic });
  await expect(card).toContainText("Certified operators");
  await expect(async () => {
    await page.goto("/locations");
    await expect(page.getByRole("heading", { name: clinic, level: 4 })).toBeVisible({ timeout: 1000 });
  }).toPass();
});
