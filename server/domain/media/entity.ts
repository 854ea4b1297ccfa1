import { media } from "../../db/schema/index.ts";
import { allow } from "../core/access.ts";
import { defineEntity, type RowVerdict } from "../core/entity.ts";

export type Media = typeof media.$inferSelect;

const allowed = (): RowVerdict => "allowed";

/** The media library: images, PDFs and archives that releases and docs use. Editors and admins keep it. */
export const mediaEntity = defineEntity({
  name: "media",
  plural: "Media",
  table: media,
  label: (file) => file.name,
  notFound: "That file does not exist, or it was deleted.",
  rules: {
    // Releases (the first to use files) widen this: a viewer opens the files of what they may read.
    read: allow.role("editor"),
    create: allow.role("editor"),
    update: allow.role("editor"),
    replace: allow.role("editor"),
    delete: allow.role("editor"),
  },
  rowChecks: {
    update: allowed,
    replace: allowed,
    delete: allowed,
  },
  actions: {
    create: { words: "uploaded", label: "File uploaded" },
    update: { words: "edited the details of", label: "File details edited" },
    replace: { words: "replaced the file of", label: "File replaced" },
    delete: { words: "deleted the file", label: "File deleted" },
  },
});
