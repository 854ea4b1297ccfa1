import { ApiRequestError } from "../../../lib/portal/api-client.ts";
import { portalApi } from "../../../lib/portal/api.ts";
import { uploadFile } from "../../../lib/upload.ts";
import { SetImageAlt } from "./queries.ts";

/**
 * Putting an image into the media library from the editor: the upload (the library
 * judges the file by its bytes and strips its metadata) and the alt text publishing
 * needs. The media dialog and dropped or pasted pictures both go through here; it loads
 * with them, on first use.
 */

export type LibraryImage = { id: string; name: string; version: number; thumbnailUrl: string | null };

/** Sends `file` to the library: the image it became, or the server's sentence, or "cancelled". */
export async function uploadImage(options: {
  file: File;
  csrfToken: string;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}): Promise<{ ok: true; image: LibraryImage } | { ok: false; message: string } | "cancelled"> {
  const answer = await uploadFile<{ media: LibraryImage }>({
    url: "/uploads/media",
    file: options.file,
    csrfToken: options.csrfToken,
    onProgress: (sent, total) => options.onProgress(Math.round((sent / total) * 100)),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (answer === "cancelled") return answer;
  return answer.ok ? { ok: true, image: answer.value.media } : { ok: false, message: answer.message };
}

/** Gives a library image its alt text: nothing when it was saved, else the sentence saying why not. */
export async function saveAltText(
  image: LibraryImage & { caption: string | null },
  alt: string,
): Promise<string | undefined> {
  try {
    await portalApi.request(SetImageAlt, {
      input: { id: image.id, version: image.version, name: image.name, alt, caption: image.caption },
    });
    return undefined;
  } catch (error) {
    const message = error instanceof ApiRequestError ? error.errors[0]?.message : undefined;
    return message ?? "The image's alt text could not be saved in the library. Try again.";
  }
}

/** Why alt text is asked for, when it is left empty. */
export const altTextNeeded = "Say what the image shows: readers who cannot see it hear this instead.";
