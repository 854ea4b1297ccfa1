import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { media, mediaUses } from "../../db/schema/index.ts";
import { ValidationError } from "../core/errors.ts";
import { renderedFor, renderPool } from "../core/rendering.ts";
import { rowVersion } from "../core/fields.ts";
import { releaseEntity, releaseName, type Release } from "./entity.ts";
import { releaseFields, stableHasNoLabel } from "./fields.ts";
import { parseVersion, versionKey } from "./versions.ts";

type ReleaseInput = {
  product: Release["product"];
  channel: Release["channel"];
  versionNumber: string;
  releasedOn: string;
  notes: string;
  assetIds: string[];
};

/** What the activity log keeps of a release. */
function recorded(release: Release, assets?: string[]): Record<string, unknown> {
  return {
    product: release.product,
    channel: release.channel,
    versionNumber: release.versionNumber,
    releasedOn: release.releasedOn,
    published: release.publishedAt !== null,
    notes: release.notes,
    ...(assets ? { assets } : {}),
  };
}

/** A release's notes rendered (in the render pool, before the transaction), with the images they show. */
type RenderedNotes = { html: string; mediaIds: string[] };

function renderNotes(input: { notes: string }): Promise<RenderedNotes> {
  return renderedFor("notes", () => renderPool().renderNotes(input.notes));
}

/** The columns a release's input sets: its version's sort key and its notes as rendered. */
function columnsOf(input: ReleaseInput, notes: RenderedNotes) {
  const parsed = parseVersion(input.versionNumber);
  if (!parsed) throw new ValidationError({ versionNumber: "Write the version as major.minor.patch, like 5.2.1." });
  return {
    product: input.product,
    channel: input.channel,
    versionNumber: input.versionNumber,
    versionKey: versionKey(parsed),
    releasedOn: input.releasedOn,
    notes: input.notes,
    notesHtml: notes.html,
  };
}

/**
 * The release's uses of media files, replaced by these: its downloads, and the images its
 * notes show. Every file must exist; the names of those that do not are the message.
 */
async function setUses(tx: Database, releaseId: string, assetIds: string[], embedded: string[]): Promise<string[]> {
  const wanted = [...new Set([...assetIds, ...embedded])];
  const found = wanted.length
    ? await tx.select({ id: media.id, name: media.name }).from(media).where(inArray(media.id, wanted))
    : [];
  const known = new Set(found.map((file) => file.id));
  if (assetIds.some((asset) => !known.has(asset))) {
    throw new ValidationError({ assetIds: "One of the downloads is no longer in the media library: choose it again." });
  }
  if (embedded.some((image) => !known.has(image))) {
    throw new ValidationError({ notes: "The notes show an image that is no longer in the media library: remove it." });
  }
  await tx.delete(mediaUses).where(and(eq(mediaUses.ownerType, "release"), eq(mediaUses.ownerId, releaseId)));
  const rows = [
    ...assetIds.map((mediaId) => ({ mediaId, ownerType: "release", ownerId: releaseId, role: "asset" })),
    ...embedded.map((mediaId) => ({ mediaId, ownerType: "release", ownerId: releaseId, role: "embedded" })),
  ];
  if (rows.length > 0) await tx.insert(mediaUses).values(rows);
  const names = new Map(found.map((file) => [file.id, file.name]));
  return assetIds.map((asset) => names.get(asset) ?? asset);
}

/** A release is added as a draft. */
export const createRelease = releaseEntity.write({
  operation: "create",
  doing: "add releases",
  input: stableHasNoLabel(z.object(releaseFields)),
  stage: (_scope, input) => renderNotes(input),
  run: async (scope, input): Promise<Release> => {
    const created = await scope.insert({
      ...columnsOf(input, scope.staged),
      createdById: scope.actor.via === "system" ? null : scope.actor.id,
      createdAt: scope.now,
      updatedAt: scope.now,
    });
    const assets = await setUses(scope.tx, created.id, input.assetIds, scope.staged.mediaIds);
    await scope.audit({ row: created, after: recorded(created, assets) });
    return created;
  },
});

/** Replaces everything about a release, at the version the editor read; a published one stays published. */
export const updateRelease = releaseEntity.write({
  operation: "update",
  doing: "edit releases",
  input: stableHasNoLabel(z.object({ ...rowVersion, ...releaseFields })),
  stage: (_scope, input) => renderNotes(input),
  run: async (scope, input): Promise<Release> => {
    const { row: release } = await scope.target(input);
    const updated = await scope.update(input, columnsOf(input, scope.staged));
    const assets = await setUses(scope.tx, release.id, input.assetIds, scope.staged.mediaIds);
    if (updated.publishedAt) await checkPublishable(scope.tx, updated);
    await scope.audit({ row: updated, before: recorded(release), after: recorded(updated, assets) });
    return updated;
  },
});

/**
 * What a published release must have: notes, at least one download, and alt text on every
 * image its notes show. Each missing thing is a message at its field.
 */
async function checkPublishable(tx: Database, release: Release): Promise<void> {
  const uses = await tx
    .select({ role: mediaUses.role, name: media.name, kind: media.kind, alt: media.alt })
    .from(mediaUses)
    .innerJoin(media, eq(media.id, mediaUses.mediaId))
    .where(and(eq(mediaUses.ownerType, "release"), eq(mediaUses.ownerId, release.id)));
  const problems: Record<string, string> = {};
  if (release.notes.trim() === "")
    problems.notes = "Write the release notes before publishing: technicians read them first.";
  if (!uses.some((use) => use.role === "asset")) {
    problems.assetIds = "Add at least one download before publishing: the file the devices install.";
  }
  const withoutAlt = uses.filter((use) => use.role === "embedded" && use.kind === "image" && !use.alt);
  if (withoutAlt.length > 0 && !problems.notes) {
    problems.notes = `Give ${withoutAlt.map((use) => use.name).join(", ")} alt text in the media library first: the notes show ${withoutAlt.length === 1 ? "it" : "them"}.`;
  }
  if (Object.keys(problems).length > 0) {
    // The reasons are in the message too: a Publish button away from the form (the list's) shows only it.
    throw new ValidationError(
      problems,
      `${releaseName(release)} cannot be published yet. ${Object.values(problems).join(" ")}`,
    );
  }
}

export const publishRelease = releaseEntity.write({
  operation: "publish",
  doing: "publish releases",
  input: z.object(rowVersion),
  run: async (scope, input): Promise<Release> => {
    const { row: release, done } = await scope.target(input);
    if (done) return release;
    await checkPublishable(scope.tx, release);
    const updated = await scope.update(input, { publishedAt: scope.now });
    await scope.audit({ row: updated, before: { published: false }, after: { published: true } });
    return updated;
  },
});

/** Back to a draft: gone from the feeds and from viewers' lists at once. */
export const unpublishRelease = releaseEntity.write({
  operation: "unpublish",
  doing: "unpublish releases",
  input: z.object(rowVersion),
  run: async (scope, input): Promise<Release> => {
    const { row: release, done } = await scope.target(input);
    if (done) return release;
    const updated = await scope.update(input, { publishedAt: null });
    await scope.audit({ row: updated, before: { published: true }, after: { published: false } });
    return updated;
  },
});

/** Deletes a release; its files stay in the media library. */
export const deleteRelease = releaseEntity.write({
  operation: "delete",
  doing: "delete releases",
  input: z.object(rowVersion),
  run: async (scope, input): Promise<Release> => {
    const { row: release } = await scope.target(input);
    const deleted = await scope.remove(input);
    await scope.tx.delete(mediaUses).where(and(eq(mediaUses.ownerType, "release"), eq(mediaUses.ownerId, release.id)));
    await scope.audit({ row: deleted, before: recorded(release) });
    return deleted;
  },
});
