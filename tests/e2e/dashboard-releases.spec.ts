import { createHash } from "node:crypto";
import { csrfTokenOf, expectToast } from "../support/pages.ts";
import { expect, freshViewer, makeEditor, openPortal, test } from "../support/portal.ts";

/**
 * Releases (/dashboard/releases): an editor writes and publishes one with a download from
 * the media library; a viewer reads it, downloads the file and checks it against the
 * SHA-256 shown; and a viewer cannot write releases.
 */

const releases = "/dashboard/releases";

test("an editor publishes a v5 release with a download, and a viewer downloads it and sees its checksum", async ({
  page,
  browser,
}) => {
  // Two people's sign-up walks, an upload, and notes laid out by the render pool (which may be starting).
  test.slow();
  const editorSession = await freshViewer(browser, "release-editor");
  await makeEditor(page, editorSession.person.email);
  const editor = editorSession.page;
  // A unique version, so the test can run beside others on the same server.
  const patch = Date.now() % 100_000;
  const versionNumber = `9.${patch}.0`;
  const fileName = `densara-v5-${versionNumber}.zip`;
  const bytes = Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]),
    Buffer.alloc(20),
    Buffer.from(`firmware ${versionNumber}`),
  ]);
  const sha256 = createHash("sha256").update(bytes).digest("hex");

  // The file goes into the media library first.
  await editor.goto("/dashboard/admin/media");
  await editor
    .getByLabel(/Drop files here/)
    .setInputFiles({ name: fileName, mimeType: "application/zip", buffer: bytes });
  await expect(
    editor.getByRole("list", { name: "Uploads" }).getByRole("listitem").filter({ hasText: fileName }),
  ).toHaveAttribute("data-upload-state", "done");

  // Then the release: a draft, refused publishing without notes, then published.
  await editor.goto(releases);
  await editor.getByRole("link", { name: "Add a release" }).click();
  const panel = editor.getByRole("dialog", { name: "Add a release" });
  await panel.getByLabel("Product").selectOption("v5");
  await panel.getByLabel("Version").fill(versionNumber);
  await panel.getByRole("checkbox", { name: new RegExp(fileName.replace(/\./g, "\\.")) }).check();
  await panel.getByRole("button", { name: "Add as a draft" }).click();
  await expectToast(editor, `v5 ${versionNumber} was added as a draft`);
  const editing = editor.getByRole("dialog", { name: `Edit v5 ${versionNumber}` });
  await editing.getByRole("button", { name: "Publish" }).click();
  await expect(editing.getByText("Write the release notes before publishing")).toBeVisible();
  await editing
    .getByRole("textbox", { name: "Notes", exact: true })
    .fill("## Fixed\n\n- The scan screen keeps the operator's name.");
  await editing.getByRole("button", { name: "Save changes" }).click();
  await expectToast(editor, `v5 ${versionNumber} was saved`);
  await editing.getByRole("button", { name: "Publish" }).click();
  await expectToast(editor, `v5 ${versionNumber} is published`);
  await editorSession.context.close();

  // A viewer sees it with its notes, downloads the file, and its SHA-256 is the one shown.
  const { context, page: viewer } = await freshViewer(browser, "release-reader");
  await viewer.goto(`${releases}?product=v5`);
  const card = viewer.getByRole("article", { name: `v5 ${versionNumber}` });
  await expect(card.getByRole("heading", { name: "Fixed" })).toBeVisible();
  await expect(card.getByText(sha256)).toBeVisible();
  const [download] = await Promise.all([
    viewer.waitForEvent("download"),
    card.getByRole("link", { name: new RegExp(fileName.replace(/\./g, "\\.")) }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(fileName);
  const saved = await download.path();
  const { readFile } = await import("node:fs/promises");
  expect(
    createHash("sha256")
      .update(await readFile(saved))
      .digest("hex"),
  ).toBe(sha256);

  // Nor may a viewer write one.
  await expect(viewer.getByRole("link", { name: "Add a release" })).toHaveCount(0);
  await expect(card.getByRole("link", { name: /^Edit/ })).toHaveCount(0);
  const refused = await viewer.request.post("/graphql", {
    headers: { "x-csrf-token": await csrfTokenOf(viewer), accept: "application/json" },
    data: {
      query: "mutation($input: CreateReleaseInput!) { createRelease(input: $input) { id } }",
      variables: { input: { product: "v5", channel: "stable", versionNumber: "9.9.9", releasedOn: "2026-11-24" } },
    },
  });
  expect(((await refused.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code).toBe(
    "FORBIDDEN",
  );
  await context.close();
});

test("the public feed lists published stable releases, and never a draft", async ({ page }) => {
  await openPortal(page, releases);
  const feed = await page.request.get("/releases/v5.json");
  expect(feed.status()).toBe(200);
  const body = (await feed.json()) as { releases: { version: string }[] };
  const versions = body.releases.map((release) => release.version);
  // The demo's history: 5.2.1 is the newest stable; 5.3.0 is a draft, 5.3.0-beta.1 a beta.
  expect(versions).toContain("5.2.1");
  expect(versions).not.toContain("5.3.0");
  expect(versions).not.toContain("5.3.0-beta.1");
});
