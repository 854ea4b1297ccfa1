import { formatBytes } from "../file-choice.ts";

/** A kind of file an upload takes, by the type a browser reports from the file's name. */
export type UploadType = { mimes: readonly string[]; label: string; maxBytes: number };

/**
 * What is wrong with a file chosen for a multi-kind upload, said before a byte is sent,
 * or null. A file whose name gives no type (or one the browser does not know) is let
 * through: the server reads its content and decides.
 */
export function uploadProblem(file: { size: number; type: string }, types: readonly UploadType[]): string | null {
  if (file.size === 0) return "That file is empty.";
  if (file.type === "") return null;
  const kind = types.find((candidate) => candidate.mimes.includes(file.type));
  if (!kind) {
    if (file.type === "image/svg+xml") return "SVG drawings can carry scripts, so the library does not take them.";
    return `The library does not take this kind of file (${file.type}).`;
  }
  if (file.size > kind.maxBytes) {
    return `That ${kind.label} is larger than ${formatBytes(kind.maxBytes)}, the limit for one.`;
  }
  return null;
}
