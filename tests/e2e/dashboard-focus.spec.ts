import { confirm, expectToast, uniqueName } from "../support/pages.ts";
import { expect, openPortal, portalViewports, test } from "../support/portal.ts";

/**
 * Focus in the portal's dialogs and after its actions: a dialog opens on its first field
 * and gives focus back to what opened it; a confirmed destructive action leaves the page
 * where it was, with focus on what it acted on.
 */

for (const [screen, viewport] of Object.entries(portalViewports)) {
  test.describe(`on a ${screen}`, () => {
    test.use({ viewport });

    test("each dialog opens on its first field, and focus returns to its opener when it closes", async ({ page }) => {
      await openPortal(page, "/dashboard/admin/users?q=rahul.venkataraman");
      const cases = [
        {
          opener: page.getByRole("link", { name: "Invite a person" }),
          dialog: "Invite a person",
          field: "Email address",
        },
        { opener: page.getByRole("link", { name: "Rahul Venkataraman" }), dialog: "Rahul Venkataraman", field: "Role" },
      ];
      for (const { opener, dialog, field } of cases) {
        await opener.focus();
        await page.keyboard.press("Enter");
        const opened = page.getByRole("dialog", { name: dialog });
        await expect(opened.getByLabel(field, { exact: true })).toBeFocused();
        await page.keyboard.press("Escape");
        await expect(opened).toBeHidden();
        await expect(opener).toBeFocused();
      }

      await openPortal(page, "/dashboard/admin/organizations");
      const add = page.getByRole("link", { name: "Add an organization" });
      await add.focus();
      await page.keyboard.press("Enter");
      const adding = page.getByRole("dialog", { name: "Add an organization" });
      await expect(adding.getByLabel("Name", { exact: true }).first()).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(adding).toBeHidden();
      await expect(add).toBeFocused();
    });
  });
}

test.describe("after a confirmed destructive action", () => {
  test.use({ viewport: portalViewports.phone });

  test("the page stays where it was, and focus is on the row it acted on", async ({ page }) => {
    const name = uniqueName("e2e focus token");
    await openPortal(page, "/dashboard/settings");
    const tokens = page.getByRole("region", { name: "Personal access tokens" });
    await tokens.getByLabel("Name").fill(name);
    await tokens.getByRole("button", { name: "Create the token" }).click();
    await expect(tokens.getByRole("status").filter({ hasText: "Copy it now" })).toBeVisible();
    // From a fresh page (without the one-time message), scrolled down to the token.
    await openPortal(page, "/dashboard/settings");
    const item = tokens.getByRole("listitem").filter({ hasText: name });
    const revoke = item.getByRole("button", { name: `Revoke the token ${name}` });
    await revoke.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled, "the token sits below the first screen").toBeGreaterThan(0);

    await revoke.click();
    await confirm(page, `Revoke the token ${name}?`, "Revoke");
    await expectToast(page, `The token ${name} is revoked`);
    await expect(item).toContainText("Revoked");
    // The button went with the action; focus is on its row, and nothing scrolled.
    await expect(revoke).toHaveCount(0);
    await expect(item).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });
});
