import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../../tests/support/databases.ts";
import { domainContext } from "../../../tests/support/domain.ts";
import { activity, users } from "../../db/schema/index.ts";
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
    const metadata = await sharp(kept).metadata();
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
    expect((error as ValidationError).fields.picture).toMatch(/not a picture/);
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
});
