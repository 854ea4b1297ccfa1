import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../../tests/support/databases.ts";
import { domainContext } from "../../../tests/support/domain.ts";
import { startS3Server } from "../../../tests/support/s3-server.ts";
import type { Database } from "../../db/client.ts";
import { activity, media, mediaUses, unclaimedFiles, users } from "../../db/schema/index.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { openFilesystemStore } from "../../storage/filesystem.ts";
import { openS3Store } from "../../storage/s3.ts";
import { ConflictError, UnavailableError, ValidationError } from "../core/errors.ts";
import type { User } from "../users/index.ts";
import { deleteMedia, keysOf, openMediaFile, replaceMediaFile, updateMedia, uploadMedia } from "./index.ts";

/** Every key in the store, sorted: what the tests compare before and after. */
type Listing = () => Promise<string[]>;

const stores = ["filesystem", "s3"] as const;

async function photo(width: number, height: number): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: "#0f766e" } })
      .jpeg()
      .withExifMerge({ IFD0: { Make: "Clinic Camera" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "43/1 4/1 0/1" } })
      .toBuffer(),
  );
}
const pdf = (extra = "") =>
  new TextEncoder().encode(`%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n${extra}%%EOF\n`);
const html = new TextEncoder().encode(
  "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>",
);
const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
/** A Windows program's start (MZ, and a PE header where the DOS header points). */
function program(): Uint8Array {
  const bytes = new Uint8Array(1024);
  bytes.set([0x4d, 0x5a]);
  bytes.set([0x80, 0, 0, 0], 0x3c);
  bytes.set([0x50, 0x45, 0, 0, 0x4c, 0x01], 0x80);
  return bytes;
}

/** A PDF of `size` bytes, made as it streams (never whole in memory). */
function streamedPdf(size: number): Readable {
  const head = pdf();
  let sent = 0;
  return new Readable({
    read() {
      if (sent === 0) {
        sent = head.byteLength;
        this.push(Buffer.from(head));
        return;
      }
      if (sent >= size) {
        this.push(null);
        return;
      }
      const chunk = Math.min(1024 * 1024, size - sent);
      sent += chunk;
      this.push(Buffer.alloc(chunk, 0x20));
    },
  });
}

/** A body that breaks off half-way, as when the uploader's connection drops. */
function brokenOff(): Readable {
  let sent = 0;
  return new Readable({
    read() {
      sent += 1;
      if (sent === 1) this.push(Buffer.from(pdf()));
      else if (sent < 4) this.push(randomBytes(64 * 1024));
      else this.destroy(new Error("the connection was reset"));
    },
  });
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
}

describe.each(stores)("the media library on the %s store", (storeKind) => {
  let files: BlobStore;
  let listing: Listing;
  let cleanup = async () => {};

  beforeAll(async () => {
    const root = await mkdtemp(join(tmpdir(), "densara-media-"));
    if (storeKind === "filesystem") {
      files = await openFilesystemStore(root);
      listing = async () => {
        const blobs = join(root, "blobs");
        const entries = await readdir(blobs, { recursive: true, withFileTypes: true });
        return entries
          .filter((entry) => entry.isFile())
          .map((entry) => relative(blobs, join(entry.parentPath, entry.name)))
          .sort();
      };
      cleanup = () => rm(root, { recursive: true, force: true });
    } else {
      const server = await startS3Server("media");
      const settings = {
        bucket: "media",
        region: "us-east-1",
        endpoint: server.endpoint,
        forcePathStyle: true,
        credentials: server.credentials,
        prefix: "portal/",
      };
      files = openS3Store(settings);
      const client = new S3Client(settings);
      listing = async () => {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: "media", Prefix: "portal/" }));
        return (listed.Contents ?? []).map((object) => (object.Key ?? "").slice("portal/".length)).sort();
      };
      cleanup = async () => {
        client.destroy();
        await server.stop();
        await rm(root, { recursive: true, force: true });
      };
    }
  });

  afterAll(async () => {
    await files.close();
    await cleanup();
  });

  describe.each(databaseKinds)("and %s", (databaseKind) => {
    const database = useTestDatabase(databaseKind);

    async function person(db: Database, role: User["role"], subject: string): Promise<User> {
      const [user] = await db
        .insert(users)
        .values({ issuer: "https://idp.test", subject, email: `${subject}@example.test`, role, status: "active" })
        .returning();
      if (!user) throw new Error("no user");
      return user;
    }
    const as = (db: Database, user: User) => domainContext(db, user, { files });

    it("keeps an uploaded photo written again without its EXIF and GPS, with a thumbnail and sizes", async () => {
      const { db } = database();
      const editor = await person(db, "editor", "editor");
      const before = await listing();
      const uploaded = await uploadMedia(as(db, editor), { file: await photo(1400, 900), name: "C:\\Scans\\site.jpg" });
      expect(uploaded).toMatchObject({
        kind: "image",
        name: "site.jpg",
        originalName: "site.jpg",
        contentType: "image/jpeg",
        extension: "jpg",
        width: 1400,
        height: 900,
        variantWidths: [640, 1280],
        uploadedById: editor.id,
      });
      expect(uploaded.folder).toMatch(/^media\/[0-9a-f-]{36}$/);
      expect(await listing()).toEqual([...before, ...keysOf(uploaded)].sort());

      const opened = await openMediaFile(as(db, editor), {
        id: uploaded.id,
        folder: uploaded.folder.slice("media/".length),
        variant: "original",
      });
      expect(opened.size).toBe(uploaded.size);
      const bytes = await buffer((await files.get(opened.key))?.body ?? Readable.from([]));
      expect(bytes.byteLength).toBe(uploaded.size);
      const metadata = await sharp(bytes).metadata();
      expect([metadata.format, metadata.exif]).toEqual(["jpeg", undefined]);
      expect(bytes.includes("Clinic Camera")).toBe(false);
      const thumb = await openMediaFile(as(db, editor), {
        id: uploaded.id,
        folder: uploaded.folder.slice("media/".length),
        variant: "thumb",
      });
      const thumbBytes = await buffer((await files.get(thumb.key))?.body ?? Readable.from([]));
      expect(await sharp(thumbBytes).metadata()).toMatchObject({ format: "webp", width: 400 });
      expect(await db.select().from(unclaimedFiles)).toEqual([]);
      const [entry] = await db.select().from(activity).where(eq(activity.action, "media.create"));
      expect(entry?.targetId).toBe(uploaded.id);
    });

    it.each([
      ["an HTML page named .png", html, /web page or an SVG drawing/],
      ["an SVG named .png", svg, /web page or an SVG drawing/],
      ["a program named .pdf", program(), /a program, whatever its name says/],
      ["a GIF that is really a script", new TextEncoder().encode("GIF89a=1;alert(1)//"), /could not be read/],
      ["a PDF carrying page markup", pdf("<html><script>alert(1)</script></html>\n"), /refused as unsafe/],
    ])("refuses %s, keeping no row and no file", async (_what, bytes, message) => {
      const { db } = database();
      const editor = await person(db, "editor", "editor");
      const before = await listing();
      const error = await refusal(uploadMedia(as(db, editor), { file: bytes, name: "x.png" }));
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).fields.file).toMatch(message);
      expect(await db.select().from(media)).toEqual([]);
      expect(await listing()).toEqual(before);
      expect(await db.select().from(unclaimedFiles)).toEqual([]);
    });

    it.runIf(databaseKind === "pglite")(
      "refuses a PDF past 100 MB as it streams, keeping nothing of it",
      { timeout: 60_000 },
      async () => {
        const { db } = database();
        const editor = await person(db, "editor", "editor");
        const before = await listing();
        const error = await refusal(
          uploadMedia(as(db, editor), { file: streamedPdf(100 * 1024 * 1024 + 1), name: "huge.pdf" }),
        );
        expect((error as ValidationError).fields.file).toBe(
          "That file is larger than 100 MB, the limit for a PDF document: choose a smaller one.",
        );
        expect(await db.select().from(media)).toEqual([]);
        expect(await listing()).toEqual(before);
        expect(await db.select().from(unclaimedFiles)).toEqual([]);
      },
    );

    it("an upload that breaks off leaves no row, no file and no note", async () => {
      const { db } = database();
      const editor = await person(db, "editor", "editor");
      const before = await listing();
      await expect(uploadMedia(as(db, editor), { file: brokenOff(), name: "manual.pdf" })).rejects.toThrow(
        /connection was reset/,
      );
      expect(await db.select().from(media)).toEqual([]);
      expect(await listing()).toEqual(before);
      expect(await db.select().from(unclaimedFiles)).toEqual([]);
    });

    it("names a file as its bytes are, and keeps no control or right-to-left character in a name", async () => {
      const { db } = database();
      const editor = await person(db, "editor", "namer");
      // A PDF that calls itself a page is saved by a browser as a PDF, never opened as a page.
      const polyglot = await uploadMedia(as(db, editor), { file: pdf(), name: "x.html" });
      expect(polyglot).toMatchObject({ name: "x.html.pdf", originalName: "x.html.pdf", extension: "pdf" });
      // U+202E would show "invoice\u202Efdp.exe" as "invoiceexe.pdf".
      const reversed = await uploadMedia(as(db, editor), { file: pdf(), name: "invoice\u202Efdp.exe\u2066\u0007.pdf" });
      expect(reversed.name).toBe("invoicefdp.exe.pdf");
      const renamed = await updateMedia(as(db, editor), {
        id: reversed.id,
        version: reversed.version,
        name: "manual.svg",
        alt: null,
        caption: null,
      });
      expect(renamed.name).toBe("manual.svg.pdf");
    });

    it("replaces a file keeping its id and words, deleting the old file; another kind is refused", async () => {
      const { db } = database();
      const editor = await person(db, "editor", "editor");
      const first = await uploadMedia(as(db, editor), { file: await photo(800, 600), name: "front.jpg" });
      const described = await updateMedia(as(db, editor), {
        id: first.id,
        version: first.version,
        name: "Front panel.jpg",
        alt: "The front panel of the v5 scanner",
        caption: null,
      });
      const replaced = await replaceMediaFile(as(db, editor), {
        id: first.id,
        version: described.version,
        file: await photo(500, 500),
        name: "front-2.jpg",
      });
      expect(replaced).toMatchObject({
        id: first.id,
        name: "Front panel.jpg",
        originalName: "front-2.jpg",
        alt: "The front panel of the v5 scanner",
        width: 500,
        variantWidths: [],
      });
      expect(replaced.folder).not.toBe(first.folder);
      const stored = await listing();
      expect(stored.filter((key) => key.startsWith(`${first.folder}/`))).toEqual([]);
      expect(stored).toEqual(expect.arrayContaining(keysOf(replaced)));
      // The old address no longer opens the file.
      await expect(
        openMediaFile(as(db, editor), { id: first.id, folder: first.folder.slice(6), variant: "original" }),
      ).rejects.toThrow(/replaced/);

      const before = await listing();
      const error = await refusal(
        replaceMediaFile(as(db, editor), { id: first.id, version: replaced.version, file: pdf(), name: "a.pdf" }),
      );
      expect((error as ValidationError).fields.file).toBe(
        "Replace an image with another one: this file is a PDF document. Upload it as a new file instead.",
      );
      expect(await listing()).toEqual(before);
      expect(await db.select().from(unclaimedFiles)).toEqual([]);

      // A chosen name follows a new type: the JPEG's name, replaced by a PNG, ends in .png.
      const asPng = await replaceMediaFile(as(db, editor), {
        id: first.id,
        version: replaced.version,
        file: new Uint8Array(
          await sharp({ create: { width: 40, height: 30, channels: 3, background: "#1d4ed8" } })
            .png()
            .toBuffer(),
        ),
        name: "front-3.png",
      });
      expect(asPng).toMatchObject({ name: "Front panel.png", originalName: "front-3.png", extension: "png" });
    });

    it("refuses to delete a file in use unless forced, then deletes the row, its uses and its files", async () => {
      const { db } = database();
      const editor = await person(db, "editor", "editor");
      const file = await uploadMedia(as(db, editor), { file: pdf(), name: "Service manual.pdf" });
      await db.insert(mediaUses).values({
        mediaId: file.id,
        ownerType: "release",
        ownerId: "00000000-0000-4000-8000-000000000005",
        role: "asset",
      });
      const refused = await refusal(deleteMedia(as(db, editor), { id: file.id, version: file.version }));
      expect(refused).toBeInstanceOf(ConflictError);
      expect((refused as Error).message).toMatch(/^Service manual\.pdf is used in one place/);
      expect(await listing()).toEqual(expect.arrayContaining(keysOf(file)));

      await deleteMedia(as(db, editor), { id: file.id, version: file.version, force: true });
      expect(await db.select().from(media).where(eq(media.id, file.id))).toEqual([]);
      expect(await db.select().from(mediaUses)).toEqual([]);
      const stored = await listing();
      expect(stored.filter((key) => keysOf(file).includes(key))).toEqual([]);
      expect(await db.select().from(unclaimedFiles)).toEqual([]);
    });

    it.runIf(storeKind === "s3")("says the file store did not answer, keeping no row and no note", async () => {
      const { db } = database();
      const editor = await person(db, "editor", "editor");
      const silent = openS3Store({
        bucket: "media",
        region: "us-east-1",
        endpoint: "http://127.0.0.1:9",
        forcePathStyle: true,
        credentials: { accessKeyId: "x", secretAccessKey: "y" },
        prefix: "",
      });
      const error = await refusal(
        uploadMedia(domainContext(db, editor, { files: silent }), { file: pdf(), name: "a.pdf" }),
      );
      await silent.close();
      expect(error).toBeInstanceOf(UnavailableError);
      expect((error as Error).message).toMatch(/did not answer: the file was not kept/);
      expect(await db.select().from(media)).toEqual([]);
      expect(await db.select().from(unclaimedFiles)).toEqual([]);
    });
  });
});
