import type { Page } from "@playwright/test";
import { markdownOf } from "../support/docs-editor.ts";
import { expectToast } from "../support/pages.ts";
import { expect, freshViewer, makeEditor, test } from "../support/portal.ts";

/**
 * Two people on one doc (issue 35, ADR 039): a stale save merges three ways, by itself
 * where the two changed different lines and through the merge screen where they changed
 * the same ones, every way through it; who else has the page open; and unsaved work kept
 * on the server, offered in another browser.
 */

// Two people, each signed in through the sign-up walk: slower than one on a busy machine.
test.slow();

function unique(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

async function openDoc(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator(".cm-content")).toBeVisible();
}

/** Replaces the editor's whole text, as a person selecting all and typing would. */
async function setText(page: Page, text: string): Promise<void> {
  await page.locator(".cm-content").click();
  await page.keyboard.press("Control+a");
  await page.keyboard.insertText(text);
  await expect.poll(() => markdownOf(page)).toBe(text);
}

async function saveDraft(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Save draft" }).click();
}

async function newDoc(page: Page, title: string, body: string): Promise<string> {
  await page.goto("/docs/add");
  await expect(page.getByRole("textbox", { name: "Title" })).toBeFocused();
  await page.getByRole("textbox", { name: "Title" }).fill(title);
  await setText(page, body);
  await saveDraft(page);
  await page.waitForURL(/\/docs\/edit\?id=/);
  await expectToast(page, `“${title}” was saved as a draft`);
  return page.url();
}

const paragraphs = (intro: string, step: string, closing: string) => [intro, step, closing].join("\n\n");

test("a stale save where both changed the same line: every way through the merge keeps the rest of both", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const second = await freshViewer(browser, "merge-second");
  await makeEditor(page, second.person.email);
  const url = await newDoc(page, `Cradle check ${unique("m")}`, paragraphs("Intro.", "Step.", "Closing."));

  const rounds = [
    { choose: "Keep yours", step: (_a: string, b: string) => [b] },
    { choose: "Keep theirs", step: (a: string) => [a] },
    { choose: "Keep both, theirs first", step: (a: string, b: string) => [a, b] },
    { choose: "Write it yourself", step: () => ["Step: the agreed wording."] },
  ];
  for (const [index, round] of rounds.entries()) {
    await openDoc(page, url);
    await openDoc(second.page, url);
    const base = await markdownOf(page);
    const [, , closing = ""] = base.split("\n\n");
    // The first editor rewrites the intro (theirs alone) and the step; the second the step and the closing.
    const stepA = `Step ${index}: the first editor's wording.`;
    const stepB = `Step ${index}: the second editor's wording.`;
    await setText(page, paragraphs(`Intro ${index} by the first editor.`, stepA, closing));
    await saveDraft(page);
    await expectToast(page, "Saved as a draft");

    await setText(
      second.page,
      paragraphs(base.split("\n\n")[0] ?? "", stepB, `Closing ${index} by the second editor.`),
    );
    await saveDraft(second.page);
    const merge = second.page.getByRole("region", { name: "This page changed while you were writing" });
    await expect(merge).toBeVisible();
    await expect(merge.getByRole("heading", { level: 2 })).toBeFocused();
    await expect(merge).toContainText(stepA);
    await expect(merge).toContainText(stepB);
    // Until it is settled, nothing typed is lost: it is all still in the editor.
    expect(await markdownOf(second.page)).toContain(stepB);

    const place = merge.getByRole("group", { name: /Text you both changed/ });
    await place.getByRole("radio", { name: round.choose }).check();
    if (round.choose === "Write it yourself") {
      await place.getByRole("textbox", { name: "Your wording for this place" }).fill("Step: the agreed wording.");
    }
    await merge.getByRole("button", { name: "Save the merged page" }).click();
    await expectToast(second.page, "Saved as a draft");
    await expect(merge).toHaveCount(0);

    const expected = [
      `Intro ${index} by the first editor.`,
      round.step(stepA, stepB).join("\n"),
      `Closing ${index} by the second editor.`,
    ].join("\n\n");
    await expect.poll(() => markdownOf(second.page)).toBe(expected);
    if (index === 0) {
      // Undo cannot bring back the text from before the merge, so saving again drops no one's words.
      await second.page.locator(".cm-content").click();
      await second.page.keyboard.press("Control+z");
      expect(await markdownOf(second.page)).toBe(expected);
    }
    // What was saved is the merge, as anyone opening the page sees it.
    await openDoc(page, url);
    await expect.poll(() => markdownOf(page)).toBe(expected);
  }
  await second.context.close();
});

test("a stale save where the two changed different lines merges by itself and says so", async ({ page, browser }) => {
  const second = await freshViewer(browser, "merge-auto");
  await makeEditor(page, second.person.email);
  const url = await newDoc(page, `Cable check ${unique("a")}`, paragraphs("Intro.", "Step.", "Closing."));
  await openDoc(second.page, url);

  await setText(page, paragraphs("Intro by the first editor.", "Step.", "Closing."));
  await saveDraft(page);
  await expectToast(page, "Saved as a draft");
  await setText(second.page, paragraphs("Intro.", "Step.", "Closing by the second editor."));
  await saveDraft(second.page);
  await expectToast(second.page, /^Merged with .* revision 2 and saved$/);
  const both = paragraphs("Intro by the first editor.", "Step.", "Closing by the second editor.");
  await expect.poll(() => markdownOf(second.page)).toBe(both);
  await openDoc(page, url);
  await expect.poll(() => markdownOf(page)).toBe(both);
  await second.context.close();
});

test("an editor sees who else has the page open, and their save, and stops seeing them once they leave", async ({
  page,
  browser,
}) => {
  const second = await freshViewer(browser, "presence");
  await makeEditor(page, second.person.email);
  const url = await newDoc(page, `Shelf check ${unique("p")}`, "Intro.");
  await openDoc(second.page, url);
  const there = second.page.getByRole("status").filter({ hasText: /also has this page open/ });
  await expect(there).toBeVisible();
  await expect(there).toContainText(/since \d/);

  /** The editor says it is there again (as it does every 15 seconds, and whenever its tab is shown). */
  const beat = () => second.page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await setText(page, "Intro, changed.");
  await saveDraft(page);
  await expectToast(page, "Saved as a draft");
  await expect
    .poll(async () => {
      await beat();
      return (await there.textContent()) ?? "";
    })
    .toMatch(/saved revision 2 at .*: your next save merges it with your work/);

  await page.goto("/docs");
  await expect
    .poll(async () => {
      await beat();
      return there.count();
    })
    .toBe(0);
  await second.context.close();
});

test("unsaved work is kept on the server and offered in another browser, to restore or discard", async ({
  page,
  browser,
}) => {
  const url = await newDoc(page, `Lamp check ${unique("w")}`, "Saved words.");
  await setText(page, "Saved words.\n\nWords typed and not saved.");
  await expect(page.getByText(/Unsaved · your work is kept/)).toBeVisible();

  const other = await browser.newContext({ storageState: await page.context().storageState() });
  const elsewhere = await other.newPage();
  await openDoc(elsewhere, url);
  const offer = elsewhere.getByText(/You have unsaved work on this page from/);
  await expect(offer).toBeVisible();
  await elsewhere.getByRole("button", { name: "Restore it" }).click();
  await expect.poll(() => markdownOf(elsewhere)).toBe("Saved words.\n\nWords typed and not saved.");
  await saveDraft(elsewhere);
  await expectToast(elsewhere, "Saved as a draft");

  // Saved, the work is let go: nothing is offered any more.
  await openDoc(elsewhere, url);
  await expect(offer).toHaveCount(0);

  // Work discarded is gone for good.
  await setText(elsewhere, "Saved words.\n\nWords typed and not saved.\n\nMore, then thrown away.");
  await expect(elsewhere.getByText(/Unsaved · your work is kept/)).toBeVisible();
  await openDoc(page, url);
  await page.getByRole("button", { name: "Discard it" }).click();
  await expect(page.getByText(/You have unsaved work on this page from/)).toHaveCount(0);
  await page.reload();
  await expect(page.locator(".cm-content")).toBeVisible();
  await expect(page.getByText(/You have unsaved work on this page from/)).toHaveCount(0);
  await other.close();
});
