import { Readable } from "node:stream";
import { z } from "zod";
import { mediaKindEnum } from "../../db/schema/index.ts";
import { cleanedLine, controlCharacters, oneLine, optionalLine } from "../core/fields.ts";

export const mediaKind = z
  .enum(mediaKindEnum.enumValues, { error: "Choose a kind from the list: image, document or archive." })
  .meta({ id: "MediaKind", description: "What a file is, judged by its bytes." });
export type MediaKind = z.output<typeof mediaKind>;

/**
 * An uploaded file's bytes: a stream from the upload route (never held whole), or bytes
 * already in memory (seeding, tests).
 */
export const fileBody = z.custom<Readable | Uint8Array>(
  (value) => value instanceof Readable || value instanceof Uint8Array,
  { error: "Choose a file to upload." },
);

/**
 * A file's name as it arrived, cleaned into a name to list and download it under: no
 * folders (only what follows the last / or \), no control characters, at most 200
 * characters with the extension kept. Never part of where the file is stored.
 */
export const fileName = cleanedLine("the file's name", { error: "Give the file a name." })
  .transform((value) => (value.split(/[\\/]/).at(-1) ?? "").replace(controlCharacters, "").replace(/\s+/g, " ").trim())
  .transform((value) => {
    if (value.length <= 200) return value;
    const dot = value.lastIndexOf(".");
    const extension = dot > 0 && value.length - dot <= 10 ? value.slice(dot) : "";
    return `${value.slice(0, 200 - extension.length)}${extension}`;
  })
  .pipe(
    z
      .string()
      .min(1, "Give the file a name.")
      .refine((value) => !/^\.+$/.test(value), "Give the file a name."),
  );

export const mediaFields = {
  // A name a person types is refused, not cleaned, when it holds a control character.
  name: oneLine("the file's name", { error: "Give the file a name." }).pipe(fileName),
  alt: optionalLine("the alt text", 500).describe(
    "What an image shows, for people who cannot see it. Required before an image is used in a release or a doc.",
  ),
  caption: optionalLine("the caption", 1000),
};
