/**
 * What the portal accepts as an upload, judged by the file's bytes (file-type's magic
 * numbers), never by its name or the type the browser declared: OWASP's file-upload
 * cheat sheet. Each kind has its own size limit; a type not listed is refused.
 *
 * - images are decoded and written again by sharp (ADR 022), which drops their metadata
 *   (EXIF, GPS, XMP) and anything hidden behind the pixels;
 * - PDF documents (manuals, certificates, release notes for print);
 * - archives: how firmware and software are shipped to devices (a raw firmware image has
 *   no signature to check, so it travels inside one of these).
 *
 * SVG is refused: it is a document that can carry script, not a picture.
 */
export const uploadKinds = {
  image: {
    label: "image",
    maxBytes: 25 * 1024 * 1024,
    types: {
      "image/jpeg": "jpg",
      "image/png": "png",
      "image/webp": "webp",
      "image/gif": "gif",
      "image/avif": "avif",
    },
  },
  document: {
    label: "PDF document",
    maxBytes: 100 * 1024 * 1024,
    types: { "application/pdf": "pdf" },
  },
  archive: {
    label: "archive",
    maxBytes: 2 * 1024 * 1024 * 1024,
    types: {
      "application/zip": "zip",
      "application/gzip": "gz",
      "application/x-tar": "tar",
      "application/x-7z-compressed": "7z",
      "application/x-xz": "xz",
      "application/x-bzip2": "bz2",
      "application/zstd": "zst",
    },
  },
} as const satisfies Record<string, { label: string; maxBytes: number; types: Record<string, string> }>;

export type UploadKind = keyof typeof uploadKinds;
export const uploadKindNames = Object.keys(uploadKinds) as UploadKind[];

/** The kind and extension of a detected type, or undefined when the type is not accepted at all. */
export function kindOfType(mime: string): { kind: UploadKind; extension: string } | undefined {
  for (const kind of uploadKindNames) {
    const types: Readonly<Record<string, string>> = uploadKinds[kind].types;
    const extension = Object.hasOwn(types, mime) ? types[mime] : undefined;
    if (extension) return { kind, extension };
  }
  return undefined;
}

/** "25 MB", "2 GB": a limit as people read it. */
export function formatLimit(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  return gb >= 1 ? `${Number.isInteger(gb) ? gb : gb.toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;
}

/** What each accepted kind is, in a sentence, for the message that refuses something else. */
export function acceptedList(kinds: readonly UploadKind[]): string {
  const names: Record<UploadKind, string> = {
    image: "a JPEG, PNG, WebP, GIF or AVIF image",
    document: "a PDF",
    archive: "a ZIP, gzip, tar, 7z, xz, bzip2 or Zstandard archive",
  };
  const parts = kinds.map((kind) => names[kind]);
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} or ${parts.at(-1) ?? ""}`;
}

/** "an image", "a PDF document", "an archive". */
export function withArticle(label: string): string {
  return /^[aeiou]/i.test(label) ? `an ${label}` : `a ${label}`;
}
