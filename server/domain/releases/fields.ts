import { z } from "zod";
import { releaseChannelEnum } from "../../db/schema/index.ts";
import { id, multiLine, oneLine } from "../core/fields.ts";
import { product } from "../core/product.ts";
import { parseVersion } from "./versions.ts";

export { product };

export const releaseChannel = z.enum(releaseChannelEnum.enumValues, { error: "Choose stable or beta." }).meta({
  id: "ReleaseChannel",
  description: "Stable releases go to every device; beta ones to sites that test them.",
});

export const versionNumber = oneLine("the version", { error: "Enter the version, like 5.2.1." })
  .trim()
  .min(1, "Enter the version, like 5.2.1.")
  .max(64, "Use at most 64 characters.")
  .refine(
    (value) => parseVersion(value) !== null,
    "Write the version as major.minor.patch, like 5.2.1 (a beta may add a label: 5.3.0-beta.2), without a leading v.",
  );

export const releaseFields = {
  product,
  channel: releaseChannel,
  versionNumber,
  releasedOn: z.iso.date("Enter the release date, like 2026-11-24."),
  notes: multiLine("the notes")
    .max(20_000, "Keep the notes under 20,000 characters: link to a PDF in the media library for more.")
    .default("")
    .describe("Markdown: what changed, for the technicians who install it."),
  assetIds: z
    .array(id)
    .max(20, "A release has at most 20 downloads.")
    .default([])
    .refine((list) => new Set(list).size === list.length, "Each download is listed once.")
    .describe("The release's downloads, from the media library."),
};

/** A stable release has no pre-release label (5.3.0, not 5.3.0-beta.1); checked once both fields read well. */
export function stableHasNoLabel<Schema extends z.ZodType<{ channel?: string; versionNumber?: string }>>(
  schema: Schema,
) {
  return schema.refine(
    (value) => value.channel !== "stable" || (parseVersion(value.versionNumber ?? "")?.prerelease.length ?? 0) === 0,
    {
      message: "A stable release has no pre-release label: use 5.3.0, or put 5.3.0-beta.1 on the beta channel.",
      path: ["versionNumber"],
      when: (payload) =>
        !payload.issues.some((issue) => ["channel", "versionNumber"].includes(String(issue.path?.[0]))),
    },
  );
}
