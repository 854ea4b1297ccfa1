import type { Page } from "@playwright/test";
import { mailTo } from "../support/accounts.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import { expectToast, signInAsAdmin, uniqueName } from "../support/pages.ts";

/**
 * Contact Us (Sales & Support) as a visitor sends it: with JavaScript (checked as the
 * fields are left, sent without a reload, a toast) and without (a plain form, the thanks
 * page); both end as mail to the visitor and to the topic's team.
 */

// A refused form answers 400, which Chromium logs.
test.use({ allowedConsoleError: /status of 40[0-9]/ });

const form = (page: Page) => page.locator("form#message-form");
const uniqueEmail = (label: string) => `${uniqueName(label).replaceAll(" ", "-")}@clinic.example`.toLowerCase();

async function fillMessage(page: Page, email: string, name: string) {
  const contact = form(page);
  await contact.getByRole("radio", { name: /Technical support/ }).check();
  await contact.getByLabel("Your name").fill(name);
  await contact.getByLabel("Email").fill(email);
  await contact.getByLabel("Organization").fill("Lakeside Bone Clinic");
  await contact.getByLabel("Country").selectOption("US");
  await contact.getByLabel("State or region (optional)").fill("Wisconsin");
  await contact.getByRole("radio", { name: "Densara v5" }).check();
  await contact.getByLabel("Serial number (optional)").fill("D5-204117");
  await contact.getByLabel("Your message").fill("The v5 stops at the calibration step with message E41.");
  await contact.getByLabel("You may contact me about this message").check();
}

test.describe("with JavaScript", () => {
  test("checks fields as they are left, then sends without a reload and says so", async ({ page }) => {
    await page.goto("/about/contact#write-to-us");
    const contact = form(page);
    await expectNoAxeViolations(page);

    await contact.getByLabel("Email").fill("ruth");
    await contact.getByLabel("Email").blur();
    await expect(contact.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await contact.getByRole("button", { name: "Send message" }).click();
    await expect(contact.getByRole("alert")).toContainText("fields need your attention");
    await expect(contact.getByRole("radio", { name: /A sales quote/ })).toBeFocused();
    await expectNoAxeViolations(page);

    const email = uniqueEmail("ruth");
    const before = page.url();
    await fillMessage(page, email, "Ruth Okafor");
    await expect(contact.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
    await contact.getByRole("button", { name: "Send message" }).click();

    const thanks = page.locator("[data-form-sent]");
    await expect(thanks.getByRole("heading", { name: "Thank you: your message reached our team" })).toBeFocused();
    const reference = (await thanks.locator("strong").textContent()) ?? "";
    expect(reference).toMatch(/^SR-[2-9A-HJKMNP-Z]{6}$/);
    await expectToast(page, "Message sent");
    expect(page.url()).toBe(before);

    const confirmation = await mailTo(email, `Your request ${reference} reached Densara`);
    expect(confirmation.text).toContain(`Your reference is ${reference}`);
    const copy = await mailTo(
      "support@densara.example",
      `New inquiry about technical support (${reference}): Ruth Okafor`,
    );
    expect(copy.text).toContain("The v5 stops at the calibration step with message E41.");
  });

  test("shows the server's refusal in place, every word kept, in both colour modes", async ({ page }) => {
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/about/contact#write-to-us");
      await fillMessage(page, uniqueEmail("refused"), "Refused Writer");
      // Past the browser's checks, caught by the server's: no label has letters like these.
      await form(page).getByLabel("Serial number (optional)").fill("??");
      await form(page).getByRole("button", { name: "Send message" }).click();
      await expect(form(page).getByRole("alert")).toHaveText("One field needs your attention.");
      await expect(form(page).getByText("Enter the serial number as printed on the label")).toBeVisible();
      await expect(form(page).getByLabel("Your message")).toHaveValue(
        "The v5 stops at the calibration step with message E41.",
      );
      await expectNoAxeViolations(page);
    }
  });
});

test.describe("text that is not one line", () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`is refused beside its field in words that name it, nothing lost (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      try {
        const page = await context.newPage();
        await page.goto("/about/contact#write-to-us");
        await fillMessage(page, uniqueEmail("override"), "Override Writer");
        // A right-to-left override shows "WI" where the text reads otherwise; a browser keeps it in a field.
        const region = form(page).getByLabel("State or region (optional)");
        await region.fill("Wisconsin\u202eIW");
        await form(page).getByRole("button", { name: "Send message" }).click();
        await expect(form(page).getByRole("alert")).toHaveText("One field needs your attention.");
        const message = "Remove the invisible control character (U+202E) from the region.";
        await expect(form(page).getByLabel("State or region (optional)")).toHaveAccessibleDescription(
          new RegExp(message.replace(/[()+.]/g, "\\$&")),
        );
        await expect(form(page).getByLabel("Your name")).toHaveValue("Override Writer");
        await expect(form(page).getByLabel("Your message")).toHaveValue(
          "The v5 stops at the calibration step with message E41.",
        );
        await expect(form(page).getByLabel("State or region (optional)")).toHaveValue("Wisconsin\u202eIW");
      } finally {
        await context.close();
      }
    });
  }
});

test("the thanks page reads well in both colour modes", async ({ page }) => {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto("/about/contact/sent?reference=SR-7K3P9Q");
    await expect(page.getByText("SR-7K3P9Q")).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

// axe runs in the page, so these check the words and the flow; the pages' markup is checked above.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sends as a plain form and lands on the thanks page with the reference", async ({ page }) => {
    await page.goto("/about/contact#write-to-us");
    const email = uniqueEmail("plain");
    await fillMessage(page, email, "Plain Form Writer");
    await form(page).getByRole("button", { name: "Send message" }).click();

    await expect(page).toHaveURL(/\/about\/contact\/sent\?reference=SR-[2-9A-HJKMNP-Z]{6}/);
    const reference = new URL(page.url()).searchParams.get("reference") ?? "";
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you: your message reached our team");
    await expect(page.getByText(reference)).toBeVisible();
    await mailTo(email, `Your request ${reference} reached Densara`);
  });

  test("a refused form comes back with the messages beside the fields and nothing lost", async ({ page }) => {
    await page.goto("/about/contact#write-to-us");
    await fillMessage(page, uniqueEmail("plain-refused"), "Plain Refused");
    await form(page).getByLabel("Serial number (optional)").fill("??");
    await form(page).getByRole("button", { name: "Send message" }).click();
    await expect(page).toHaveURL(/\/about\/contact#message-form$/);
    await expect(form(page).getByRole("alert")).toHaveText("One field needs your attention.");
    await expect(form(page).getByLabel("Your name")).toHaveValue("Plain Refused");
    await expect(form(page).getByRole("radio", { name: /Technical support/ })).toBeChecked();
  });
});

test("messages sent with and without JavaScript reach the inbox, where an admin closes one", async ({
  page,
  browser,
}) => {
  const label = uniqueName("Inbox Writer");
  const plain = await browser.newContext({ javaScriptEnabled: false });
  try {
    const visitor = await plain.newPage();
    await visitor.goto("/about/contact");
    await fillMessage(visitor, uniqueEmail("inbox-plain"), `${label} plain`);
    await form(visitor).getByRole("button", { name: "Send message" }).click();
    await expect(visitor).toHaveURL(/\/about\/contact\/sent/);
  } finally {
    await plain.close();
  }
  await page.goto("/about/contact");
  await fillMessage(page, uniqueEmail("inbox-js"), `${label} script`);
  await form(page).getByRole("button", { name: "Send message" }).click();
  await expect(page.locator("[data-form-sent]")).toBeVisible();

  await signInAsAdmin(page, `/dashboard/admin/inquiries?q=${encodeURIComponent(label.toLowerCase())}`);
  const rows = page.getByRole("table", { name: "Inquiries" }).getByRole("rowheader");
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole("link", { name: `${label} plain` })).toBeVisible();
  await page.getByRole("link", { name: `${label} script` }).click();
  const panel = page.getByRole("dialog", { name: `${label} script` });
  await expect(panel.getByText("The v5 stops at the calibration step with message E41.")).toBeVisible();
  await panel.getByRole("button", { name: "Close inquiry" }).click();
  await expectToast(page, `${label} script's message was closed`);
  await expect(panel.getByRole("button", { name: "Reopen" })).toBeVisible();
  await expectNoAxeViolations(page);
});
