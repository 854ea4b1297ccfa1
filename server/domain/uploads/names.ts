/**
 * A file's name as it is listed and downloaded, made to tell the truth about the file:
 * it ends in the extension of the type its bytes were judged to be, so a PDF named
 * `notes.html` is saved by a browser as `notes.html.pdf` and opened as a PDF, never run
 * as a page. Names that already end in the type's extension, or a common other spelling
 * of it (`.jpeg`, `.tgz`), are kept as they are.
 */
const spellings: Readonly<Record<string, readonly string[]>> = {
  jpg: ["jpg", "jpeg", "jpe", "jfif"],
  gz: ["gz", "tgz", "gzip"],
  bz2: ["bz2", "tbz", "tbz2"],
  xz: ["xz", "txz"],
  zst: ["zst", "zstd", "tzst"],
  avif: ["avif"],
  gif: ["gif"],
  png: ["png"],
  webp: ["webp"],
  pdf: ["pdf"],
  zip: ["zip"],
  tar: ["tar"],
  "7z": ["7z"],
};

/**
 * The name, ending in `extension` (the detected type's, without its dot). A name that
 * ends in `replacing`'s extension (the original's, for a thumbnail or size made from it
 * in another format) has that extension swapped rather than added to.
 */
export function nameForType(name: string, extension: string, replacing?: string): string {
  const dot = name.lastIndexOf(".");
  const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  if (spellingsOf(extension).includes(current)) return name;
  if (replacing && spellingsOf(replacing).includes(current)) return `${name.slice(0, dot)}.${extension}`;
  return `${name}.${extension}`;
}

function spellingsOf(extension: string): readonly string[] {
  return spellings[extension] ?? [extension];
}
