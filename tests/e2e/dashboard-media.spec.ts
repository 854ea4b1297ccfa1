import sharp from "sharp";
import { confirm, csrfTokenOf, expectToast, uniqueName } from "../support/pages.ts";
import { expect, freshViewer, makeEditor, openPortal, test } from "../support/portal.ts";

/**
 * The media library (/dashboard/admin/media): files dropped on the page upload at once,
 * each with its own progress and outcome; alt text and deleting in the file's panel; and
 * what a viewer may not do.
 */

const library = "/dashboard/admin/media";

async function png(color: string): Promise<string> {
  const bytes = await sharp({ create: { width: 800, height: 500, channels: 3, background: color } })
    .png()
    .toBuffer();
  return bytes.toString("base64");
}

test.describe("the media library as an editor", () => {
  test("uploads three images dropped at once, sets their alt text, and deletes one", async ({ page, browser }) => {
    // A sign-up walk, then three uploads each made into variants.
    test.slow();
    const { context, page: editor, person } = await freshViewer(browser, "media-editor");
    await makeEditor(page, person.email);
    const prefix = uniqueName("Scan").toLowerCase().replace(/\W+/g, "-");
    const names = ["front", "side", "plate"].map((part) => `${prefix}-${part}.png`);

    await editor.goto(library);
    await expect(editor.getByRole("heading", { level: 1, name: "Media" })).toBeVisible();
    const zone = editor.locator("[data-file-drop]");
    const dropped = await editor.evaluateHandle(
      ({ files, colors }) => {
        const transfer = new DataTransfer();
        files.forEach((name, index) => {
          const bytes = Uint8Array.from(atob(colors[index] ?? ""), (character) => character.charCodeAt(0));
          transfer.items.add(new File([bytes], name, { type: "image/png" }));
        });
        return transfer;
      },
      { files: names, colors: [await png("#0e7490"), await png("#b45309"), await png("#4338ca")] },
    );
    await zone.dispatchEvent("dragenter", { dataTransfer: dropped });
    await expect(zone).toHaveAttribute("data-file-drop", "over");
    await zone.dispatchEvent("drop", { dataTransfer: dropped });

    // Each file has its own line, and each ends "Uploaded"; the grid then shows them.
    const uploads = editor.getByRole("list", { name: "Uploads" });
    for (const name of names) {
      await expect(uploads.getByRole("listitem").filter({ hasText: name })).toHaveAttribute(
        "data-upload-state",
        "done",
      );
    }
    await editor.getByLabel("Name, alt text or caption").fill(prefix);
    const grid = editor.getByRole("list", { name: "Files" });
    await expect(grid.getByRole("listitem")).toHaveCount(3);
    await expect(grid.getByText("Needs alt text")).toHaveCount(3);

    // Alt text for each, in its panel.
    for (const [index, name] of names.entries()) {
      await grid.getByRole("link", { name }).click();
      const panel = editor.getByRole("dialog", { name });
      await expect(panel).toBeVisible();
      await expect(panel.getByText("800 × 500 px")).toBeVisible();
      await panel.getByLabel("Alt text").fill(`The v5 scanner, view ${index + 1}`);
      await panel.getByRole("button", { name: "Save changes" }).click();
      await expectToast(editor, `${name} was saved`);
      await panel.getByRole("button", { name: "Close" }).click();
      await expect(panel).toBeHidden();
    }
    await expect(grid.getByText("Needs alt text")).toHaveCount(0);

    // Delete one: asked first, then gone from the grid, and its file no longer served.
    await grid.getByRole("link", { name: names[2] }).click();
    const panel = editor.getByRole("dialog", { name: names[2] });
    const fileUrl = await panel.getByRole("link", { name: "Open the full image" }).getAttribute("href");
    await panel.getByRole("button", { name: `Delete ${names[2]}` }).click();
    await confirm(editor, `Delete ${names[2]}?`, "Delete");
    await expectToast(editor, `${names[2]} was deleted`);
    await expect(grid.getByRole("listitem")).toHaveCount(2);
    expect((await editor.request.get(fileUrl ?? "")).status()).toBe(404);
    await context.close();
  });
});

test.describe("the media library's refusals", () => {
  // The server's refusal (a 400) is logged by Chromium.
  test.use({ allowedConsoleError: /status of 400/ });

  test("says before sending what the library does not take, and gives the server's word on the rest", async ({
    page,
  }) => {
    await openPortal(page, library);
    const input = page.getByLabel(/Drop files here/);
    await input.setInputFiles([
      { name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") },
      { name: "photo.png", mimeType: "image/png", buffer: Buffer.from("<!doctype html><p>a page</p>") },
    ]);
    const uploads = page.getByRole("list", { name: "Uploads" });
    const svg = uploads.getByRole("listitem").filter({ hasText: "logo.svg" });
    await expect(svg).toHaveAttribute("data-upload-state", "failed");
    await expect(svg).toContainText("SVG drawings can carry scripts");
    const page2 = uploads.getByRole("listitem").filter({ hasText: "photo.png" });
    await expect(page2).toHaveAttribute("data-upload-state", "failed");
    await expect(page2).toContainText("That file is a web page or an SVG drawing, whatever its name says");
    await page.getByRole("button", { name: "Clear 2 finished uploads" }).click();
    await expect(uploads).toHaveCount(0);
  });
});

test.describe("the media library as a viewer", () => {
  test.use({ allowedConsoleError: /status of 403/ });

  test("is refused the page and the upload route", async ({ browser }) => {
    const { context, page } = await freshViewer(browser, "media-viewer");
    const response = await page.goto(library);
    expect(response?.status()).toBe(403);
    await expect(page.getByText("Only editors and admins can open the media library.")).toBeVisible();
    await page.goto("/dashboard/settings");
    const upload = await page.request.post("/uploads/media", {
      headers: { "x-csrf-token": await csrfTokenOf(page), "x-file-name": "a.pdf" },
      data: Buffer.from("%PDF-1.7\n%%EOF\n"),
    });
    expect(upload.status()).toBe(403);
    await context.close();
  });
});
