import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../../tests/support/databases.ts";
import { domainContext } from "../../../tests/support/domain.ts";
import type { Database } from "../../db/client.ts";
import { activity, docRenders, revisions, users } from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../core/errors.ts";
import type { User } from "../users/index.ts";
import { forgetDocRenders } from "./rendering.ts";
import { listMediaUses, uploadMedia } from "../media/index.ts";
import { refreshDocRenders } from "./render-refresh.ts";
import {
  checkDocsPreview,
  createDoc,
  deleteDoc,
  docTree,
  emptyDocsTrash,
  getDoc,
  listDocRevisions,
  listDocsTrash,
  publishDoc,
  readDoc,
  readDocMarkdown,
  restoreDoc,
  restoreDocRevision,
  saveDoc,
  searchDocs,
  startDocsPreview,
  statusOf,
  unpublishDoc,
  type Doc,
} from "./index.ts";

async function refusal(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a refusal");
}

async function fieldsOf(promise: Promise<unknown>): Promise<Record<string, string>> {
  const error = await refusal(promise);
  if (!(error instanceof ValidationError)) throw error;
  return error.fields;
}

describe.each(databaseKinds)("docs on %s", (kind) => {
  const database = useTestDatabase(kind);

  async function person(db: Database, role: User["role"], subject: string): Promise<User> {
    const [user] = await db
      .insert(users)
      .values({
        issuer: "https://idp.test",
        subject,
        name: `${subject[0]?.toUpperCase()}${subject.slice(1)}`,
        email: `${subject}@example.test`,
        role,
        status: "active",
      })
      .returning();
    if (!user) throw new Error("no user");
    return user;
  }

  async function people() {
    const { db } = database();
    return {
      db,
      editor: domainContext(db, await person(db, "editor", "editor")),
      other: domainContext(db, await person(db, "editor", "ana")),
      viewer: domainContext(db, await person(db, "viewer", "viewer")),
      admin: domainContext(db, await person(db, "admin", "admin")),
    };
  }

  const page = (slug: string, extra: Partial<Parameters<typeof createDoc>[1]> = {}) => ({
    title: `${slug.charAt(0).toUpperCase()}${slug.slice(1)}`,
    slug,
    body: `Steps for ${slug}.`,
    ...extra,
  });

  const publish = (as: Parameters<typeof publishDoc>[0], doc: Doc) =>
    publishDoc(as, { id: doc.id, version: doc.version });

  it("keeps a new doc a draft for editors until it is published; then viewers read it", async () => {
    const { editor, viewer } = await people();
    const doc = await createDoc(editor, page("calibration", { body: "## Before you start\n\nWarm up." }));
    expect(doc.path).toBe("calibration");
    expect(await refusal(readDoc(viewer, { path: "calibration" }))).toBeInstanceOf(NotFoundError);
    // An editor who is not in preview mode reads as readers do.
    expect(await refusal(readDoc(editor, { path: "calibration" }))).toBeInstanceOf(NotFoundError);
    expect((await readDoc(editor, { path: "calibration", preview: true })).reading?.draft).toBe(true);
    expect(await docTree(viewer, {})).toEqual([]);

    await publish(editor, doc);
    const answer = await readDoc(viewer, { path: "calibration" });
    expect(answer.reading?.title).toBe("Calibration");
    expect(answer.reading?.html).toContain('<h2 id="user-content-before-you-start">');
    expect(answer.reading?.headings).toEqual([
      { id: "user-content-before-you-start", text: "Before you start", depth: 2 },
    ]);
    expect(answer.reading?.author).toBe("Editor");
    // The tree comes with the page, as docTree gives it.
    expect(answer.tree).toEqual(await docTree(viewer, {}));
    expect(answer.tree.map((node) => node.path)).toEqual(["calibration"]);
    expect((await docTree(viewer, {})).map((node) => node.path)).toEqual(["calibration"]);
  });

  it("shows readers the published revision while a newer draft waits, and the draft only in preview", async () => {
    const { editor, viewer } = await people();
    const created = await createDoc(editor, page("maintenance", { body: "Old words." }));
    const published = await publish(editor, created);
    const saved = await saveDoc(editor, {
      ...page("maintenance", { body: "New words." }),
      id: published.id,
      version: published.version,
    });
    expect(saved.headRevision).toBe(2);
    expect((await readDoc(viewer, { path: "maintenance" })).reading?.html).toContain("Old words.");
    // A viewer asking for preview sees nothing more.
    expect((await readDoc(viewer, { path: "maintenance", preview: true })).reading?.html).toContain("Old words.");
    expect((await readDocMarkdown(viewer, { path: "maintenance", preview: true })).body).toBe("Old words.");
    const preview = await readDoc(editor, { path: "maintenance", preview: true });
    expect(preview.reading?.html).toContain("New words.");
    expect(preview.reading?.draft).toBe(true);
    expect((await docTree(editor, { preview: true }))[0]?.status).toBe("changed");

    await publish(editor, saved);
    expect((await readDoc(viewer, { path: "maintenance" })).reading?.html).toContain("New words.");
  });

  it("honours a preview link for editors only, and not after it ends", async () => {
    const { db, editor, viewer } = await people();
    const { token, staging } = await startDocsPreview(editor, { staging: true });
    expect(staging).toBe(true);
    expect(await checkDocsPreview(editor, { token })).toMatchObject({ staging: true });
    expect(await checkDocsPreview(viewer, { token })).toBeNull();
    expect(await checkDocsPreview(editor, { token: "x".repeat(32) })).toBeNull();
    const later = domainContext(db, editor.actor, { now: () => new Date(Date.now() + 9 * 60 * 60 * 1000) });
    expect(await checkDocsPreview(later, { token })).toBeNull();
    expect(await refusal(startDocsPreview(viewer, {}))).toMatchObject({ code: "FORBIDDEN" });
  });

  it("keeps the page of the head and the published revision, which readers anywhere get without a render", async () => {
    const { db, editor, viewer } = await people();
    const kept = async (id: string) =>
      (
        await db
          .select({ number: revisions.number })
          .from(docRenders)
          .innerJoin(revisions, eq(revisions.id, docRenders.revisionId))
          .where(eq(docRenders.docId, id))
      )
        .map((row) => row.number)
        .sort();
    const doc = await publish(editor, await createDoc(editor, page("cleaning", { body: "## Wipe\n\nThe pads." })));
    expect(await kept(doc.id)).toEqual([1]);
    const second = await saveDoc(editor, { ...page("cleaning", { body: "Two." }), id: doc.id, version: doc.version });
    await saveDoc(editor, { ...page("cleaning", { body: "Three." }), id: doc.id, version: second.version });
    // Revision 2 was the head for a while; now the published 1 and the head 3 are kept.
    expect(await kept(doc.id)).toEqual([1, 3]);

    // A reader in another process (nothing in memory) gets the kept page as it is stored.
    const [published] = await db
      .select({ id: revisions.id })
      .from(revisions)
      .where(and(eq(revisions.recordId, doc.id), eq(revisions.number, 1)));
    if (!published) throw new Error("no revision 1");
    await db.update(docRenders).set({ html: "<p>As kept.</p>" }).where(eq(docRenders.revisionId, published.id));
    forgetDocRenders();
    expect((await readDoc(viewer, { path: "cleaning" })).reading?.html).toBe("<p>As kept.</p>");
    // Kept by an older renderer: still served as kept (never rendered for a reader), until the
    // background refresh makes it again with the current one.
    await db.update(docRenders).set({ renderer: 1 }).where(eq(docRenders.revisionId, published.id));
    forgetDocRenders();
    expect((await readDoc(viewer, { path: "cleaning" })).reading?.html).toBe("<p>As kept.</p>");
    expect(await refreshDocRenders(db)).toEqual({ rendered: 1, refused: 0, left: 0 });
    expect(await refreshDocRenders(db)).toEqual({ rendered: 0, refused: 0, left: 0 });
    forgetDocRenders();
    const rendered = await readDoc(viewer, { path: "cleaning" });
    expect(rendered.reading?.html).toContain('<h2 id="user-content-wipe">');
    expect(rendered.reading?.headings).toEqual([{ id: "user-content-wipe", text: "Wipe", depth: 2 }]);
  });

  it("tells a viewer which published doc uses a file, never which draft cites it", async () => {
    const { editor, viewer } = await people();
    const manual = await uploadMedia(editor, {
      file: new TextEncoder().encode("%PDF-1.7\n%%EOF\n"),
      name: "Service manual.pdf",
    });
    const link = `[The manual](/media/${manual.id})`;
    const published = await publish(editor, await createDoc(editor, page("servicing", { body: link })));
    const draft = await createDoc(editor, page("recall-notice", { body: `Draft. ${link}` }));
    const uses = async (as: typeof viewer) =>
      (await listMediaUses(as, { ids: [manual.id] })).map((use) => `${use.ownerId} ${use.role}`).sort();
    expect(await uses(editor)).toEqual(
      [`${published.id} embedded`, `${published.id} published`, `${draft.id} embedded`].sort(),
    );
    expect(await uses(viewer)).toEqual([`${published.id} published`]);
  });

  it("refuses a save from a stale revision, naming who saved, and keeps both texts", async () => {
    const { editor, other } = await people();
    const doc = await createDoc(editor, page("troubleshooting"));
    // Ana saves first, from the same version the editor opened.
    await saveDoc(other, { ...page("troubleshooting", { body: "Ana's steps." }), id: doc.id, version: doc.version });
    const stale = await refusal(
      saveDoc(editor, { ...page("troubleshooting", { body: "My steps." }), id: doc.id, version: doc.version }),
    );
    expect(stale).toBeInstanceOf(ConflictError);
    expect(stale.message).toBe(
      "Ana changed “Troubleshooting” after you opened it: it is at revision 2 now. Your text is kept: compare it with theirs, then save again.",
    );
    const current = await getDoc(editor, { id: doc.id });
    expect(current.body).toBe("Ana's steps.");
    expect((await listDocRevisions(editor, { id: doc.id })).map((revision) => revision.number)).toEqual([2, 1]);
    // The same person, from a second tab that opened the first version: told it was them.
    const own = await refusal(
      saveDoc(other, { ...page("troubleshooting", { body: "Older tab." }), id: doc.id, version: doc.version }),
    );
    expect(own.message).toMatch(/^You \(in another tab or window\) changed “Troubleshooting” after you opened it/);
  });

  it("restores an earlier revision as a new one, and says nothing changed for an unchanged save", async () => {
    const { db, editor } = await people();
    const first = await createDoc(editor, page("updates", { body: "One." }));
    const second = await saveDoc(editor, {
      ...page("updates", { body: "Two." }),
      id: first.id,
      version: first.version,
    });
    const same = await saveDoc(editor, {
      ...page("updates", { body: "Two." }),
      id: second.id,
      version: second.version,
    });
    expect(same.headRevision).toBe(2);
    const restored = await restoreDocRevision(editor, { id: second.id, version: second.version, number: 1 });
    expect(restored.body).toBe("One.");
    expect(restored.headRevision).toBe(3);
    const history = await listDocRevisions(editor, { id: first.id });
    expect(history[0]).toMatchObject({ number: 3, event: "restored", restoredFrom: 1 });
    expect(await fieldsOf(restoreDocRevision(editor, { id: first.id, version: restored.version, number: 3 }))).toEqual({
      number: "Revision 3 is already the latest.",
    });
    const actions = await db.select({ action: activity.action }).from(activity);
    expect(actions.map((row) => row.action)).toEqual(["doc.create", "doc.save", "doc.restoreRevision"]);
  });

  it("moves a doc with the pages under it once the move is published, and sends old addresses on", async () => {
    const { editor, viewer } = await people();
    const qc = await publish(editor, await createDoc(editor, page("qc")));
    const daily = await publish(editor, await createDoc(editor, page("daily", { parentId: qc.id })));
    expect(daily.path).toBe("qc/daily");
    const calibration = await publish(editor, await createDoc(editor, page("calibration")));
    const moved = await saveDoc(editor, {
      ...page("quality-control", { title: "Qc", body: "Steps for qc." }),
      parentId: calibration.id,
      id: qc.id,
      version: qc.version,
    });
    expect(moved).toMatchObject({ path: "calibration/quality-control", publishedPath: "qc" });
    expect(statusOf(moved)).toBe("changed");
    expect((await getDoc(editor, { id: daily.id })).path).toBe("calibration/quality-control/daily");
    // Readers still find it, and the page under it, where they were: a move is part of the draft.
    expect((await readDoc(viewer, { path: "qc/daily" })).reading?.breadcrumbs).toEqual([{ title: "Qc", path: "qc" }]);
    expect((await docTree(viewer, {})).map((node) => node.path)).toEqual(["qc", "qc/daily", "calibration"]);
    expect(
      await readDoc(viewer, { path: "calibration/quality-control" }).catch((error: unknown) => error),
    ).toBeInstanceOf(NotFoundError);
    // An editor in preview finds it where the draft puts it; the old address sends them on.
    expect((await readDoc(editor, { path: "qc", preview: true })).redirectTo).toBe("calibration/quality-control");
    // Published, it moves for readers, with the page under it, and the old addresses send them on.
    expect((await publish(editor, moved)).publishedPath).toBe("calibration/quality-control");
    expect(await readDoc(viewer, { path: "qc/daily" })).toEqual({
      reading: null,
      redirectTo: "calibration/quality-control/daily",
      tree: [],
      product: "v5",
    });
    expect((await readDoc(viewer, { path: "qc" })).redirectTo).toBe("calibration/quality-control");
    expect((await getDoc(editor, { id: daily.id })).publishedPath).toBe("calibration/quality-control/daily");
    // A new doc may take an old address: the redirect gives way once it is published.
    await publish(editor, await createDoc(editor, page("qc")));
    expect((await readDoc(viewer, { path: "qc" })).reading?.title).toBe("Qc");
  });

  it("keeps another doc from taking an address readers still use", async () => {
    const { editor } = await people();
    const manual = await publish(editor, await createDoc(editor, page("manual")));
    await saveDoc(editor, { ...page("handbook"), id: manual.id, version: manual.version });
    expect((await fieldsOf(createDoc(editor, page("manual")))).slug).toBe(
      "Readers still find “Handbook” at /docs/manual until its move is published: choose another slug or parent.",
    );
  });

  it("refuses bad places with a sentence: slug rules, collisions, cycles, depth, and a missing parent", async () => {
    const { editor } = await people();
    const top = await createDoc(editor, page("install"));
    const child = await createDoc(editor, page("site", { parentId: top.id }));
    expect((await fieldsOf(createDoc(editor, page("Install Guide")))).slug).toMatch(/lowercase letters/);
    expect((await fieldsOf(createDoc(editor, page("edit")))).slug).toMatch(/docs area's own addresses/);
    expect((await fieldsOf(createDoc(editor, page("install")))).slug).toBe(
      "“Install” already lives at /docs/install: choose another slug or parent.",
    );
    expect(
      (await fieldsOf(saveDoc(editor, { ...page("install"), parentId: child.id, id: top.id, version: top.version })))
        .parentId,
    ).toBe("A page cannot sit under itself or under one of its own pages: choose another parent.");
    let parent = child;
    for (const slug of ["a", "b", "c"]) parent = await createDoc(editor, page(slug, { parentId: parent.id }));
    expect(parent.path).toBe("install/site/a/b/c");
    expect((await fieldsOf(createDoc(editor, page("d", { parentId: parent.id })))).parentId).toMatch(
      /at most 5 levels deep/,
    );
    expect(
      (await fieldsOf(createDoc(editor, page("x", { parentId: "0b0e3c1a-5d2f-4c3b-9a11-2f6e8d7c9b10" })))).parentId,
    ).toBe("That parent page no longer exists: choose another one.");
    expect((await fieldsOf(createDoc(editor, page("huge", { body: "x".repeat(200_001) })))).body).toMatch(
      /longer than 200,000 characters/,
    );
  });

  it("keeps broken links as a warning, not a refusal", async () => {
    const { editor, admin } = await people();
    await createDoc(editor, page("calibration"));
    const doc = await createDoc(editor, page("links", { body: "[ok](/docs/calibration) [gone](/docs/nowhere#x)" }));
    expect(doc.brokenLinks).toEqual(["/docs/nowhere"]);
    // Once the page it names is written, the warning goes, without a new version for the linking doc.
    await createDoc(editor, page("nowhere"));
    const after = await getDoc(editor, { id: doc.id });
    expect(after.brokenLinks).toEqual([]);
    expect(after.version).toBe(doc.version);
    // Deleting a page warns the docs that link to it, at its address or at one it moved from,
    // and only those: words naming it are not a link.
    const first = await publish(editor, await createDoc(editor, page("daily")));
    const daily = await publish(
      editor,
      await saveDoc(editor, { ...page("daily-check"), id: first.id, version: first.version }),
    );
    const linking = await createDoc(
      editor,
      page("to-daily", { body: "[daily](/docs/daily) [now](/docs/daily-check#steps) [ok](/docs/calibration)" }),
    );
    const words = await createDoc(editor, page("words", { body: "Type `/docs/daily-check` in the address bar." }));
    expect(linking.brokenLinks).toEqual([]);
    const trashed = await deleteDoc(editor, { id: daily.id, version: daily.version });
    expect(trashed.publishedPath).toBe("daily-check");
    const warned = await getDoc(editor, { id: linking.id });
    expect(warned.brokenLinks).toEqual(["/docs/daily-check", "/docs/daily"]);
    expect(warned.version).toBe(linking.version);
    expect((await getDoc(editor, { id: words.id })).brokenLinks).toEqual([]);
    // Back from the trash, it answers at both again, and the warnings go.
    await restoreDoc(admin, { id: daily.id, version: trashed.version });
    expect((await getDoc(editor, { id: linking.id })).brokenLinks).toEqual([]);
  });

  it("publishes a page only under a published one, and unpublishes one only without published pages under it", async () => {
    const { editor } = await people();
    const parent = await createDoc(editor, page("v4"));
    const child = await createDoc(editor, page("updates", { parentId: parent.id }));
    expect((await refusal(publish(editor, child))).message).toBe(
      "“Updates” cannot be published yet. Publish “V4” first: this page sits under it.",
    );
    const publishedParent = await publish(editor, parent);
    await publish(editor, child);
    expect((await refusal(unpublishDoc(editor, { id: parent.id, version: publishedParent.version }))).message).toBe(
      "Unpublish the pages under “V4” first: “Updates”.",
    );
  });

  it("sends a deleted doc to the trash, which only admins restore or empty", async () => {
    const { editor, viewer, admin } = await people();
    const parent = await publish(editor, await createDoc(editor, page("maintenance")));
    const child = await createDoc(editor, page("cleaning", { parentId: parent.id }));
    expect((await refusal(deleteDoc(editor, { id: parent.id, version: parent.version }))).message).toBe(
      "Move or delete the pages under “Maintenance” first: “Cleaning”.",
    );
    const trashedChild = await deleteDoc(editor, { id: child.id, version: child.version });
    const trashed = await deleteDoc(editor, { id: parent.id, version: parent.version });
    expect(await refusal(readDoc(viewer, { path: "maintenance" }))).toBeInstanceOf(NotFoundError);
    expect(await refusal(listDocsTrash(editor, {}))).toMatchObject({ code: "FORBIDDEN" });
    expect((await listDocsTrash(admin, {})).nodes.map((doc) => doc.title)).toEqual(["Maintenance", "Cleaning"]);
    // Its address is free meanwhile; the child cannot come back before its parent.
    expect((await refusal(restoreDoc(admin, { id: child.id, version: trashedChild.version }))).message).toMatch(
      /^Restore the page “Cleaning” sat under first/,
    );
    await restoreDoc(admin, { id: parent.id, version: trashed.version });
    expect((await readDoc(viewer, { path: "maintenance" })).reading?.title).toBe("Maintenance");
    expect(await emptyDocsTrash(admin, {})).toEqual({ deleted: 1 });
    expect(await refusal(getDoc(editor, { id: child.id }))).toBeInstanceOf(NotFoundError);
    expect(await emptyDocsTrash(admin, {})).toEqual({ deleted: 0 });
  });

  it("searches the published words by title, headings and text, for signed-in readers only", async () => {
    const { db, editor, viewer } = await people();
    const qc = await createDoc(editor, {
      title: "Daily quality control",
      slug: "daily-qc",
      description: "The phantom scan every morning.",
      body: "## Scanning the phantom\n\nPlace the phantom on the foot plate and start the check.",
    });
    await publish(editor, qc);
    await createDoc(editor, page("secret", { body: "The phantom of the draft." }));
    const hits = await searchDocs(viewer, { query: "phant" });
    expect(hits.map((hit) => hit.path)).toEqual(["daily-qc"]);
    expect(hits[0]?.heading).toEqual({
      id: "user-content-scanning-the-phantom",
      text: "Scanning the phantom",
      depth: 2,
    });
    expect(hits[0]?.snippet).toContain("\u0001phantom\u0002");
    expect((await searchDocs(viewer, { query: "quality morning" })).map((hit) => hit.path)).toEqual(["daily-qc"]);
    expect(await searchDocs(viewer, { query: "nothing-like-this" })).toEqual([]);
    expect(await refusal(searchDocs(domainContext(db, null), { query: "phantom" }))).toMatchObject({
      code: "UNAUTHENTICATED",
    });
  });

  it("records every write in the activity log", async () => {
    const { db, editor } = await people();
    const doc = await createDoc(editor, page("audit"));
    const published = await publish(editor, doc);
    await unpublishDoc(editor, { id: doc.id, version: published.version });
    const rows = await db.select({ action: activity.action }).from(activity).where(eq(activity.targetId, doc.id));
    expect(rows.map((row) => row.action)).toEqual(["doc.create", "doc.publish", "doc.unpublish"]);
  });
});
