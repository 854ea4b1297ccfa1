import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { confirm, csrfTokenOf, expectToast, uniqueName } from "../support/pages.ts";
import {
  expect,
  expectMode,
  freshViewer,
  makeEditor,
  modes,
  openPortal,
  portalNav,
  test,
  useMode,
} from "../support/portal.ts";

/**
 * The docs admin (/dashboard/admin/docs) and a doc's history. Every doc a test changes is
 * one it made through the API, with a title no other test uses; the seeded troubleshooting
 * doc (revised and published again by the demo seed) is only read.
 */

const docsPage = "/dashboard/admin/docs";

// Refused writes (409: a doc with pages under it, a stale version) are logged by Chromium.
test.use({ allowedConsoleError: /status of 40[0-9]/ });

type Written = { id: string; version: number; title: string; slug: string };

/** GraphQL as the signed-in person of this page (which must hold a portal form, for its CSRF token). */
async function api<Data>(page: Page, query: string, variables: Record<string, unknown>): Promise<Data> {
  const response = await page.request.post("/graphql", {
    headers: { "x-csrf-token": await csrfTokenOf(page), accept: "application/json" },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: Data; errors?: { message: string }[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as Data;
}

const docFields = "id version title slug";

/** A new top-level draft with a unique title and slug. */
async function createDraft(page: Page, label: string, body = "First words.\n"): Promise<Written> {
  const title = uniqueName(label);
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const data = await api<{ createDoc: Written }>(
    page,
    `mutation ($input: CreateDocInput!) { createDoc(input: $input) { ${docFields} } }`,
    { input: { title, slug, body, description: "Made by an end-to-end test." } },
  );
  return data.createDoc;
}

async function saveDoc(page: Page, doc: Written, changes: { title?: string; body: string }): Promise<Written> {
  const data = await api<{ saveDoc: Written }>(
    page,
    `mutation ($input: SaveDocInput!) { saveDoc(input: $input) { ${docFields} } }`,
    {
      input: {
        id: doc.id,
        version: doc.version,
        slug: doc.slug,
        title: changes.title ?? doc.title,
        body: changes.body,
        description: "Made by an end-to-end test.",
      },
    },
  );
  return data.saveDoc;
}

const listFor = (title: string) => `${docsPage}?q=${encodeURIComponent(title)}`;

function docsTable(page: Page) {
  return page.getByRole("table", { name: "Docs", exact: true });
}

test.describe("the docs list", () => {
  test("an editor publishes a draft from the list, then unpublishes it", async ({ page, browser }) => {
    test.slow();
    await openPortal(page, docsPage);
    const doc = await createDraft(page, "E2E publish");
    const editorSession = await freshViewer(browser, "docs-editor");
    await makeEditor(page, editorSession.person.email);
    const editor = editorSession.page;

    await openPortal(editor, listFor(doc.title));
    await expect(portalNav(editor).getByRole("link", { name: "Docs", exact: true })).toBeVisible();
    // The trash is the admins'; the search's synonyms are the editors' too.
    const views = editor.getByRole("navigation", { name: "Docs views" });
    await expect(views.getByRole("link", { name: "Search synonyms" })).toBeVisible();
    await expect(views.getByRole("link", { name: /^Trash/ })).toHaveCount(0);
    const row = docsTable(editor).getByRole("row").filter({ hasText: doc.title });
    // The status shows once: its column's, or the stacked row's copy under the title (ADR 009).
    await expect(row.getByText("Draft", { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(row.getByRole("link", { name: `Edit “${doc.title}”` })).toHaveAttribute(
      "href",
      `/docs/edit?id=${doc.id}`,
    );
    await expect(row.getByRole("link", { name: doc.title, exact: true })).toHaveAttribute(
      "href",
      `/docs/${doc.slug}?preview=true`,
    );

    await row.getByRole("button", { name: `Publish “${doc.title}”`, exact: true }).click();
    await expectToast(editor, `“${doc.title}” is published`);
    await expect(row.getByText("Published", { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(row.getByRole("button", { name: `Publish “${doc.title}”`, exact: true })).toHaveCount(0);

    await row.getByRole("button", { name: `Unpublish “${doc.title}”` }).click();
    await expectToast(editor, `“${doc.title}” is a draft again`);
    // The status shows once: its column's, or the stacked row's copy under the title (ADR 009).
    await expect(row.getByText("Draft", { exact: true }).filter({ visible: true })).toBeVisible();
    await editorSession.context.close();
  });

  test("filters by status and by words, and says when nothing matches", async ({ page }) => {
    await openPortal(page, `${docsPage}?status=changed`);
    await expect(docsTable(page).getByRole("link", { name: "Software updates", exact: true })).toBeVisible();
    await expect(page.getByRole("list", { name: "Filters in use" })).toContainText("Status: Published, with changes");
    await openPortal(page, `${docsPage}?q=${encodeURIComponent("no doc is called this")}`);
    await expect(page.getByText("No doc matches these filters")).toBeVisible();
    const response = await page.goto(`${docsPage}?status=everything`);
    expect(response?.status()).toBe(400);
  });

  test("an admin deletes a doc, finds it in the trash, restores it, and empties the trash", async ({ page }) => {
    test.slow();
    await openPortal(page, docsPage);
    const doc = await createDraft(page, "E2E trash");
    const other = await createDraft(page, "E2E purge");

    await openPortal(page, listFor(doc.title));
    const row = docsTable(page).getByRole("row").filter({ hasText: doc.title });
    await row.getByRole("button", { name: `Delete “${doc.title}”` }).click();
    await confirm(page, `Move “${doc.title}” to the trash?`, "Move to the trash");
    await expectToast(page, `“${doc.title}” is in the trash`);
    await expect(page.getByText("No doc matches these filters")).toBeVisible();

    await page
      .getByRole("navigation", { name: "Docs views" })
      .getByRole("link", { name: /^Trash/ })
      .click();
    await expect(page).toHaveURL(`${docsPage}?view=trash`);
    const trash = page.getByRole("table", { name: "Docs in the trash" });
    const trashed = trash.getByRole("row").filter({ hasText: doc.title });
    await expect(trashed.getByText(`/docs/${doc.slug}`)).toBeVisible();
    await trashed.getByRole("button", { name: `Restore “${doc.title}”` }).click();
    await expectToast(page, `“${doc.title}” is back from the trash`);
    await expect(trash.getByRole("row").filter({ hasText: doc.title })).toHaveCount(0);
    await openPortal(page, listFor(doc.title));
    await expect(docsTable(page).getByRole("link", { name: doc.title, exact: true })).toBeVisible();

    // Emptying it is said to be for good, with the count, before anything happens.
    await openPortal(page, listFor(other.title));
    await docsTable(page)
      .getByRole("button", { name: `Delete “${other.title}”` })
      .click();
    await confirm(page, `Move “${other.title}” to the trash?`, "Move to the trash");
    await expectToast(page, `“${other.title}” is in the trash`);
    await openPortal(page, `${docsPage}?view=trash`);
    await page.getByRole("button", { name: "Empty the trash" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Empty the trash?" });
    await expect(dialog).toContainText(
      /The \d+ docs? in the trash, and every revision of them, will be deleted for good/,
    );
    await expect(dialog).toContainText("This cannot be undone.");
    await dialog.getByRole("button", { name: "Delete them for good" }).click();
    await expectToast(page, /deleted for good/);
    await expect(page.getByText("Nothing in the trash")).toBeVisible();
  });

  test("a doc with pages under it cannot be deleted: the toast says why", async ({ page }) => {
    await openPortal(page, listFor("Troubleshooting"));
    const row = docsTable(page)
      .getByRole("row")
      .filter({ has: page.getByRole("link", { name: "Troubleshooting", exact: true }) });
    await row.getByRole("button", { name: "Delete “Troubleshooting”" }).click();
    await confirm(page, "Move “Troubleshooting” to the trash?", "Move to the trash");
    await expectToast(page, "Nothing was changed");
    await expectToast(page, "Move or delete the pages under “Troubleshooting” first");
  });

  test("a viewer is refused", async ({ browser }) => {
    const { context, page } = await freshViewer(browser, "docs-viewer");
    await expect(portalNav(page).getByRole("link", { name: "Docs", exact: true })).toHaveCount(0);
    const response = await page.goto(docsPage);
    expect(response?.status()).toBe(403);
    await expect(page.getByText("Only editors and admins can manage the docs.")).toBeVisible();
    await context.close();
  });
});

test.describe("a doc's history", () => {
  test("shows what changed between two revisions of the troubleshooting doc, and checks the address", async ({
    page,
  }) => {
    await openPortal(page, listFor("Troubleshooting"));
    await page.getByRole("link", { name: "History of “Troubleshooting”" }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/docs\/[0-9a-f-]{36}\/history$/);
    await expect(page.getByRole("heading", { level: 1, name: "History of Troubleshooting" })).toBeVisible();
    const history = page.url();
    const revisions = page.getByRole("region", { name: "Revisions" });
    await expect(revisions.getByRole("listitem", { name: "Revision 1", exact: true })).toContainText("Created");
    await expect(revisions.getByRole("listitem", { name: "Revision 2", exact: true })).toContainText("Saved");

    await openPortal(page, `${history}?from=1&to=2`);
    const compare = page.getByRole("region", { name: "Compare revisions" });
    await expect(compare.getByRole("status")).toContainText("From revision 1 to revision 2:");
    await expect(compare.getByRole("status")).toContainText("0 lines removed");
    const added = compare.getByRole("row").filter({ hasText: "## Still stuck?" });
    await expect(added).toContainText("Added");
    await expect(added.getByRole("cell").nth(2)).toHaveText("+Added");

    // The other way round, chosen in the form.
    await compare.getByLabel("From (before)").selectOption("2");
    await compare.getByLabel("To (after)").selectOption("1");
    await compare.getByRole("button", { name: "Compare" }).click();
    await expect(page).toHaveURL(/[?&]from=2&to=1/);
    await expect(compare.getByRole("status")).toContainText("0 lines added");
    await expect(compare.getByRole("row").filter({ hasText: "## Still stuck?" })).toContainText("Removed");

    // A revision the doc does not have, or no number at all, is said plainly.
    await openPortal(page, `${history}?from=1&to=99`);
    await expect(compare.getByRole("alert")).toContainText("This doc has no revision 99");
    await expect(revisions.getByRole("listitem", { name: "Revision 1", exact: true })).toBeVisible();
    await openPortal(page, `${history}?from=first`);
    await expect(compare.getByRole("alert")).toContainText("“first”, which is not a revision number");
    const missing = await page.goto("/dashboard/admin/docs/not-a-doc/history");
    expect(missing?.status()).toBe(404);
  });

  test("restoring a revision makes a new one; a stale page is told of the conflict", async ({ page }) => {
    await openPortal(page, docsPage);
    const first = await createDraft(page, "E2E history", "Switch it on.\nWait a minute.\n");
    const second = await saveDoc(page, first, {
      title: `${first.title}, renamed`,
      body: "Switch it on.\nWait two minutes.\nLog in.\n",
    });
    await openPortal(page, `/dashboard/admin/docs/${first.id}/history`);
    const revisions = page.getByRole("region", { name: "Revisions" });
    await revisions.getByRole("button", { name: "Restore revision 1" }).click();
    await confirm(page, "Restore revision 1?", "Restore as a new revision");
    await expectToast(page, "Restored as revision 3");
    const newest = revisions.getByRole("listitem", { name: "Revision 3", exact: true });
    await expect(newest).toContainText("Restored from revision 1");
    await expect(newest).toContainText("Latest");
    const compare = page.getByRole("region", { name: "Compare revisions" });
    await expect(compare.getByRole("status")).toContainText("From revision 2 to revision 3:");
    await expect(compare).toContainText(`Before: ${second.title}`);
    await expect(compare).toContainText(`After: ${first.title}`);

    // Someone saves meanwhile: restoring from the page as it was is a conflict, said beside the list.
    const current = await api<{ doc: Written }>(page, `query ($id: ID!) { doc(id: $id) { ${docFields} } }`, {
      id: first.id,
    });
    await saveDoc(page, current.doc, { body: "Saved elsewhere.\n" });
    await revisions.getByRole("button", { name: "Restore revision 2" }).click();
    await confirm(page, "Restore revision 2?", "Restore as a new revision");
    await expect(revisions.getByRole("alert")).toContainText("was changed by someone else while you were editing");
  });
});

test.describe("axe, in light and dark mode", () => {
  test("the list, the trash and a history", async ({ page }) => {
    // Three pages in two modes, each checked whole by axe.
    test.slow();
    await openPortal(page, docsPage);
    const doc = await createDraft(page, "E2E axe", "One.\nTwo.\n");
    await saveDoc(page, doc, { body: "One.\nTwo, changed.\nThree.\n" });
    for (const mode of modes) {
      await test.step(mode, async () => {
        await useMode(page, mode);
        for (const path of [docsPage, `${docsPage}?view=trash`, `/dashboard/admin/docs/${doc.id}/history`]) {
          await openPortal(page, path);
          await expectMode(page, mode);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await expectNoAxeViolations(page);
        }
        // With a confirmation open.
        await page.getByRole("button", { name: "Restore revision 1" }).click();
        await expect(page.getByRole("alertdialog", { name: "Restore revision 1?" })).toBeVisible();
        await expectNoAxeViolations(page);
        await page.keyboard.press("Escape");
      });
    }
  });
});
