import { and, eq, isNotNull } from "drizzle-orm";
import { releases } from "../../db/schema/index.ts";
import { allow, hasRole, type Rule } from "../core/access.ts";
import { defineEntity, type RowVerdict } from "../core/entity.ts";

export type Release = typeof releases.$inferSelect;

const allowed = (): RowVerdict => "allowed";
const published = () => isNotNull(releases.publishedAt);

/**
 * Editors and admins read every release, drafts too; signed-in people the published ones;
 * anyone (the public feeds, for devices) the published stable ones.
 */
const readable: Rule = (actor) => {
  if (actor === null) return and(published(), eq(releases.channel, "stable")) ?? false;
  return hasRole(actor, "editor") ? true : published();
};

/** "v5 5.2.1", "v5 5.3.0-beta.2 (beta)": how a release is named in messages and the activity log. */
export function releaseName(release: Pick<Release, "product" | "versionNumber" | "channel">): string {
  return `${release.product} ${release.versionNumber}${release.channel === "beta" ? " (beta)" : ""}`;
}

/**
 * Software releases of each product. Editors and admins write them; every signed-in
 * person reads the published ones and downloads their files (each download recorded).
 */
export const releaseEntity = defineEntity({
  name: "release",
  plural: "Releases",
  table: releases,
  label: releaseName,
  notFound: "That release does not exist, or it is not published.",
  rules: {
    read: readable,
    create: allow.role("editor"),
    update: allow.role("editor"),
    publish: allow.role("editor"),
    unpublish: allow.role("editor"),
    delete: allow.role("editor"),
    download: allow.roleOrRows("editor", published),
  },
  rowChecks: {
    update: allowed,
    publish: (release) => (release.publishedAt ? "done" : "allowed"),
    unpublish: (release) => (release.publishedAt ? "allowed" : "done"),
    delete: allowed,
    download: allowed,
  },
  actions: {
    create: { words: "added the release", label: "Release added" },
    update: { words: "edited the release", label: "Release edited" },
    publish: { words: "published the release", label: "Release published" },
    unpublish: { words: "unpublished the release", label: "Release unpublished" },
    delete: { words: "deleted the release", label: "Release deleted" },
    download: { words: "downloaded a file of the release", label: "Release file downloaded" },
  },
  constraints: {
    releases_product_channel_version: (values) => ({
      versionNumber: `${values.product ?? "This product"} already has ${values.versionNumber ?? "that version"} on the ${values.channel ?? "same"} channel: give this release another version.`,
    }),
  },
});
