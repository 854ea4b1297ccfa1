import {
  createRelease,
  deleteRelease,
  getPublicRelease,
  getRelease,
  latestReleases,
  listReleasePages,
  listReleaseAssets,
  listReleases,
  product,
  publishRelease,
  releaseChannel,
  releaseEntity,
  releaseName,
  unpublishRelease,
  updateRelease,
  type Release,
  type ReleaseAsset,
  type ReleasePage,
} from "../../domain/releases/index.ts";
import { builder } from "../builder.ts";
import { enumRef } from "../from-zod.ts";
import { mutationField, queryField, rowCapabilities } from "../operations.ts";
import { connectionType } from "./pagination.ts";
import { ReleaseRef } from "./refs.ts";

/** Where a release's file is downloaded (signed in; recorded once per person, file and UTC day, never a HEAD or a resumed range). */
export function releaseDownloadPath(releaseId: string, mediaId: string): string {
  return `/downloads/releases/${releaseId}/${mediaId}`;
}

const ReleaseCan = rowCapabilities<Release>(releaseEntity, (release) => release.id);

const ReleaseAssetType = builder.objectRef<ReleaseAsset>("ReleaseAsset").implement({
  description: "A file a release offers for download, with the SHA-256 to check it by.",
  fields: (t) => ({
    mediaId: t.exposeID("id", { description: "The file in the media library." }),
    name: t.exposeString("name"),
    contentType: t.exposeString("contentType"),
    size: t.exposeFloat("size", { description: "In bytes." }),
    sha256: t.exposeString("sha256", { description: "The SHA-256 of the file, in hex." }),
    downloadUrl: t.string({
      description:
        "Where to download it (signed in; recorded once per person, file and UTC day, never a HEAD or a resumed range).",
      resolve: (asset) => releaseDownloadPath(asset.releaseId, asset.id),
    }),
  }),
});

ReleaseRef.implement({
  description: "A software release of one product, on the stable or beta channel. A draft until published.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.string({
      description: "“v5 5.2.1”, “v5 5.3.0-beta.2 (beta)”.",
      resolve: (release) => releaseName(release),
    }),
    product: t.expose("product", { type: enumRef(product) }),
    channel: t.expose("channel", { type: enumRef(releaseChannel) }),
    versionNumber: t.exposeString("versionNumber", { description: "The software's semver version: 5.2.1." }),
    releasedOn: t.expose("releasedOn", { type: "Date" }),
    notes: t.exposeString("notes", { description: "Markdown, as written." }),
    notesHtml: t.exposeString("notesHtml", { description: "The notes rendered on the server and sanitized." }),
    published: t.boolean({ resolve: (release) => release.publishedAt !== null }),
    publishedAt: t.expose("publishedAt", { type: "DateTime", nullable: true }),
    assets: t.field({
      type: [ReleaseAssetType],
      resolve: (release, _args, context) => listReleaseAssets(context.domain, { ids: [release.id] }),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    version: t.exposeInt("version", {
      description: "Name it when you change this release: a newer one is a conflict.",
    }),
    can: t.field({ type: ReleaseCan, resolve: (release) => release }),
  }),
});

queryField("releases", {
  operation: listReleases,
  type: connectionType("Release", ReleaseRef),
  description: "Releases, the newest version first. Viewers see the published ones; editors and admins drafts too.",
});
queryField("latestReleases", {
  operation: latestReleases,
  type: [ReleaseRef],
  description: "The newest published release of each product on a channel (stable unless asked).",
});
queryField("release", { operation: getRelease, type: ReleaseRef });
queryField("publicRelease", {
  operation: getPublicRelease,
  type: ReleaseRef,
  description:
    "A published stable release by product and version, as its public page shows it to anyone; drafts and betas are not found.",
});

const ReleasePageType = builder.objectRef<ReleasePage>("ReleasePage").implement({
  description: "A published stable release's public page (/releases/{product}/{versionNumber}).",
  fields: (t) => ({
    product: t.expose("product", { type: enumRef(product) }),
    versionNumber: t.exposeString("versionNumber"),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});
queryField("releasePages", {
  operation: listReleasePages,
  type: [ReleasePageType],
  description: "Every published stable release's public page, newest first per product: what the sitemap lists.",
});

mutationField("createRelease", {
  operation: createRelease,
  type: ReleaseRef,
  description: "Adds a release as a draft: its notes in markdown, its downloads from the media library.",
});
mutationField("updateRelease", {
  operation: updateRelease,
  type: ReleaseRef,
  description: "Replaces everything about a release, at the version you read. A published one must stay publishable.",
});
mutationField("publishRelease", {
  operation: publishRelease,
  type: ReleaseRef,
  description: "Publishes it: it needs notes, a download, and alt text on every image its notes show.",
});
mutationField("unpublishRelease", { operation: unpublishRelease, type: ReleaseRef });
mutationField("deleteRelease", {
  operation: deleteRelease,
  type: ReleaseRef,
  description: "Deletes it; its files stay in the media library. Returns it as it was.",
});
