/**
 * What a file field takes, checked in the browser the moment a file is chosen, so no one
 * waits for megabytes to travel only to be told no. The server checks again, by the
 * file's content: `type` here comes from the file's name and proves nothing.
 */
export type FileRule = {
  /** What the file is called in messages: "picture", "document". */
  noun: string;
  /** The types taken, by MIME type, with the names people know them by. */
  types: readonly { mime: string; label: string }[];
  maxBytes: number;
};

/** The `accept` attribute: what the browser offers to pick. */
export function acceptAttribute(rule: FileRule): string {
  return rule.types.map((type) => type.mime).join(",");
}

/** "JPEG, PNG or WebP". */
export function typeNames(rule: FileRule): string {
  const names = rule.types.map((type) => type.label);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} or ${names.at(-1) ?? ""}`;
}

/** A size as people read it: "812 bytes", "42 KB", "4.8 MB" (1 KB = 1,024 bytes, as the limits are). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  const units = ["KB", "MB", "GB"] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${units[unit] ?? "GB"}`;
}

/**
 * What is wrong with a chosen file, or null when it may be sent. A file whose name gives
 * no type is let through: the server reads its content.
 */
export function fileProblem(file: { size: number; type: string }, rule: FileRule): string | null {
  if (file.size === 0) return `That file is empty: choose a ${rule.noun} with something in it.`;
  if (file.type !== "" && !rule.types.some((type) => type.mime === file.type)) {
    return `That file is not a ${typeNames(rule)} file: choose one that is.`;
  }
  if (file.size > rule.maxBytes) {
    return `That ${rule.noun} is larger than ${formatBytes(rule.maxBytes)}: choose a smaller one.`;
  }
  return null;
}
