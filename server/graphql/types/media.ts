import {
  deleteMedia,
  getMedia,
  listMedia,
  listMediaUploaders,
  listMediaUses,
  mediaEntity,
  mediaUrl,
  mediaKind,
  updateMedia,
  type Media,
  type Uploader,
} from "../../domain/media/index.ts";
import { getReleasesByIds, releaseName } from "../../domain/releases/index.ts";
import { builder } from "../builder.ts";
import { enumRef } from "../from-zod.ts";
import { mutationField, queryField, rowCapabilities } from "../operations.ts";
import { connectionType } from "./pagination.ts";
import { MediaRef } from "./refs.ts";

const MediaCan = rowCapabilities<Media>(mediaEntity, (file) => file.id);

const MediaUseType = builder.objectRef<{ ownerType: string; ownerId: string; role: string }>("MediaUse").implement({
  description: "Something that uses a file: a release (as a download, or an image in its notes), later a doc.",
  fields: (t) => ({
    ownerType: t.exposeString("ownerType", { description: "The entity that uses it: release." }),
    ownerId: t.exposeID("ownerId"),
    ownerLabel: t.string({
      nullable: true,
      description: "What uses it, by name (“v5 5.2.1”), when the reader may see it.",
      resolve: async (use, _args, context) => {
        if (use.ownerType !== "release") return null;
        const [release] = await getReleasesByIds(context.domain, { ids: [use.ownerId] });
        return release ? releaseName(release) : null;
      },
    }),
    role: t.exposeString("role", { description: "asset (a download) or embedded (shown in text)." }),
  }),
});

const UploaderType = builder.objectRef<Uploader>("MediaUploader").implement({
  description: "Someone who uploaded a file, as the library names them.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
  }),
});

const ImageSizeType = builder.objectRef<{ width: number; avif: string; webp: string }>("MediaImageSize").implement({
  description: "One responsive size of an image, in both formats.",
  fields: (t) => ({
    width: t.exposeInt("width"),
    avif: t.exposeString("avif", { description: "Its address as AVIF." }),
    webp: t.exposeString("webp", { description: "Its address as WebP." }),
  }),
});

MediaRef.implement({
  description:
    "A file in the media library: an image, a PDF or an archive. Its type is judged by its bytes; images are written again without their metadata.",
  fields: (t) => ({
    id: t.exposeID("id"),
    kind: t.expose("kind", { type: enumRef(mediaKind) }),
    name: t.exposeString("name", { description: "The name it is listed and downloaded under." }),
    originalName: t.exposeString("originalName", { description: "The file's name as it was uploaded." }),
    contentType: t.exposeString("contentType", { description: "Detected from the bytes." }),
    size: t.exposeFloat("size", { description: "In bytes." }),
    sha256: t.exposeString("sha256", { description: "The SHA-256 of the file, in hex." }),
    width: t.exposeInt("width", { nullable: true }),
    height: t.exposeInt("height", { nullable: true }),
    alt: t.exposeString("alt", { nullable: true }),
    caption: t.exposeString("caption", { nullable: true }),
    needsAlt: t.boolean({
      description: "An image without alt text: it may not be used until it has some.",
      resolve: (file) => file.kind === "image" && !file.alt,
    }),
    url: t.string({
      description: "The file itself (images inline, anything else as a download). Signed-in readers only.",
      resolve: (file) => mediaUrl(file, "original"),
    }),
    thumbnailUrl: t.string({
      nullable: true,
      description: "An image's thumbnail (WebP, 400 px at most a side).",
      resolve: (file) => (file.kind === "image" ? mediaUrl(file, "thumb") : null),
    }),
    sizes: t.field({
      type: [ImageSizeType],
      description: "An image's responsive sizes, narrowest first (none for one narrower than 640 px).",
      resolve: (file) =>
        file.variantWidths.map((width) => ({
          width,
          avif: mediaUrl(file, `w${width}.avif`),
          webp: mediaUrl(file, `w${width}.webp`),
        })),
    }),
    uploadedBy: t.field({
      type: UploaderType,
      nullable: true,
      description: "Who uploaded it (null once their account is gone).",
      resolve: (file, _args, context) => context.loaders.mediaUploader.load(file.id),
    }),
    uses: t.field({
      type: [MediaUseType],
      description: "Where it is used. A file in use is deleted only when forced.",
      resolve: (file, _args, context) => listMediaUses(context.domain, { ids: [file.id] }),
    }),
    fileUploadedAt: t.expose("fileUploadedAt", {
      type: "DateTime",
      description: "When the current file was uploaded.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    version: t.exposeInt("version", { description: "Name it when you change this file: a newer one is a conflict." }),
    can: t.field({ type: MediaCan, resolve: (file) => file }),
  }),
});

queryField("media", {
  operation: listMedia,
  type: connectionType("Media", MediaRef),
  description:
    "The media library (editors and admins). Upload files with POST /uploads/media (see docs/api.md), not through GraphQL.",
});
queryField("mediaFile", { operation: getMedia, type: MediaRef });
queryField("mediaUploaders", {
  operation: listMediaUploaders,
  type: [UploaderType],
  description: "People who uploaded files to the library, by part of their name or address (the uploader filter).",
});

mutationField("updateMedia", {
  operation: updateMedia,
  type: MediaRef,
  description: "Its name, alt text and caption, at the version you read.",
});
mutationField("deleteMedia", {
  operation: deleteMedia,
  type: MediaRef,
  description: "Deletes it and its file. A file in use is refused unless force is true. Returns it as it was.",
});
