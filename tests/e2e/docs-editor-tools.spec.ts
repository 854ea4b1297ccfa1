import { expectNoAxeViolations } from "../support/axe.ts";
import {
  drop,
  expectMarkdown,
  markdownOf,
  openEditor,
  paste,
  png,
  startWith,
  tool,
  toolbar,
} from "../support/docs-editor.ts";
import { expectToast } from "../support/pages.ts";
import { expect, expectMode, modes, test, useMode } from "../support/portal.ts";

/**
 * The docs editor's tools (/docs/add): each one on an empty line and on a selection,
 * followed by typing, read back from the editor's lines; the code block's and the
 * callout's menus by keyboard; pictures pasted and dropped into the text, uploaded to the
 * media library with their alt text; axe with the placeholder, a menu and the picture
 * dialog showing, in both colour modes.
 */

const placeholderTable = (cell: string) => `| Step | What to do |\n| ---- | ---------- |\n| 1    | ${cell} |`;

test.describe("the formatting tools", () => {
  test("each tool on an empty line: what is typed next goes into what it made", async ({ page }) => {
    test.slow();
    await openEditor(page);
    const cases: [tool: string, typed: string, markdown: string][] = [
      ["Section heading", "Daily check", "## Daily check"],
      ["Bold", "firmly", "**firmly**"],
      ["Italic", "gently", "_gently_"],
      ["Inline code", "scan --calibrate", "`scan --calibrate`"],
      ["Link", "/docs/calibration", "[text](/docs/calibration)"],
      ["Bulleted list", "Power on", "- Power on"],
      ["Numbered list", "Power on", "1. Power on"],
      ["Checklist", "Wipe the cradle", "- [ ] Wipe the cradle"],
      ["Quote", "Handle with care", "> Handle with care"],
      ["Table", "Switch it on", `${placeholderTable("Switch it on")}\n`],
    ];
    for (const [name, typed, markdown] of cases) {
      await test.step(name, async () => {
        await startWith(page, "");
        await tool(page, name).click();
        await page.keyboard.type(typed);
        await expectMarkdown(page, markdown);
      });
    }
  });

  test("each tool on a selection keeps the words selected; typing goes on after them", async ({ page }) => {
    test.slow();
    await openEditor(page);
    const cases: [tool: string, markdown: string][] = [
      ["Section heading", "## Wait!"],
      ["Bold", "**Wait!**"],
      ["Italic", "_Wait!_"],
      ["Inline code", "`Wait!`"],
      ["Bulleted list", "- Wait!"],
      ["Numbered list", "1. Wait!"],
      ["Checklist", "- [ ] Wait!"],
      ["Quote", "> Wait!"],
    ];
    for (const [name, markdown] of cases) {
      await test.step(name, async () => {
        await startWith(page, "Wait");
        await page.keyboard.press("Shift+Home");
        await tool(page, name).click();
        await page.keyboard.press("ArrowRight");
        await page.keyboard.type("!");
        await expectMarkdown(page, markdown);
      });
    }

    await test.step("Link: the selection is its words, the address is typed", async () => {
      await startWith(page, "the manual");
      await page.keyboard.press("Shift+Home");
      await tool(page, "Link").click();
      await page.keyboard.type("/docs/manual");
      await expectMarkdown(page, "[the manual](/docs/manual)");
    });

    await test.step("Table: the selection stays, the table goes below it", async () => {
      await startWith(page, "Steps");
      await page.keyboard.press("Shift+Home");
      await tool(page, "Table").click();
      await page.keyboard.type("Switch it on");
      await expectMarkdown(page, `Steps\n\n${placeholderTable("Switch it on")}\n`);
    });

    await test.step("several lines made a list, and plain again", async () => {
      await startWith(page, "Power on\nWait\nScan");
      await page.keyboard.press("Control+a");
      await tool(page, "Bulleted list").click();
      await expectMarkdown(page, "- Power on\n- Wait\n- Scan");
      await tool(page, "Bulleted list").click();
      await expectMarkdown(page, "Power on\nWait\nScan");
      await tool(page, "Numbered list").click();
      await expectMarkdown(page, "1. Power on\n2. Wait\n3. Scan");
    });
  });

  test("the code block asks its language and the callout its kind, by keyboard", async ({ page }) => {
    test.slow();
    await openEditor(page);
    await startWith(page, "");
    const codeBlock = tool(page, "Code block");

    // Escape closes the menu with focus back on its button, and writes nothing.
    await codeBlock.focus();
    await page.keyboard.press("ArrowDown");
    const languages = page.getByRole("menu", { name: "Language" });
    await expect(languages.getByRole("menuitem", { name: "Bash (shell)" })).toBeFocused();
    await expect(languages.getByRole("menuitem")).toHaveText([
      "Bash (shell)",
      "PowerShell",
      "JSON",
      "JSON with comments",
      "YAML",
      "INI (settings file)",
      "TOML",
      "XML or HTML",
      "CSV",
      "SQL",
      "Python",
      "JavaScript",
      "TypeScript",
      "Diff",
      "HTTP",
      "Plain text",
    ]);
    await expect(codeBlock).toHaveAttribute("aria-expanded", "true");
    // Home and End are the menu's while it is open, not the toolbar's.
    await page.keyboard.press("End");
    await expect(languages.getByRole("menuitem", { name: "Plain text" })).toBeFocused();
    await page.keyboard.press("Home");
    await expect(languages.getByRole("menuitem", { name: "Bash (shell)" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(languages).toHaveCount(0);
    await expect(codeBlock).toBeFocused();
    await expect(codeBlock).toHaveAttribute("aria-expanded", "false");
    // ArrowUp opens it on its last choice; Tab closes it, back on the button.
    await page.keyboard.press("ArrowUp");
    await expect(languages.getByRole("menuitem", { name: "Plain text" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(languages).toHaveCount(0);
    await expect(codeBlock).toBeFocused();
    await expectMarkdown(page, "");

    // Enter opens it; a typed name and the arrows move along it; the placeholder is typed over.
    await page.keyboard.press("Enter");
    await expect(languages.getByRole("menuitem", { name: "Bash (shell)" })).toBeFocused();
    await page.keyboard.type("py");
    await expect(languages.getByRole("menuitem", { name: "Python" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(languages).toHaveCount(0);
    await expect(page.locator(".cm-content")).toBeFocused();
    await page.keyboard.type("print(1)");
    await expectMarkdown(page, "```python\nprint(1)\n```\n");

    // On lines selected, the lines become its code; up from the top is the last choice.
    await startWith(page, "ls -l\npwd");
    await page.keyboard.press("Control+a");
    await codeBlock.focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowUp");
    await expect(languages.getByRole("menuitem", { name: "Plain text" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator(".cm-content")).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.type(" -a");
    await expectMarkdown(page, "```text\nls -l\npwd -a\n```\n");

    // The callout's kinds, in words; Space opens it.
    await startWith(page, "");
    const callout = tool(page, "Callout");
    await callout.focus();
    await page.keyboard.press("Space");
    const kinds = page.getByRole("menu", { name: "Kind of callout" });
    await expect(kinds.getByRole("menuitem")).toHaveText(["Note", "Tip", "Important", "Warning", "Caution"]);
    await expect(kinds.getByRole("menuitem", { name: "Note" })).toBeFocused();
    // A person sees focus move with each arrow.
    for (const next of ["Tip", "Important", "Warning"]) {
      await page.keyboard.press("ArrowDown");
      await expect(kinds.getByRole("menuitem", { name: next })).toBeFocused();
    }
    await page.keyboard.press("Enter");
    await expect(page.locator(".cm-content")).toBeFocused();
    await page.keyboard.type("The arm moves.");
    await expectMarkdown(page, "> [!WARNING]\n> The arm moves.\n");

    // The live preview renders it as the reader will see it.
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("note")).toContainText("Warning");
    await expect(preview.getByRole("note")).toContainText("The arm moves.");
  });

  test("the toolbar is one tab stop with arrow keys along it, and Tab leaves the editor", async ({ page }) => {
    await openEditor(page);
    await startWith(page, "Text");
    await page.keyboard.press("Shift+Tab");
    await expect(tool(page, "Section heading")).toBeFocused();
    await page.keyboard.press("End");
    await expect(toolbar(page).getByRole("button", { name: "Image from the media library" })).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(tool(page, "Callout")).toBeFocused();
    await expect(toolbar(page).getByRole("button").and(page.locator("[tabindex='0']"))).toHaveCount(1);
    await page.locator(".cm-content").click();
    await page.keyboard.press("Tab");
    await expect(page.locator(".cm-content")).not.toBeFocused();
    await expectMarkdown(page, "Text");
  });
});

test.describe("pictures dropped or pasted into the text", () => {
  // The server's refusal of a file that is not a picture (a 400) is logged by Chromium.
  test.use({ allowedConsoleError: /status of 400/ });

  test("a pasted picture is shown, needs its alt text, uploads, and goes in at the caret", async ({ page }) => {
    test.slow();
    await openEditor(page);
    await startWith(page, "Before  after");
    for (let step = 0; step < 6; step += 1) await page.keyboard.press("ArrowLeft");
    await paste(page, [{ name: "cradle.png", type: "image/png", base64: await png("#0e7490") }]);

    const dialog = page.getByRole("dialog", { name: "Insert the pasted image" });
    await expect(dialog).toContainText("cradle.png");
    await expect(dialog.locator("img")).toHaveJSProperty("complete", true);
    await expect(dialog.getByLabel("Alt text")).toBeFocused();
    await dialog.getByRole("button", { name: "Upload and insert" }).click();
    await expect(dialog).toContainText("Say what the image shows");
    await expectMarkdown(page, "Before  after");

    await dialog.getByLabel("Alt text").fill("The cradle from above");
    await dialog.getByLabel("Alt text").press("Enter");
    await expect(dialog).toHaveCount(0);
    await expect
      .poll(() => markdownOf(page))
      .toMatch(/^Before !\[The cradle from above\]\(\/media\/[0-9a-f-]{36}\) after$/);
    // Focus is back in the text, after the picture.
    await page.keyboard.type(" and");
    await expect.poll(() => markdownOf(page)).toMatch(/\) and after$/);

    // The library holds it with its alt text: the preview shows it by those words.
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("img", { name: "The cradle from above" })).toBeVisible();
  });

  test("the server's refusal is said in the dialog; closing it adds nothing and says what was left", async ({
    page,
  }) => {
    test.slow();
    await openEditor(page);
    await startWith(page, "Text");
    const html = Buffer.from("<!doctype html><p>a page</p>").toString("base64");
    await paste(page, [
      { name: "photo.png", type: "image/png", base64: html },
      { name: "plate.png", type: "image/png", base64: await png("#15803d") },
    ]);
    const dialog = page.getByRole("dialog", { name: "Insert the pasted image" });
    await expect(dialog).toContainText("photo.png");
    await dialog.getByLabel("Alt text").fill("A photo");
    await dialog.getByRole("button", { name: "Upload and insert" }).click();
    await expect(dialog.getByRole("alert")).toContainText("That file is a web page or an SVG drawing");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expectToast(page, "1 more picture was not added");
    await expectMarkdown(page, "Text");
    await expect(page.locator(".cm-content")).toBeFocused();
  });

  test("files dropped together: each picture in turn where they were dropped, anything else refused", async ({
    page,
  }) => {
    test.slow();
    await openEditor(page);
    await startWith(page, "Intro\n\nOutro");
    const files = [
      { name: "front.png", type: "image/png", base64: await png("#b45309") },
      { name: "notes.txt", type: "text/plain", base64: Buffer.from("notes").toString("base64") },
      { name: "side.png", type: "image/png", base64: await png("#4338ca") },
    ];
    await drop(page, page.locator(".cm-line").nth(1), files);
    await expectToast(page, "That file is not a picture");

    const dialog = page.getByRole("dialog", { name: "Insert the dropped image" });
    await expect(dialog).toContainText("front.png");
    await expect(dialog).toContainText("image 1 of 2");
    await dialog.getByRole("button", { name: "Skip this image" }).click();
    await expect(dialog).toContainText("side.png");
    await expect(dialog.getByLabel("Alt text")).toBeFocused();
    await dialog.getByLabel("Alt text").fill("The scanner from the side");
    await dialog.getByRole("button", { name: "Upload and insert" }).click();
    await expect(dialog).toHaveCount(0);
    await expect
      .poll(() => markdownOf(page))
      .toMatch(/^Intro\n!\[The scanner from the side\]\(\/media\/[0-9a-f-]{36}\)\nOutro$/);
    expect(await markdownOf(page)).not.toContain("notes");
  });
});

test.describe("axe, in light and dark mode", () => {
  test("the editor with its placeholder, a tool's menu, and the picture dialog", async ({ page }) => {
    test.slow();
    for (const mode of modes) {
      await test.step(mode, async () => {
        await useMode(page, mode);
        await openEditor(page);
        await expectMode(page, mode);
        await expect(page.locator(".cm-placeholder")).toHaveText("Write the page in markdown…");
        await expectNoAxeViolations(page);

        await tool(page, "Code block").focus();
        await page.keyboard.press("Enter");
        await expect(page.getByRole("menu", { name: "Language" })).toBeVisible();
        await expectNoAxeViolations(page);
        await page.keyboard.press("Escape");

        await page.locator(".cm-content").click();
        await paste(page, [{ name: "plate.png", type: "image/png", base64: await png("#15803d") }]);
        const dialog = page.getByRole("dialog", { name: "Insert the pasted image" });
        await dialog.getByRole("button", { name: "Upload and insert" }).click();
        await expect(dialog).toContainText("Say what the image shows");
        await expectNoAxeViolations(page);
        await page.keyboard.press("Escape");
        await expect(dialog).toHaveCount(0);
      });
    }
  });
});

test("an empty heading or list item is flagged in the preview, and publishing asks before readers see it", async ({
  page,
}) => {
  test.slow();
  await openEditor(page);
  await page.getByRole("textbox", { name: "Title" }).fill(`Empty heading ${Date.now().toString(36)}`);
  await startWith(page, "Intro.\n\n## \n\n- \n");
  const preview = page.getByRole("region", { name: "Preview" });
  const flagged = preview.getByRole("status").filter({ hasText: "Fix before publishing" });
  await expect(flagged.getByRole("listitem")).toHaveCount(2);
  await expect(flagged).toContainText(/Line 3: /);

  await page.getByRole("button", { name: "Publish" }).click();
  const check = page.getByRole("alert").filter({ hasText: "should be fixed before readers see it" });
  await expect(check).toBeVisible();
  await check.getByRole("button", { name: "Go back and fix them" }).click();
  await expect(check).toHaveCount(0);
  await expect(page.locator(".cm-content")).toBeFocused();

  await startWith(page, "Intro.\n\n## Steps\n\n- Wipe the cradle.\n");
  await expect(flagged).toHaveCount(0);
});
