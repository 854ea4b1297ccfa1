import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../../tests/support/databases.ts";
import { domainContext } from "../../../tests/support/domain.ts";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { ValidationError } from "../core/errors.ts";
import type { User } from "../users/index.ts";
import {
  createDoc,
  docWorkOf,
  dropDocWork,
  keepDocWork,
  markDocClosed,
  markDocOpen,
  presenceLapseMs,
  saveDoc,
  type Doc,
} from "./index.ts";

/** The editor's unsaved work kept on the server, and who has a doc open (issue 35, ADR 039). */
describe.each(databaseKinds)("unsaved docs work and presence on %s", (kind) => {
  const database = useTestDatabase(kind);

  async function person(db: Database, subject: string, name: string): Promise<User> {
    const [user] = await db
      .insert(users)
      .values({
        issuer: "https://idp.test",
        subject,
        email: `${subject}@example.test`,
        name,
        role: "editor",
        status: "active",
      })
      .returning();
    if (!user) throw new Error("no user");
    return user;
  }

  const work = (doc: Doc | null, body: string) => ({
    docId: doc?.id ?? null,
    title: doc?.title ?? "",
    slug: doc?.slug ?? "",
    parentId: null,
    position: null,
    description: "",
    products: ["v4" as const, "v5" as const],
    counterpartId: null,
    body,
    baseVersion: doc?.version ?? 0,
    baseRevision: doc?.headRevision ?? 0,
  });

  it("keeps each person's latest work, apart from everyone else's, until they save or discard it", async () => {
    const { db } = database();
    const ada = domainContext(db, await person(db, "ada", "Ada Byron"));
    const ben = domainContext(db, await person(db, "ben", "Ben Ohm"));
    const doc = await createDoc(ada, { title: "Daily check", slug: "daily-check", body: "Step one." });

    await keepDocWork(ada, work(doc, "Step one.\n\nStep two, half typed"));
    await keepDocWork(ada, work(doc, "Step one.\n\nStep two, typed."));
    await keepDocWork(ben, work(doc, "Ben's own words."));
    expect((await docWorkOf(ada, { docId: doc.id }))?.body).toBe("Step one.\n\nStep two, typed.");
    expect((await docWorkOf(ben, { docId: doc.id }))?.body).toBe("Ben's own words.");

    // A new page not saved yet has its work too, one per person, kept again in place.
    await keepDocWork(ada, work(null, "A new page, first words"));
    await keepDocWork(ada, work(null, "A new page, more words"));
    expect((await docWorkOf(ada, { docId: null }))?.body).toBe("A new page, more words");
    expect(await docWorkOf(ben, { docId: null })).toBeNull();

    // Saving the doc lets the saver's work go, and only theirs.
    await saveDoc(ada, {
      id: doc.id,
      version: doc.version,
      title: doc.title,
      slug: doc.slug,
      body: "Step one.\n\nStep two, typed.",
    });
    expect(await docWorkOf(ada, { docId: doc.id })).toBeNull();
    expect((await docWorkOf(ben, { docId: doc.id }))?.body).toBe("Ben's own words.");

    // Creating the page lets the new page's work go.
    await createDoc(ada, { title: "New page", slug: "new-page", body: "A new page, more words" });
    expect(await docWorkOf(ada, { docId: null })).toBeNull();

    expect(await dropDocWork(ben, { docId: doc.id })).toEqual({ dropped: true });
    expect(await dropDocWork(ben, { docId: doc.id })).toEqual({ dropped: false });
    expect(await docWorkOf(ben, { docId: doc.id })).toBeNull();
  });

  it("refuses work a doc can never hold, with the field's message, and keeps what was kept", async () => {
    const { db } = database();
    const ada = domainContext(db, await person(db, "ada", "Ada Byron"));
    const doc = await createDoc(ada, { title: "Daily check", slug: "daily-check", body: "Step one." });
    await keepDocWork(ada, work(doc, "Kept words."));
    const refusal: unknown = await keepDocWork(ada, work(doc, "x".repeat(200_001))).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ValidationError);
    if (refusal instanceof ValidationError) expect(refusal.fields.body).toContain("200,000");
    expect((await docWorkOf(ada, { docId: doc.id }))?.body).toBe("Kept words.");
  });

  it("keeps line ends as LF whoever sent them, counting a CRLF as one character against the limit", async () => {
    const { db } = database();
    const ada = domainContext(db, await person(db, "ada", "Ada Byron"));
    // What a browser's multipart form sends for "Step one.\nStep two.\n" typed in the editor.
    const doc = await createDoc(ada, { title: "Daily check", slug: "daily-check", body: "Step one.\r\nStep two.\r\n" });
    expect(doc.body).toBe("Step one.\nStep two.\n");
    await keepDocWork(ada, work(doc, "Kept.\r\nMore.\rOld Mac."));
    expect((await docWorkOf(ada, { docId: doc.id }))?.body).toBe("Kept.\nMore.\nOld Mac.");
    // 200,200 characters as sent, 200,000 as kept: at the limit, not over it. Long lines, so
    // that the render (whose cost grows with the number of blocks) stays far inside its budget.
    const full = `${"x".repeat(999)}\r\n`.repeat(200);
    const saved = await saveDoc(ada, {
      id: doc.id,
      version: doc.version,
      title: doc.title,
      slug: doc.slug,
      body: full,
    });
    expect(saved.body).toHaveLength(200_000);
  });

  it("tells an open editor who else has the doc open and since when, and forgets one who left or went quiet", async () => {
    const { db } = database();
    let now = new Date("2026-11-27T09:00:00Z");
    const at = (user: User) => domainContext(db, user, { now: () => now });
    const adaUser = await person(db, "ada", "Ada Byron");
    const benUser = await person(db, "ben", "Ben Ohm");
    const doc = await createDoc(at(adaUser), { title: "Daily check", slug: "daily-check", body: "Step one." });

    expect((await markDocOpen(at(adaUser), { docId: doc.id })).others).toEqual([]);
    now = new Date(now.getTime() + 5_000);
    const heard = await markDocOpen(at(benUser), { docId: doc.id });
    expect(heard.others).toEqual([{ id: adaUser.id, name: "Ada Byron", since: new Date("2026-11-27T09:00:00Z") }]);
    expect(heard.head).toMatchObject({ revision: 1, version: doc.version });

    // Ada saves: Ben hears of the new revision with his next mark.
    await saveDoc(at(adaUser), {
      id: doc.id,
      version: doc.version,
      title: doc.title,
      slug: doc.slug,
      body: "Step two.",
    });
    now = new Date(now.getTime() + 15_000);
    expect((await markDocOpen(at(benUser), { docId: doc.id })).head).toMatchObject({
      revision: 2,
      savedBy: "Ada Byron",
    });

    // Ada closes the doc: Ben sees nobody at once.
    expect(await markDocClosed(at(adaUser), { docId: doc.id })).toEqual({ closed: true });
    expect((await markDocOpen(at(benUser), { docId: doc.id })).others).toEqual([]);

    // Ada opens it again and then goes quiet (a closed laptop): after a lapse she is gone,
    // and when she comes back she is there since then, not since the first time.
    await markDocOpen(at(adaUser), { docId: doc.id });
    now = new Date(now.getTime() + presenceLapseMs + 1_000);
    expect((await markDocOpen(at(benUser), { docId: doc.id })).others).toEqual([]);
    const back = now;
    await markDocOpen(at(adaUser), { docId: doc.id });
    now = new Date(now.getTime() + 15_000);
    expect((await markDocOpen(at(benUser), { docId: doc.id })).others).toEqual([
      { id: adaUser.id, name: "Ada Byron", since: back },
    ]);
  });
});
