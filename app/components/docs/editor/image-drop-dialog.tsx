import { useEffect, useRef, useState, type SyntheticEvent } from "react";
import { formatBytes } from "../../../lib/file-choice.ts";
import { buttonClasses } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Field, FormAlert } from "../../ui/field.tsx";
import type { TextPlace } from "./codemirror.ts";
import { altTextNeeded, saveAltText, uploadImage, type LibraryImage } from "./media-upload.ts";
import { imageMarkdown } from "./tools.ts";

/** A picture dropped on the text or pasted into it, waiting for its alt text. */
export type DroppedImage = {
  id: number;
  file: File;
  place: TextPlace;
  how: "dropped" | "pasted";
  /** Its place among the files that came together: 1 of 3. */
  number: number;
  of: number;
};

type Preview = { state: "reading" } | { state: "read"; src: string } | { state: "unreadable" };

/** Reads a picture into a data: address (the page's policy allows those; blob: addresses it does not). */
function usePreview(file: File): Preview {
  const [preview, setPreview] = useState<Preview>({ state: "reading" });
  useEffect(() => {
    const reader = new FileReader();
    reader.onload = () =>
      setPreview(typeof reader.result === "string" ? { state: "read", src: reader.result } : { state: "unreadable" });
    reader.onerror = () => setPreview({ state: "unreadable" });
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return preview;
}

/**
 * One dropped or pasted picture: it is shown, its alt text asked for (publishing needs
 * it), and on "Upload and insert" it goes into the media library with that alt text and
 * into the text where it was dropped. The server's refusal is said here, and the picture
 * can be skipped; closing the dialog skips it and any still waiting after it.
 */
function DroppedImageForm({
  item,
  opensDialog,
  csrfToken,
  onInserted,
  onSkip,
}: {
  item: DroppedImage;
  /** The first picture of the dialog: the dialog focuses its field when it opens. */
  opensDialog: boolean;
  csrfToken: string;
  onInserted: (markdown: string) => void;
  onSkip: () => void;
}) {
  const preview = usePreview(item.file);
  const [broken, setBroken] = useState(false);
  const [alt, setAlt] = useState("");
  const [altError, setAltError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  // Kept once sent, so a second try after a refused alt text does not upload it again.
  const [uploaded, setUploaded] = useState<LibraryImage | null>(null);
  const stop = useRef<AbortController | null>(null);
  const altField = useRef<HTMLInputElement>(null);
  const busy = progress !== null;

  useEffect(() => {
    // The next picture in the same dialog starts at its own alt text, as the first did
    // (the dialog put focus there itself, and noted where it came from, for the first).
    if (!opensDialog) altField.current?.focus();
    return () => stop.current?.abort();
    // Once, when this picture's form appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    // The editor's own form is this one's parent in React's tree: it must not save.
    event.preventDefault();
    event.stopPropagation();
    if (busy) return;
    const written = alt.trim();
    setProblem(undefined);
    if (!written) {
      setAltError(altTextNeeded);
      altField.current?.focus();
      return;
    }
    setAltError(undefined);
    let image = uploaded;
    if (!image) {
      stop.current = new AbortController();
      setProgress(0);
      const answer = await uploadImage({
        file: item.file,
        csrfToken,
        onProgress: setProgress,
        signal: stop.current.signal,
      });
      if (answer === "cancelled") return;
      if (!answer.ok) {
        setProgress(null);
        return setProblem(answer.message);
      }
      image = answer.image;
      setUploaded(image);
    }
    setProgress(100);
    const refused = await saveAltText({ ...image, caption: null }, written);
    setProgress(null);
    if (refused) return setProblem(refused);
    onInserted(imageMarkdown(image.id, written));
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:items-start">
        <div className="mx-auto grid aspect-[4/3] w-full max-w-60 place-items-center overflow-hidden rounded-lg border border-gray-200 bg-gray-50 dark:border-gray-700 dark:bg-gray-950">
          {preview.state === "unreadable" || broken ? (
            <p className="p-2 text-center text-sm text-gray-700 dark:text-gray-300">
              This browser cannot show this file as a picture.
            </p>
          ) : preview.state === "read" ? (
            // The person has not said what it shows yet: the file's name below names it.
            <img
              src={preview.src}
              alt=""
              onError={() => setBroken(true)}
              className="max-h-full max-w-full object-contain"
            />
          ) : null}
        </div>
        <p className="text-sm break-words text-gray-700 dark:text-gray-300">
          <span className="font-semibold text-gray-950 dark:text-white">{item.file.name || "Pasted picture"}</span>
          <br />
          {formatBytes(item.file.size)}
          {item.of > 1 ? ` · image ${item.number} of ${item.of}` : ""}
        </p>
      </div>
      <Field
        ref={altField}
        label="Alt text"
        hint="What the image shows, for readers who cannot see it. Publishing needs it."
        value={alt}
        maxLength={300}
        required
        error={altError}
        onChange={(event) => setAlt(event.target.value)}
      />
      <FormAlert message={problem} />
      {progress !== null ? (
        <div className="grid gap-1.5">
          <p id={`upload-${item.id}`} className="text-sm text-gray-700 dark:text-gray-300">
            {progress < 100 ? `Uploading… ${progress}%` : "Saving the alt text…"}
          </p>
          <progress
            aria-labelledby={`upload-${item.id}`}
            max={100}
            value={progress}
            className="upload-progress h-1.5 w-full"
          />
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className={buttonClasses("secondary")}
          onClick={() => {
            stop.current?.abort();
            onSkip();
          }}
        >
          {item.number < item.of ? "Skip this image" : busy ? "Stop and skip it" : "Cancel"}
        </button>
        <button type="submit" className={buttonClasses("primary")} aria-disabled={busy || undefined}>
          Upload and insert
        </button>
      </div>
    </form>
  );
}

/** The dialog for dropped and pasted pictures, one at a time, in the order they came. */
export default function ImageDropDialog({
  queue,
  csrfToken,
  onDone,
  onCloseAll,
}: {
  queue: readonly DroppedImage[];
  csrfToken: string;
  /** The first in the queue was inserted (with its markdown) or skipped (null). */
  onDone: (item: DroppedImage, markdown: string | null) => void;
  onCloseAll: () => void;
}) {
  const item = queue[0];
  const [first] = useState(item?.id);
  if (!item) return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onCloseAll())}
      title={item.how === "dropped" ? "Insert the dropped image" : "Insert the pasted image"}
      description={`It goes into the media library, then into the text where it was ${item.how}.`}
    >
      <DroppedImageForm
        key={item.id}
        item={item}
        opensDialog={item.id === first}
        csrfToken={csrfToken}
        onInserted={(markdown) => onDone(item, markdown)}
        onSkip={() => onDone(item, null)}
      />
    </Dialog>
  );
}
