import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../../tests/support/databases.ts";
import { domainContext } from "../../../tests/support/domain.ts";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { NotFoundError, UnauthenticatedError } from "../core/errors.ts";
import { getMedia, openMediaFile, replaceMediaFile, updateMedia, uploadMedia, type Media } from "../media/index.ts";
import type { User } from "../users/index.ts";
import {
  createRelease,
  getPublicRelease,
  listReleasePages,
  publishRelease,
  unpublishRelease,
  updateRelease,
} from "./index.ts";

const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");

async function png(background: string): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 64, height: 48, channels: 3, background } })
      .png()
      .toBuffer(),
  );
}

/**
 * A published stable release's public page (ADR 023): found by product and version, the
 * same for everyone, never for a draft or a beta; the list of pages with the stamp the
 * server keeps them by; and the one media rule that lets a visitor load the pictures those
 * notes show, and nothing else.
 */
describe.each(databaseKinds)("release pages on %s", (kind) => {
  const database = useTestDatabase(kind);

  async function person(db: Database, role: User["role"], subject: string): Promise<User> {
    const [user] = await db
      .insert(users)
      .values({ issuer: "https://idp.test", subject, email: `${subject}@example.test`, role, status: "active" })
      .returning();
    if (!user) throw new Error("no user");
    return user;
  }

  async function world() {
    const { db } = database();
    const editor = await person(db, "editor", "editor");
    const viewer = await person(db, "viewer", "viewer");
    const as = domainContext(db, editor);
    const firmware = await uploadMedia(as, { file: pdf, name: "install guide.pdf" });
    const picture = async (name: string, background: string): Promise<Media> => {
      const file = await uploadMedia(as, { file: await png(background), name });
      return updateMedia(as, { id: file.id, version: file.version, name, alt: `The ${name} screen` });
    };
    const shown = await picture("stable.png", "#123456");
    const draftOnly = await picture("draft.png", "#654321");
    const betaOnly = await picture("beta.png", "#abcdef");
    const unused = await picture("unused.png", "#fedcba");
    const release = async (
      channel: "stable" | "beta",
      versionNumber: string,
      image: Media,
      publish: boolean,
      product: "v4" | "v5" = "v5",
    ) => {
      const created = await createRelease(as, {
        product,
        channel,
        versionNumber,
        releasedOn: "2026-11-20",
        notes: `## ${versionNumber}\n\n![${image.alt ?? ""}](/media/${image.id})`,
        assetIds: [firmware.id],
      });
      return publish ? publishRelease(as, { id: created.id, version: created.version }) : created;
    };
    const stable = await release("stable", "5.2.0", shown, true);
    const draft = await release("stable", "5.3.0", draftOnly, false);
    const beta = await release("beta", "5.4.0-beta.1", betaOnly, true);
    const older = await release("stable", "4.9.0", shown, true, "v4");
    return {
      db,
      as,
      firmware,
      images: { shown, draftOnly, betaOnly, unused },
      releases: { stable, draft, beta, older },
      visitor: domainContext(db, null),
      viewer: domainContext(db, viewer),
    };
  }

  it("finds a published stable release by product and version for anyone, and never a draft or a beta", async () => {
    const { as, visitor, viewer, releases } = await world();
    for (const reader of [visitor, viewer, as]) {
      expect((await getPublicRelease(reader, { product: "v5", versionNumber: "5.2.0" })).id).toBe(releases.stable.id);
      // An editor reads drafts and betas everywhere else; their public page does not exist, for them too.
      for (const versionNumber of ["5.3.0", "5.4.0-beta.1", "5.9.9", "4.9.0"]) {
        await expect(getPublicRelease(reader, { product: "v5", versionNumber })).rejects.toBeInstanceOf(NotFoundError);
      }
    }
    // Unpublished, it is gone at once.
    await unpublishRelease(as, { id: releases.stable.id, version: releases.stable.version });
    await expect(getPublicRelease(visitor, { product: "v5", versionNumber: "5.2.0" })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it("lists every public page with a stamp that changes with what the page shows, and only then", async () => {
    const { as, visitor, releases, firmware } = await world();
    const pages = async () =>
      new Map(
        (await listReleasePages(visitor, {})).map((page) => [`${page.product}/${page.versionNumber}`, page.stamp]),
      );
    const before = await pages();
    expect([...before.keys()]).toEqual(["v4/4.9.0", "v5/5.2.0"]);

    // Its notes edited: that page's stamp changes, the other's does not.
    const edited = await updateRelease(as, {
      id: releases.stable.id,
      version: releases.stable.version,
      product: "v5",
      channel: "stable",
      versionNumber: "5.2.0",
      releasedOn: "2026-11-20",
      notes: "## 5.2.0\n\n- Faster start-up.",
      assetIds: [firmware.id],
    });
    const afterEdit = await pages();
    expect(afterEdit.get("v5/5.2.0")).not.toBe(before.get("v5/5.2.0"));
    expect(afterEdit.get("v4/4.9.0")).toBe(before.get("v4/4.9.0"));

    // A file they offer replaced (a new size and SHA-256): both pages that offer it change.
    await replaceMediaFile(as, { id: firmware.id, version: firmware.version, file: pdf, name: "install guide.pdf" });
    const afterReplace = await pages();
    expect(afterReplace.get("v5/5.2.0")).not.toBe(afterEdit.get("v5/5.2.0"));
    expect(afterReplace.get("v4/4.9.0")).not.toBe(afterEdit.get("v4/4.9.0"));

    // Unpublished, its page is no longer listed.
    await unpublishRelease(as, { id: edited.id, version: edited.version });
    expect([...(await pages()).keys()]).toEqual(["v4/4.9.0"]);
  });

  it("lets a visitor load the images public releases show, and asks them to sign in for any other file", async () => {
    const { as, visitor, viewer, images, releases, firmware } = await world();
    const open = (context: typeof visitor, file: Media) =>
      openMediaFile(context, { id: file.id, folder: file.folder.slice("media/".length), variant: "original" });

    const opened = await open(visitor, images.shown);
    expect(opened.contentType).toBe("image/png");
    expect(opened.size).toBeGreaterThan(0);
    expect((await getMedia(visitor, { id: images.shown.id })).id).toBe(images.shown.id);
    // Its smaller sizes too: the page's picture may be served at any of them.
    const thumb = await openMediaFile(visitor, {
      id: images.shown.id,
      folder: images.shown.folder.slice("media/".length),
      variant: "thumb",
    });
    expect(thumb.contentType).toMatch(/^image\//);

    // A draft's image, a beta's, one nothing shows, and the release's own download: sign in first.
    for (const file of [images.draftOnly, images.betaOnly, images.unused, firmware]) {
      await expect(open(visitor, file), file.name).rejects.toBeInstanceOf(UnauthenticatedError);
      await expect(getMedia(visitor, { id: file.id }), file.name).rejects.toBeInstanceOf(UnauthenticatedError);
    }
    // A file that does not exist gets the same answer: a visitor learns nothing of the library.
    await expect(getMedia(visitor, { id: "00000000-0000-4000-8000-000000000999" })).rejects.toBeInstanceOf(
      UnauthenticatedError,
    );
    // Signed in, a viewer opens what published releases use, the download and the beta's picture too.
    for (const file of [images.shown, images.betaOnly, firmware])
      expect((await open(viewer, file)).file.id).toBe(file.id);

    // Both releases that showed it unpublished: the image is the signed-in readers' again.
    await unpublishRelease(as, { id: releases.stable.id, version: releases.stable.version });
    expect((await open(visitor, images.shown)).file.id).toBe(images.shown.id);
    await unpublishRelease(as, { id: releases.older.id, version: releases.older.version });
    await expect(open(visitor, images.shown)).rejects.toBeInstanceOf(UnauthenticatedError);
  });
});
