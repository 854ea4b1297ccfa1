import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect } from "./portal.ts";

/**
 * The docs editor (/docs/add) as a test drives it: its text read back from CodeMirror's
 * lines, typing into it, its toolbar, and pictures pasted or dropped on it.
 */

/** The markdown the editor holds, line by line as CodeMirror draws them (the placeholder is not text). */
export async function markdownOf(page: Page): Promise<string> {
  return page
    .locator(".cm-content")
    .evaluate((content) =>
      [...content.querySelectorAll(".cm-line")]
        .map((line) => (line.querySelector(".cm-placeholder") ? "" : line.textContent))
        .join("\n"),
    );
}

export async function expectMarkdown(page: Page, markdown: string): Promise<void> {
  await expect.poll(() => markdownOf(page)).toBe(markdown);
}

export async function openEditor(page: Page): Promise<Locator> {
  await page.goto("/docs/add");
  const content = page.locator(".cm-content");
  await expect(content).toBeVisible();
  return content;
}

/** Empties the editor and types `text` in it (the keys a person presses). */
export async function startWith(page: Page, text: string): Promise<void> {
  await page.locator(".cm-content").click();
  await page.keyboard.press("Control+a");
  await page.keyboard.press("Delete");
  if (text) await page.keyboard.type(text);
  await expectMarkdown(page, text);
}

export function toolbar(page: Page): Locator {
  return page.getByRole("toolbar", { name: "Formatting" });
}

export function tool(page: Page, name: string): Locator {
  return toolbar(page).getByRole("button", { name: new RegExp(`^${name}( \\(|$)`) });
}

/** A small PNG, as base64, drawn by sharp. */
export async function png(background: string): Promise<string> {
  const bytes = await sharp({ create: { width: 96, height: 64, channels: 3, background } })
    .png()
    .toBuffer();
  return bytes.toString("base64");
}

export type Fixture = { name: string; type: string; base64: string };

/** Dispatches a paste holding only files on the editor, as a copied picture does. */
export async function paste(page: Page, files: Fixture[]): Promise<void> {
  await page.locator(".cm-content").evaluate((content, list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (character) => character.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: file.type }));
    }
    content.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, files);
}

/** Drags files over `line` of the editor and drops them there. */
export async function drop(page: Page, line: Locator, files: Fixture[]): Promise<void> {
  const box = await line.boundingBox();
  if (!box) throw new Error("the line is not on the screen");
  const at = { clientX: box.x + 4, clientY: box.y + box.height / 2 };
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (character) => character.charCodeAt(0));
      data.items.add(new File([bytes], file.name, { type: file.type }));
    }
    return data;
  }, files);
  await line.dispatchEvent("dragenter", { dataTransfer: transfer, ...at });
  await line.dispatchEvent("dragover", { dataTransfer: transfer, ...at });
  // Where it will land is drawn before it lands.
  await expect(page.locator(".cm-dropCursor")).toBeVisible();
  await line.dispatchEvent("drop", { dataTransfer: transfer, ...at });
}
