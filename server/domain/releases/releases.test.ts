import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../../tests/support/databases.ts";
import { domainContext } from "../../../tests/support/domain.ts";
import type { Database } from "../../db/client.ts";
import { activity, mediaUses, releaseDownloads, users } from "../../db/schema/index.ts";
import { ValidationError } from "../core/errors.ts";
import { uploadMedia, updateMedia } from "../media/index.ts";
import type { User } from "../users/index.ts";
import {
  createRelease,
  downloadReleaseAsset,
  getRelease,
  getReleaseAsset,
  latestReleases,
  listReleases,
  publishRelease,
  updateRelease,
} from "./index.ts";

const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");
const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0, ...new Array<number>(20).fill(0), 0x61]);

async function fieldsOf(promise: Promise<unknown>): Promise<Record<string, string>> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).fields;
  }
  throw new Error("expected a refusal");
}

describe.each(databaseKinds)("releases on %s", (kind) => {
  const database = useTestDatabase(kind);

  async function person(db: Database, role: User["role"], subject: string): Promise<User> {
    const [user] = await db
      .insert(users)
      .values({ issuer: "https://idp.test", subject, email: `${subject}@example.test`, role, status: "active" })
      .returning();
    if (!user) throw new Error("no user");
    return user;
  }

  const base = { product: "v5", channel: "stable", releasedOn: "2026-11-20" } as const;

  it("checks versions: semver as written, a stable one without a label, one per product and channel", async () => {
    const { db } = database();
    const editor = await person(db, "editor", "editor");
    const as = domainContext(db, editor);
    expect(await fieldsOf(createRelease(as, { ...base, versionNumber: "v5.2" }))).toEqual({
      versionNumber:
        "Write the version as major.minor.patch, like 5.2.1 (a beta may add a label: 5.3.0-beta.2), without a leading v.",
    });
    expect((await fieldsOf(createRelease(as, { ...base, versionNumber: "5.3.0-beta.1" }))).versionNumber).toMatch(
      /^A stable release has no pre-release label/,
    );
    await createRelease(as, { ...base, versionNumber: "5.2.1" });
    expect(await fieldsOf(createRelease(as, { ...base, versionNumber: "5.2.1" }))).toEqual({
      versionNumber: "v5 already has 5.2.1 on the stable channel: give this release another version.",
    });
    // The same number on the beta channel, or for the other product, is another release.
    await createRelease(as, { ...base, channel: "beta", versionNumber: "5.2.1" });
    await createRelease(as, { ...base, product: "v4", versionNumber: "5.2.1" });
  });

  it("publishes only a release with notes and a download, whose images have alt text", async () => {
    const { db } = database();
    const editor = await person(db, "editor", "editor");
    const as = domainContext(db, editor);
    const draft = await createRelease(as, { ...base, versionNumber: "5.2.1" });
    await expect(publishRelease(as, { id: draft.id, version: draft.version })).rejects.toThrow(
      /^v5 5\.2\.1 cannot be published yet\. Write the release notes before publishing: technicians read them first\. Add at least one download/,
    );
    expect(await fieldsOf(publishRelease(as, { id: draft.id, version: draft.version }))).toEqual({
      notes: "Write the release notes before publishing: technicians read them first.",
      assetIds: "Add at least one download before publishing: the file the devices install.",
    });

    const firmware = await uploadMedia(as, { file: zip, name: "densara-v5-5.2.1.zip" });
    const { default: sharp } = await import("sharp");
    const photo = await uploadMedia(as, {
      file: new Uint8Array(
        await sharp({ create: { width: 64, height: 48, channels: 3, background: "#000" } })
          .png()
          .toBuffer(),
      ),
      name: "new-screen.png",
    });
    const edited = await updateRelease(as, {
      ...base,
      id: draft.id,
      version: draft.version,
      versionNumber: "5.2.1",
      notes: `## Changed\n\n![](/media/${photo.id})`,
      assetIds: [firmware.id],
    });
    expect(edited.notesHtml).toContain(`<img src="/media/${photo.id}"`);
    expect(await fieldsOf(publishRelease(as, { id: edited.id, version: edited.version }))).toEqual({
      notes: "Give new-screen.png alt text in the media library first: the notes show it.",
    });
    await updateMedia(as, { id: photo.id, version: photo.version, name: photo.name, alt: "The new result screen" });
    const published = await publishRelease(as, { id: edited.id, version: edited.version });
    expect(published.publishedAt).not.toBeNull();
    const uses = await db.select().from(mediaUses).where(eq(mediaUses.ownerId, draft.id));
    expect(uses.map((use) => `${use.role}:${use.mediaId}`).sort()).toEqual(
      [`asset:${firmware.id}`, `embedded:${photo.id}`].sort(),
    );
  });

  it("shows viewers the published releases only, and anyone the published stable ones", async () => {
    const { db } = database();
    const editor = await person(db, "editor", "editor");
    const viewer = await person(db, "viewer", "viewer");
    const as = domainContext(db, editor);
    const firmware = await uploadMedia(as, { file: pdf, name: "notes.pdf" });
    const make = async (channel: "stable" | "beta", versionNumber: string, publish: boolean) => {
      const created = await createRelease(as, {
        ...base,
        channel,
        versionNumber,
        notes: "Fixes.",
        assetIds: [firmware.id],
      });
      return publish ? publishRelease(as, { id: created.id, version: created.version }) : created;
    };
    await make("stable", "5.1.0", true);
    const latest = await make("stable", "5.10.0", true);
    await make("stable", "5.11.0", false);
    const beta = await make("beta", "5.12.0-beta.1", true);

    const seenBy = async (who: User) =>
      (await listReleases(domainContext(db, who), {})).nodes.map((release) => release.versionNumber);
    expect(await seenBy(editor)).toEqual(["5.12.0-beta.1", "5.11.0", "5.10.0", "5.1.0"]);
    expect(await seenBy(viewer)).toEqual(["5.12.0-beta.1", "5.10.0", "5.1.0"]);
    const draft = (await listReleases(domainContext(db, editor), { status: "draft" })).nodes[0];
    await expect(getRelease(domainContext(db, viewer), { id: draft?.id ?? "" })).rejects.toThrow(/not published/);

    // The public feed's source: no drafts, no betas, the newest stable per product.
    expect((await latestReleases(domainContext(db, null), {})).map((release) => release.id)).toEqual([latest.id]);
    expect((await latestReleases(domainContext(db, viewer), { channel: "beta" })).map((release) => release.id)).toEqual(
      [beta.id],
    );
  });

  it("records a download once per person, release file and UTC day, and gives only the release's own files", async () => {
    const { db } = database();
    const editor = await person(db, "editor", "editor");
    const viewer = await person(db, "viewer", "viewer");
    const colleague = await person(db, "viewer", "colleague");
    const as = domainContext(db, editor);
    const firmware = await uploadMedia(as, { file: pdf, name: "v5 5.2.1 notes.pdf" });
    const guide = await uploadMedia(as, { file: zip, name: "v5 5.2.1 package.zip" });
    const other = await uploadMedia(as, { file: pdf, name: "unrelated.pdf" });
    const created = await createRelease(as, {
      ...base,
      versionNumber: "5.2.1",
      notes: "Fixes.",
      assetIds: [firmware.id, guide.id],
    });
    const release = await publishRelease(as, { id: created.id, version: created.version });

    // An injectable clock: late on one UTC day, then just past midnight.
    let now = new Date("2026-11-24T23:59:58Z");
    const viewerAt = () => domainContext(db, viewer, { now: () => now });
    const downloads = async () =>
      (await db.select().from(activity).where(eq(activity.action, "release.download"))).map((entry) => ({
        actorId: entry.actorId,
        targetId: entry.targetId,
        file: entry.changes.file?.to,
        day: entry.at.toISOString().slice(0, 10),
      }));
    const firmwareOf = { releaseId: release.id, mediaId: firmware.id };

    // Looking a file up (HEAD, a range past the end) records nothing.
    expect((await getReleaseAsset(viewerAt(), firmwareOf)).file.sha256).toBe(firmware.sha256);
    expect(await downloads()).toEqual([]);

    const given = await downloadReleaseAsset(viewerAt(), firmwareOf);
    expect(given).toMatchObject({ recorded: true, file: { sha256: firmware.sha256 } });
    const first = { actorId: viewer.id, targetId: release.id, file: firmware.name, day: "2026-11-24" };
    expect(await downloads()).toEqual([first]);

    // The same file again that day (a second download, a resumed one): nothing more.
    expect((await downloadReleaseAsset(viewerAt(), firmwareOf)).recorded).toBe(false);
    expect(await downloads()).toEqual([first]);

    // Another file of the release counts; so does another person, once, even asking four times at once
    // (a download manager's parallel parts): the database's key lets one insert through.
    await downloadReleaseAsset(viewerAt(), { releaseId: release.id, mediaId: guide.id });
    const colleagueAt = domainContext(db, colleague, { now: () => now });
    const parallel = await Promise.all([1, 2, 3, 4].map(() => downloadReleaseAsset(colleagueAt, firmwareOf)));
    expect(parallel.filter((result) => result.recorded)).toHaveLength(1);
    expect(await downloads()).toHaveLength(3);

    // The next UTC day, the same file is a download again: one more.
    now = new Date("2026-11-25T00:00:01Z");
    expect((await downloadReleaseAsset(viewerAt(), firmwareOf)).recorded).toBe(true);
    expect((await downloadReleaseAsset(viewerAt(), firmwareOf)).recorded).toBe(false);
    const recorded = await downloads();
    expect(recorded).toHaveLength(4);
    expect(recorded.filter((entry) => entry.actorId === viewer.id && entry.file === firmware.name)).toEqual([
      first,
      { ...first, day: "2026-11-25" },
    ]);
    expect(await db.select().from(releaseDownloads)).toHaveLength(4);

    expect(await fieldsOf(downloadReleaseAsset(viewerAt(), { releaseId: release.id, mediaId: other.id }))).toEqual({
      mediaId: "That file is not one of this release's downloads.",
    });
    expect(await fieldsOf(getReleaseAsset(viewerAt(), { releaseId: release.id, mediaId: "../../etc" }))).toEqual({
      mediaId: "That file is not one of this release's downloads.",
    });
  });

  it("keeps the once-a-day rule in the database: a second row for the same person, file and day is refused", async () => {
    const { db } = database();
    const editor = await person(db, "editor", "editor");
    const as = domainContext(db, editor);
    const firmware = await uploadMedia(as, { file: pdf, name: "v5 5.2.2 notes.pdf" });
    const created = await createRelease(as, {
      ...base,
      versionNumber: "5.2.2",
      notes: "Fixes.",
      assetIds: [firmware.id],
    });
    const row = { releaseId: created.id, mediaId: firmware.id, userId: editor.id, day: "2026-11-24" };
    await db.insert(releaseDownloads).values(row);
    await expect(db.insert(releaseDownloads).values(row)).rejects.toThrow();
    await db.insert(releaseDownloads).values({ ...row, day: "2026-11-25" });
    expect(await db.select().from(releaseDownloads)).toHaveLength(2);
  });
});
