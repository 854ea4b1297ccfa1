import { FileUp, ImageUp } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { acceptAttribute, fileProblem, formatBytes, type FileRule } from "../../lib/file-choice.ts";
import { cn } from "./cn.ts";
import { useFileDrag } from "./file-drag.ts";

/** The file in the field, as it was checked here. */
export type FileChoice = {
  file: File;
  /** What is wrong with it, said at once; null when it may be sent. */
  problem: string | null;
};

type Seen = FileChoice & {
  /** Still being read (a picture decoding): shown by name, not yet offered for sending. */
  checking: boolean;
  /** A data: address for the preview (the page's policy already allows those). */
  preview: string | null;
  width: number | null;
  height: number | null;
};

/** Before any file is chosen here, whatever the server said is shown. */
const notAnswered = Symbol("not answered");

/** Reads an image file into a preview, or says it cannot be read as one. */
async function readImage(file: File): Promise<{ preview: string; width: number; height: number } | null> {
  const preview = await new Promise<string | null>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
  if (preview === null) return null;
  const image = new Image();
  image.src = preview;
  try {
    await image.decode();
  } catch {
    return null;
  }
  return { preview, width: image.naturalWidth, height: image.naturalHeight };
}

/**
 * A file field people can drop a file on or click to choose one, that shows what was
 * chosen (a preview for pictures) and says at once what is wrong with it. The native
 * input stays in the form, with the label, hint and error tied to it: it covers the zone
 * unseen, so a click anywhere on it opens the picker, and keyboard focus on it rings the
 * zone. One file at a time: of several dropped, the first is taken.
 */
export function FileDrop({
  label,
  hint,
  name,
  rule,
  kind,
  error,
  errorKey = error,
  onChoice,
}: {
  label: string;
  hint: string;
  name: string;
  rule: FileRule;
  /** "image" shows a preview and checks that the browser can read the file as a picture. */
  kind: "image" | "file";
  /** The server's word about the last file sent. */
  error?: string | undefined;
  /**
   * Changes with each answer from the server (the action's failure), so a new answer shows
   * even when its words repeat. Without it, the same words again stay hidden.
   */
  errorKey?: unknown;
  onChoice?: (choice: FileChoice | null) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [seen, setSeen] = useState<Seen | null>(null);
  // The server's answer was about an earlier file once another is chosen.
  const [answered, setAnswered] = useState<unknown>(notAnswered);
  const reading = useRef(0);

  async function choose(file: File | undefined) {
    const turn = ++reading.current;
    setAnswered(errorKey);
    // Until the new file is checked, nothing is offered for sending (the input holds it already).
    onChoice?.(null);
    if (!file) {
      setSeen(null);
      return;
    }
    let next: Seen = {
      file,
      problem: fileProblem(file, rule),
      checking: false,
      preview: null,
      width: null,
      height: null,
    };
    if (next.problem === null && kind === "image") {
      setSeen({ ...next, checking: true });
      const image = await readImage(file);
      next = image
        ? { ...next, ...image }
        : { ...next, problem: `That file is not a ${rule.noun} this browser can read: choose another.` };
    }
    if (turn !== reading.current) return;
    setSeen(next);
    onChoice?.({ file: next.file, problem: next.problem });
  }

  // A file picked before the page's script ran is in the input already: check it now.
  useEffect(() => {
    const early = input.current?.files?.[0];
    if (early) void choose(early);
    // Once, on mount: `choose` is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Of several files dropped, the first is taken: the input holds one.
  const { dragging, zoneProps } = useFileDrag((files) => {
    const first = files[0];
    if (!first || !input.current) return;
    const one = new DataTransfer();
    one.items.add(first);
    input.current.files = one.files;
    void choose(first);
  });

  const shownError = seen?.problem ?? (answered === errorKey ? undefined : error);
  // Said aloud as it changes: what was chosen, and whether it can be sent.
  const status = !seen
    ? ""
    : seen.checking
      ? `Checking ${seen.file.name}…`
      : (seen.problem ?? `${seen.file.name}, ${formatBytes(seen.file.size)}: ready to upload.`);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const summaryId = `${id}-summary`;
  const ZoneIcon = kind === "image" ? ImageUp : FileUp;

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-base font-semibold text-gray-900 dark:text-gray-100">
        {label}
      </label>
      <p id={hintId} className="text-sm text-gray-600 dark:text-gray-300">
        {hint}
      </p>
      {/* The zone takes the drag, its border included; the input above covers the rest. */}
      <div
        data-file-drop={dragging ? "over" : seen ? "chosen" : "empty"}
        {...zoneProps}
        className={cn(
          "relative flex min-h-28 items-center gap-4 rounded-xl border-2 p-4 transition-colors",
          "has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-bdblue-600 dark:has-[input:focus-visible]:outline-bdblue-300",
          dragging
            ? "border-bdblue-600 bg-bdblue-50 dark:border-bdblue-300 dark:bg-bdblue-950"
            : shownError
              ? "border-red-600 dark:border-red-400"
              : seen
                ? "border-gray-300 dark:border-gray-700"
                : "border-dashed border-gray-400 hover:border-bdblue-600 hover:bg-gray-50 dark:border-gray-500 dark:hover:border-bdblue-300 dark:hover:bg-gray-900",
        )}
      >
        {seen?.preview ? (
          <img
            src={seen.preview}
            alt=""
            data-file-preview
            className="size-16 shrink-0 rounded-full object-cover ring-1 ring-gray-200 sm:size-20 dark:ring-gray-700"
          />
        ) : (
          <ZoneIcon aria-hidden="true" className="size-8 shrink-0 text-gray-500 dark:text-gray-400" />
        )}
        <div id={summaryId} className="grid min-w-0 gap-0.5 text-sm">
          {seen ? (
            <>
              <span className="font-semibold wrap-anywhere text-gray-950 dark:text-white">{seen.file.name}</span>
              <span className="text-gray-700 dark:text-gray-300">
                {formatBytes(seen.file.size)}
                {seen.width !== null && seen.height !== null ? ` · ${seen.width} × ${seen.height} px` : ""}
              </span>
              <span className="text-gray-600 dark:text-gray-400">
                Drop another file here, or click to choose again.
              </span>
            </>
          ) : (
            <>
              <span className="text-base font-semibold text-gray-950 dark:text-white">
                {dragging ? `Drop the ${rule.noun} to choose it` : `Drop a ${rule.noun} here`}
              </span>
              <span className="text-gray-700 dark:text-gray-300">
                or <span className="font-semibold text-bdblue-700 underline dark:text-bdblue-300">choose a file</span>{" "}
                from this device
              </span>
            </>
          )}
        </div>
        <input
          ref={input}
          id={id}
          type="file"
          name={name}
          accept={acceptAttribute(rule)}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={[hintId, seen ? summaryId : null, shownError ? errorId : null].filter(Boolean).join(" ")}
          className="absolute inset-0 size-full cursor-pointer opacity-0"
          onChange={(event) => void choose(event.currentTarget.files?.[0])}
        />
      </div>
      <p role="status" className="sr-only">
        {status}
      </p>
      {shownError ? (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}

/** Empties a FileDrop's input (after "Cancel"), telling it as a change would. */
export function clearFileInput(field: HTMLInputElement | null) {
  if (!field) return;
  field.value = "";
  field.dispatchEvent(new Event("change", { bubbles: true }));
  field.focus();
}
