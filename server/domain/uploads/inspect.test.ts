import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { claimedPng } from "../../../tests/support/images.ts";
import { ValidationError } from "../core/errors.ts";
import { cleanImage } from "./images.ts";
import { inspectBytes, inspectUpload } from "./inspect.ts";
import { uploadKindNames } from "./kinds.ts";

const everything = { accept: uploadKindNames, field: "file" };

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).fields.file ?? "";
  }
  throw new Error("expected the upload to be refused");
}

const text = (value: string) => new TextEncoder().encode(value);
const png = async (width = 64, height = 48) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
      .png()
      .toBuffer(),
  );
/** A minimal Windows program's start: "MZ", then the PE header where the DOS header says. */
function program(): Uint8Array {
  const bytes = new Uint8Array(512);
  bytes.set([0x4d, 0x5a]);
  bytes.set([0x80, 0, 0, 0], 0x3c);
  bytes.set([0x50, 0x45, 0, 0, 0x4c, 0x01], 0x80);
  return bytes;
}
/** The start of a ZIP archive (a local file header), then this many random bytes. */
function zip(size: number): Buffer {
  const header = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]);
  return Buffer.concat([header, Buffer.alloc(20), Buffer.from("firmware.bin"), randomBytes(size)]);
}

describe("inspectUpload: a file is what its bytes say, whatever its name or declared type", () => {
  it("accepts an image, a PDF and an archive, each as its kind, with the type read from its bytes", async () => {
    expect(await inspectBytes(await png(), everything)).toEqual({
      kind: "image",
      contentType: "image/png",
      extension: "png",
    });
    expect(await inspectBytes(text("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"), everything)).toEqual({
      kind: "document",
      contentType: "application/pdf",
      extension: "pdf",
    });
    expect(await inspectBytes(zip(64), everything)).toMatchObject({ kind: "archive", contentType: "application/zip" });
  });

  it("refuses an HTML page named .png", async () => {
    expect(await refusal(inspectBytes(text("<!DOCTYPE html><html><script>alert(1)</script></html>"), everything))).toBe(
      "That file is a web page or an SVG drawing, whatever its name says: choose a JPEG, PNG, WebP, GIF or AVIF image, a PDF or a ZIP, gzip, tar, 7z, xz, bzip2 or Zstandard archive.",
    );
  });

  it("refuses an SVG, which can carry script, even with an XML declaration first", async () => {
    const svg = `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>`;
    expect(await refusal(inspectBytes(text(svg), { accept: ["image"], field: "file" }))).toMatch(
      /^That file is a web page or an SVG drawing, whatever its name says: choose a JPEG, PNG, WebP, GIF or AVIF image\.$/,
    );
  });

  it("refuses a program named .pdf", async () => {
    expect(await refusal(inspectBytes(program(), everything))).toMatch(
      /^That file is a program, whatever its name says/,
    );
  });

  it("refuses a PDF that carries web page markup in its first kilobyte (a polyglot)", async () => {
    const polyglot = text("%PDF-1.4\n%<html><body><script>fetch('/graphql')</script></body></html>\n1 0 obj\n");
    expect(await refusal(inspectBytes(polyglot, everything))).toMatch(/holds web page markup: it is refused as unsafe/);
  });

  it("refuses a kind the upload does not take, naming what it does take", async () => {
    expect(await refusal(inspectBytes(zip(16), { accept: ["image"], field: "file" }))).toBe(
      "That file is a ZIP file, whatever its name says: choose a JPEG, PNG, WebP, GIF or AVIF image.",
    );
    expect(await refusal(inspectBytes(new Uint8Array(), everything))).toBe("That file is empty: choose another one.");
  });

  it("gives a streamed upload back whole and in order, reading only its start before the caller does", async () => {
    const bytes = zip(3 * 1024 * 1024);
    let pulled = 0;
    const source = Readable.from(
      (function* () {
        for (let at = 0; at < bytes.byteLength; at += 1000) {
          pulled += 1;
          yield bytes.subarray(at, at + 1000);
        }
      })(),
    );
    const inspected = await inspectUpload(source, everything);
    expect(inspected.kind).toBe("archive");
    // Judging the type read the first 4,100 bytes (five chunks), not the 3 MB behind them.
    expect(pulled).toBeLessThan(10);
    const whole = await buffer(inspected.body);
    expect(createHash("sha256").update(whole).digest("hex")).toBe(createHash("sha256").update(bytes).digest("hex"));
  });

  it("stops reading a refused upload", async () => {
    const source = Readable.from([Buffer.from("<html><body>"), Buffer.alloc(1024 * 1024)]);
    await refusal(inspectUpload(source, everything));
    expect(source.destroyed).toBe(true);
  });
});

describe("cleanImage: every image is decoded and written again", () => {
  it("strips EXIF (a GPS position, the camera) and turns the picture upright", async () => {
    const photo = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#2563eb" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: "Densara Test Camera" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
      })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(photo.includes("Densara Test Camera")).toBe(true);

    const clean = await cleanImage(new Uint8Array(photo), "image/jpeg", "file");
    const after = await sharp(clean.bytes).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Orientation 6 is "turn 90° clockwise": the 120 × 80 photo is kept upright, 80 × 120.
    expect([clean.width, clean.height]).toEqual([80, 120]);
    expect(Buffer.from(clean.bytes).includes("Densara Test Camera")).toBe(false);
  });

  it("refuses a GIF whose start hides a script (a polyglot that does not decode)", async () => {
    const polyglot = text("GIF89a/*\x00\x00*/=1;alert(document.domain)//");
    await expect(inspectBytes(polyglot, everything)).resolves.toMatchObject({ kind: "image" });
    const error = await cleanImage(polyglot, "image/gif", "file").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields.file).toMatch(/could not be read/);
  });

  it("refuses an image whose header claims more than 40 megapixels, before decoding it", async () => {
    // 12 KB that say 100 megapixels: decoding them would cost seconds and 250 MB.
    const bomb = claimedPng(10_000, 10_000);
    expect(bomb.byteLength).toBeLessThan(16_384);
    await expect(inspectBytes(bomb, everything)).resolves.toMatchObject({ kind: "image" });
    expect(await refusal(cleanImage(bomb, "image/png", "file"))).toBe(
      "That image has more than 40 megapixels: choose a smaller one, or scale it down first.",
    );
    expect(await refusal(cleanImage(claimedPng(7_000, 6_000), "image/png", "file"))).toMatch(/40 megapixels/);
    // Just under the limit the header is not the refusal (these bytes then fail to decode).
    expect(await refusal(cleanImage(claimedPng(8_000, 5_000), "image/png", "file"))).toMatch(/could not be read/);
  });

  it("drops what rides behind a PNG's pixels (text chunks, an appended file)", async () => {
    const withText = await sharp(await png())
      .png()
      .withMetadata()
      .toBuffer();
    const carrier = Buffer.concat([withText, Buffer.from("<script>alert(1)</script>")]);
    const clean = await cleanImage(new Uint8Array(carrier), "image/png", "file");
    expect(Buffer.from(clean.bytes).includes("<script>")).toBe(false);
    expect((await sharp(clean.bytes).metadata()).format).toBe("png");
  });

  it("makes a WebP thumbnail, and AVIF and WebP sizes only narrower than the image", async () => {
    const clean = await cleanImage(await png(1400, 700), "image/png", "file");
    expect(await sharp(clean.thumbnail).metadata()).toMatchObject({ format: "webp", width: 400, height: 200 });
    expect(clean.variants.map((variant) => `${variant.width}.${variant.format}`)).toEqual([
      "640.avif",
      "640.webp",
      "1280.avif",
      "1280.webp",
    ]);
    const [first] = clean.variants;
    expect(await sharp(first?.bytes).metadata()).toMatchObject({ format: "heif", width: 640, height: 320 });
    expect((await cleanImage(await png(300, 200), "image/png", "file")).variants).toEqual([]);
  });
});
