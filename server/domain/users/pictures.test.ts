import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../../tests/support/databases.ts";
import { claimedPng } from "../../../tests/support/images.ts";
import { domainContext, keysInTestFiles, testFiles } from "../../../tests/support/domain.ts";
import { activity, unclaimedFiles, userPictures, users } from "../../db/schema/index.ts";
import { sweepUnclaimedFiles, uploadGraceMs } from "../core/files.ts";
import { carryPicturesIntoStore } from "./carry-pictures.ts";
import { ConflictError, NotFoundError, ValidationError } from "../core/errors.ts";
import { pictureMaxBytes, updatePicture } from "./pictures.ts";
import { getUserPicture } from "./read.ts";
import { upsertUserFromClaims, type User } from "./index.ts";

const issuer = "https://idp.test";

/** A real picture, made here: a wide PNG, so the kept one must be cropped to a square. */
async function png(width = 600, height = 400): Promise<Uint8Array<ArrayBuffer>> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  return Uint8Array.from(buffer);
}

async function person(db: Parameters<typeof upsertUserFromClaims>[0], subject: string): Promise<User> {
  return upsertUserFromClaims(db, { issuer, subject, email: `${subject}@example.com` }, { adminEmails: [] });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
}

describe.each(databaseKinds)("pictures on %s", (kind) => {
  const database = useTestDatabase(kind);

  it("keeps an upload as a 256 px square WebP, served at a versioned address", async () => {
    const { db } = database();
    await person(db, "first-admin");
    const me = await person(db, "me");
    const updated = await updatePicture(domainContext(db, me), {
      id: me.id,
      version: me.version,
      picture: await png(),
    });
    expect(updated.picture).toBe(`/dashboard/pictures/${me.id}?v=${me.version + 1}`);
    const kept = await getUserPicture(domainContext(db, updated), { userId: me.id });
    const metadata = await sharp(await buffer(kept.body)).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 256, 256]);
    const [entry] = await db.select().from(activity).where(eq(activity.action, "user.updatePicture"));
    expect(entry?.targetId).toBe(me.id);
  });

  it("judges an upload by its bytes: text is refused, whatever it is called", async () => {
    const { db } = database();
    const me = await person(db, "me");
    const text = new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>");
    const error = await rejection(
      updatePicture(domainContext(db, me), { id: me.id, version: me.version, picture: text }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields.picture).toMatch(
      /^That file is a web page or an SVG drawing, whatever its name says: choose a JPEG, PNG, WebP, GIF or AVIF image\.$/,
    );
    const [after] = await db.select().from(users).where(eq(users.id, me.id));
    expect(after?.picture).toBeNull();
    expect(after?.version).toBe(me.version);
  });

  it("refuses a damaged picture and one over 5 MB, with a message for each", async () => {
    const { db } = database();
    const me = await person(db, "me");
    const whole = await png();
    const damaged = whole.slice(0, 80);
    const damagedError = await rejection(
      updatePicture(domainContext(db, me), { id: me.id, version: me.version, picture: damaged }),
    );
    expect((damagedError as ValidationError).fields.picture).toMatch(/could not be read/);
    const tooLarge = new Uint8Array(pictureMaxBytes + 1);
    tooLarge.set(whole);
    const largeError = await rejection(
      updatePicture(domainContext(db, me), { id: me.id, version: me.version, picture: tooLarge }),
    );
    expect((largeError as ValidationError).fields.picture).toMatch(/larger than 5 MB/);
    // Small in bytes, but 100 megapixels once decoded: refused from its header.
    const claimed = await rejection(
      updatePicture(domainContext(db, me), { id: me.id, version: me.version, picture: claimedPng(10_000, 10_000) }),
    );
    expect((claimed as ValidationError).fields.picture).toMatch(/more than 40 megapixels/);
  });

  it("removes a picture, and a stale version is a conflict rather than an overwrite", async () => {
    const { db } = database();
    const me = await person(db, "me");
    const updated = await updatePicture(domainContext(db, me), {
      id: me.id,
      version: me.version,
      picture: await png(),
    });
    const stale = await rejection(
      updatePicture(domainContext(db, me), { id: me.id, version: me.version, picture: null }),
    );
    expect(stale).toBeInstanceOf(ConflictError);
    const removed = await updatePicture(domainContext(db, me), { id: me.id, version: updated.version, picture: null });
    expect(removed.picture).toBeNull();
    await expect(getUserPicture(domainContext(db, removed), { userId: me.id })).rejects.toThrow(/no picture/);
  });

  it("lets a person change only their own picture: anyone else's is not found", async () => {
    const { db } = database();
    await person(db, "first-admin");
    const me = await person(db, "me");
    const other = await person(db, "other");
    const error = await rejection(
      updatePicture(domainContext(db, me), { id: other.id, version: other.version, picture: await png() }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
  });

  it("keeps an uploaded picture when the sign-in provider sends its own", async () => {
    const { db } = database();
    const me = await person(db, "me");
    const updated = await updatePicture(domainContext(db, me), {
      id: me.id,
      version: me.version,
      picture: await png(),
    });
    const again = await upsertUserFromClaims(
      db,
      { issuer, subject: "me", picture: "https://img.example/provider.png" },
      { adminEmails: [] },
    );
    expect(again.picture).toBe(updated.picture);
  });

  it("keeps one stored file per person: a new picture deletes the one it replaces, removing deletes the last", async () => {
    const { db } = database();
    const files = testFiles();
    const me = await person(db, "me");
    const first = await updatePicture(domainContext(db, me), { id: me.id, version: me.version, picture: await png() });
    const firstFile = await storedFileOf(db, me.id);
    expect(await files.head(firstFile ?? "")).not.toBeNull();

    const second = await updatePicture(domainContext(db, me), {
      id: me.id,
      version: first.version,
      picture: await png(300, 300),
    });
    const secondFile = await storedFileOf(db, me.id);
    expect(secondFile).not.toBe(firstFile);
    expect(await files.head(firstFile ?? "")).toBeNull();
    expect(await files.head(secondFile ?? "")).not.toBeNull();

    await updatePicture(domainContext(db, me), { id: me.id, version: second.version, picture: null });
    expect(await storedFileOf(db, me.id)).toBeNull();
    expect(await files.head(secondFile ?? "")).toBeNull();
    expect(await db.select().from(unclaimedFiles)).toEqual([]);
  });

  it("a write that fails after its picture was stored (a stale version) leaves no file and no note behind", async () => {
    const { db } = database();
    const me = await person(db, "me");
    const updated = await updatePicture(domainContext(db, me), {
      id: me.id,
      version: me.version,
      picture: await png(),
    });
    const kept = await storedFileOf(db, me.id);
    const before = keysInTestFiles();
    const stale = await rejection(
      updatePicture(domainContext(db, me), { id: me.id, version: me.version, picture: await png(200, 200) }),
    );
    expect(stale).toBeInstanceOf(ConflictError);
    expect(keysInTestFiles()).toEqual(before);
    expect(await storedFileOf(db, me.id)).toBe(kept);
    expect(updated.version).toBe(me.version + 1);
    expect(await db.select().from(unclaimedFiles)).toEqual([]);
  });

  it("an upload whose process died before its row was written is swept a day later, and not before", async () => {
    const { db } = database();
    const files = testFiles();
    const now = new Date();
    // What a crash between storing the file and committing the row leaves: the file and its note.
    const key = "pictures/crashed-upload.webp";
    await db.insert(unclaimedFiles).values({ key, dueAt: new Date(now.getTime() + uploadGraceMs) });
    await files.put(key, await png(), { contentType: "image/png", maxBytes: pictureMaxBytes });

    expect(await sweepUnclaimedFiles(db, files, now)).toBe(0);
    expect(await files.head(key)).not.toBeNull();
    expect(await sweepUnclaimedFiles(db, files, new Date(now.getTime() + uploadGraceMs))).toBe(1);
    expect(await files.head(key)).toBeNull();
    expect(await db.select().from(unclaimedFiles)).toEqual([]);
  });

  it("carries pictures kept in the database into the file store once, keeping their address", async () => {
    const { db } = database();
    const me = await person(db, "me");
    const other = await person(db, "other");
    const bytes = Uint8Array.from(
      await sharp(await png(256, 256))
        .webp()
        .toBuffer(),
    );
    for (const someone of [me, other]) {
      await db.insert(userPictures).values({ userId: someone.id, image: bytes });
      await db
        .update(users)
        .set({ picture: `/dashboard/pictures/${someone.id}?v=3` })
        .where(eq(users.id, someone.id));
    }

    // Two processes starting at once (on PGlite, one after the other): each picture is carried once.
    const carried = await Promise.all([
      carryPicturesIntoStore(db, testFiles(), new Date()),
      carryPicturesIntoStore(db, testFiles(), new Date()),
    ]);
    expect(carried[0] + carried[1]).toBe(2);
    expect(await db.select().from(userPictures)).toEqual([]);
    expect(await db.select().from(unclaimedFiles)).toEqual([]);
    const [mine] = await db.select().from(users).where(eq(users.id, me.id));
    expect(mine?.picture).toBe(`/dashboard/pictures/${me.id}?v=3`);
    const served = await getUserPicture(domainContext(db, me), { userId: me.id });
    expect(new Uint8Array(await buffer(served.body))).toEqual(bytes);
    expect(await carryPicturesIntoStore(db, testFiles(), new Date())).toBe(0);
  });

  async function storedFileOf(db: ReturnType<typeof database>["db"], userId: string): Promise<string | null> {
    const [row] = await db.select({ file: users.pictureFile }).from(users).where(eq(users.id, userId));
    return row?.file ?? null;
  }
});
