import { request } from "node:http";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { signInAs, type SignedInPerson } from "../../tests/support/graphql.ts";

/**
 * The media library's HTTP routes as a browser or a script meets them: uploads streamed
 * from the request body, files served with their type, `nosniff`, a sandbox and the
 * right disposition, and nothing for someone who may not read them.
 */
describe("media uploads and downloads over HTTP", () => {
  let harness: AuthHarness;
  let editor: SignedInPerson;
  let viewer: SignedInPerson;

  beforeAll(async () => {
    harness = await startAuthHarness("pglite");
    editor = await signInAs(harness, "editor", "media-editor");
    viewer = await signInAs(harness, "viewer", "media-viewer");
  }, 60_000);
  afterAll(async () => {
    await harness.close();
  });

  type Uploaded = { media: { id: string; url: string; thumbnailUrl: string | null; version: number; sha256: string } };

  async function upload(
    person: SignedInPerson,
    body: Uint8Array<ArrayBuffer>,
    name: string,
    headers: Record<string, string> = {},
  ) {
    const response = await person.browser.fetch("/uploads/media", {
      method: "POST",
      headers: {
        "x-csrf-token": person.csrfToken,
        "x-file-name": encodeURIComponent(name),
        "content-type": "application/octet-stream",
        ...headers,
      },
      body,
    });
    return { status: response.status, body: (await response.json()) as Uploaded & { error?: { message: string } } };
  }

  const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");

  it("takes a PDF and serves it back as a download, with its name, nosniff and a sandbox", async () => {
    const uploaded = await upload(editor, pdf, "Service manual – v5.pdf");
    expect(uploaded.status).toBe(201);
    const response = await editor.browser.fetch(uploaded.body.media.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Service manual _ v5.pdf"; filename*=UTF-8''Service%20manual%20%E2%80%93%20v5.pdf`,
    );
    expect(response.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(pdf);

    const part = await editor.browser.fetch(uploaded.body.media.url, { headers: { range: "bytes=0-3" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-3/${pdf.byteLength}`);
    expect(await part.text()).toBe("%PDF");
    // The same ranges as a release's download (one implementation): a suffix, and 416 past the end.
    const tail = await editor.browser.fetch(uploaded.body.media.url, { headers: { range: "bytes=-6" } });
    expect(tail.status).toBe(206);
    expect(await tail.text()).toBe("%%EOF\n");
    const past = await editor.browser.fetch(uploaded.body.media.url, {
      headers: { range: `bytes=${pdf.byteLength}-` },
    });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${pdf.byteLength}`);
    await past.arrayBuffer();
  });

  it("shows an image inline, and sends /media/:id on to the current file", async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 50, height: 40, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
    );
    const uploaded = await upload(editor, png, "logo.png");
    expect(uploaded.status).toBe(201);
    const thumb = await editor.browser.fetch(uploaded.body.media.thumbnailUrl ?? "");
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect(thumb.headers.get("content-disposition")).toMatch(/^inline; filename="logo.webp"/);
    const moved = await editor.browser.fetch(`/media/${uploaded.body.media.id}`);
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe(uploaded.body.media.url);
  });

  it("refuses what the bytes give away, whatever the name and declared type say", async () => {
    const page = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");
    const refused = await upload(editor, page, "photo.png", { "content-type": "image/png" });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe("One field needs your attention.");
    expect(refused.body).toMatchObject({ error: { code: "VALIDATION_FAILED", fields: { file: /web page/ } } });
  });

  it("answers a large refused upload with its message before reading the rest, and closes the connection", async () => {
    // A Windows program's start, then 8 MB more: refused after its first bytes.
    const program = new Uint8Array(8 * 1024 * 1024);
    program.set([0x4d, 0x5a]);
    program.set([0x80, 0, 0, 0], 0x3c);
    program.set([0x50, 0x45, 0, 0, 0x4c, 0x01], 0x80);
    const refused = await upload(editor, program, "manual.pdf");
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { fields: { file: /a program, whatever its name says/ } } });
    // The server still answers on a new connection.
    expect((await upload(editor, pdf, "after.pdf")).status).toBe(201);
  });

  it("refuses an upload without the page's CSRF token, a viewer, and a reader without a session", async () => {
    const withoutToken = await editor.browser.fetch("/uploads/media", {
      method: "POST",
      headers: { "x-file-name": "a.pdf" },
      body: pdf,
    });
    expect(withoutToken.status).toBe(403);
    const byViewer = await upload(viewer, pdf, "a.pdf");
    expect(byViewer.status).toBe(403);
    expect(byViewer.body.error?.message).toMatch(/does not allow you to upload files/);

    const uploaded = await upload(editor, pdf, "private.pdf");
    // A file no published release uses is out of a viewer's reach: it reads as missing.
    expect((await viewer.browser.fetch(uploaded.body.media.url)).status).toBe(404);
    expect((await fetch(new URL(uploaded.body.media.url, harness.origin))).status).toBe(401);
  });

  it("refuses a declared length past the largest upload before reading it", async () => {
    const { hostname, port } = new URL(harness.origin);
    const status = await new Promise<number>((resolve, reject) => {
      const sent = request(
        {
          hostname,
          port,
          method: "POST",
          path: "/uploads/media",
          headers: { "x-file-name": "huge.zip", "content-length": String(3 * 1024 ** 3) },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      sent.on("error", reject);
      // A first few bytes of the 3 GB it announced; the answer comes before the rest.
      sent.write(new Uint8Array(16));
    });
    expect(status).toBe(413);
  });
});
