import type { ApiEnum } from "../../../lib/graphql.ts";
import type { UploadType } from "../../../lib/portal/media-choice.ts";

/** The media page's words for the API's values; each map names every value of its enum (a type checks it). */

export const kindLabels = {
  image: "Image",
  document: "PDF document",
  archive: "Archive",
} satisfies Record<ApiEnum<"MediaKind">, string>;

export const mediaSorts = {
  created: "Uploaded",
  name: "Name",
  size: "Size",
} satisfies Record<ApiEnum<"MediaSort">, string>;

export const viewLabels = { grid: "Grid", list: "List" } as const;
export type MediaView = keyof typeof viewLabels;

/** What the library takes, by the type a browser reports from a file's name, and the limit of each kind. */
const megabyte = 1024 * 1024;
export const mediaTypes: readonly UploadType[] = [
  {
    mimes: ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"],
    label: "image",
    maxBytes: 25 * megabyte,
  },
  { mimes: ["application/pdf"], label: "PDF", maxBytes: 100 * megabyte },
  {
    mimes: [
      "application/zip",
      "application/x-zip-compressed",
      "application/gzip",
      "application/x-gzip",
      "application/x-tar",
      "application/x-7z-compressed",
      "application/x-xz",
      "application/x-bzip2",
      "application/zstd",
    ],
    label: "archive",
    maxBytes: 2048 * megabyte,
  },
];

export const mediaHint =
  "Images (JPEG, PNG, WebP, GIF, AVIF) up to 25 MB, PDFs up to 100 MB, and archives (ZIP, gzip, tar, 7z, xz, bzip2, Zstandard) up to 2 GB. Several at once.";
