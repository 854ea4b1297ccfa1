import type { Media } from "./entity.ts";

/**
 * Where a file of the library is served: `/media/<id>/<folder>/<variant>`. The folder
 * changes when the file is replaced, so each address names one file for good.
 */
export function mediaUrl(file: Pick<Media, "id" | "folder">, variant: string): string {
  return `/media/${file.id}/${file.folder.slice("media/".length)}/${variant}`;
}
