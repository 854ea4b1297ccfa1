import { CircleAlert, CircleCheck, FileUp, LoaderCircle, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { usePortal } from "../../../components/dashboard/portal-context.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { useFileDrag } from "../../../components/ui/file-drag.ts";
import { formatBytes } from "../../../lib/file-choice.ts";
import { uploadProblem } from "../../../lib/portal/media-choice.ts";
import { uploadFile } from "../../../lib/upload.ts";
import { mediaHint, mediaTypes } from "./words.ts";

type State = "waiting" | "uploading" | "processing" | "done" | "failed" | "cancelled";

type Item = {
  key: number;
  file: File;
  state: State;
  sent: number;
  /** What went wrong, in the server's words (or the browser's check). */
  message: string | null;
};

/** Files sent side by side: more would only share the same connection. */
const parallel = 2;

export type Uploaded = { media: { id: string; name: string } };

/**
 * The media library's upload zone: drop several files (or choose them), and each is
 * sent on its own with its progress, a Cancel button and its own error. Files are checked
 * here first (kind and size, by the name's type) and judged by the server by their bytes.
 * The native input covers the zone unseen, so it is a real, labelled file field for the
 * keyboard and for assistive technology.
 */
export function MediaUploader({ onUploaded }: { onUploaded: () => void }) {
  const id = useId();
  const { csrfToken } = usePortal();
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  // The queue as the sender sees it, at once (state is what the page shows, a render later).
  const queue = useRef<Item[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const nextKey = useRef(0);
  const controllers = useRef(new Map<number, AbortController>());
  const uploadedSince = useRef(0);
  const workers = useRef(0);

  const commit = (next: Item[]) => {
    queue.current = next;
    setItems(next);
  };
  const update = (key: number, change: Partial<Item>) =>
    commit(queue.current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const isActive = (item: Item) =>
    item.state === "waiting" || item.state === "uploading" || item.state === "processing";

  async function send(item: Item) {
    const controller = new AbortController();
    controllers.current.set(item.key, controller);
    update(item.key, { state: "uploading" });
    const answer = await uploadFile<Uploaded>({
      url: "/uploads/media",
      file: item.file,
      csrfToken,
      signal: controller.signal,
      onProgress: (sent, total) => update(item.key, { sent, state: sent >= total ? "processing" : "uploading" }),
    });
    controllers.current.delete(item.key);
    if (answer === "cancelled") {
      update(item.key, { state: "cancelled", message: null });
      setAnnouncement(`${item.file.name}: upload cancelled.`);
    } else if (answer.ok) {
      uploadedSince.current += 1;
      update(item.key, { state: "done", sent: item.file.size, message: null });
      setAnnouncement(`${item.file.name} uploaded.`);
    } else {
      update(item.key, { state: "failed", message: answer.message });
      setAnnouncement(`${item.file.name} was not uploaded: ${answer.message}`);
    }
  }

  /** Sends waiting files one after another until none wait. */
  async function work() {
    for (;;) {
      const next = queue.current.find((item) => item.state === "waiting");
      if (!next) return;
      await send(next);
    }
  }

  /** Up to `parallel` senders at a time; when the last one stops, the page shows what arrived. */
  function start() {
    while (workers.current < parallel) {
      workers.current += 1;
      void work().finally(() => {
        workers.current -= 1;
        if (workers.current === 0 && uploadedSince.current > 0) {
          uploadedSince.current = 0;
          onUploaded();
        }
      });
    }
  }

  function add(files: FileList | null) {
    if (!files || files.length === 0) return;
    const added = [...files].map((file): Item => {
      const problem = uploadProblem(file, mediaTypes);
      nextKey.current += 1;
      return { key: nextKey.current, file, state: problem ? "failed" : "waiting", sent: 0, message: problem };
    });
    commit([...queue.current, ...added]);
    const refused = added.filter((item) => item.state === "failed").length;
    setAnnouncement(
      `${added.length === 1 ? "1 file" : `${added.length} files`} added${refused > 0 ? `, ${refused} of them refused` : ""}.`,
    );
    // The input is emptied so that choosing the same file again is a change.
    if (input.current) input.current.value = "";
    start();
  }

  const { dragging, zoneProps } = useFileDrag(add);

  function cancel(item: Item) {
    const controller = controllers.current.get(item.key);
    if (controller) controller.abort();
    else update(item.key, { state: "cancelled" });
  }

  const finished = items.filter((item) => !isActive(item));
  const hintId = `${id}-hint`;

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h2 id={`${id}-title`} className="sr-only">
        Upload files
      </h2>
      <div
        data-file-drop={dragging ? "over" : "empty"}
        {...zoneProps}
        className={cn(
          "relative flex min-h-24 items-center gap-4 rounded-xl border-2 px-4 py-3 transition-colors",
          "has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-bdblue-600 dark:has-[input:focus-visible]:outline-bdblue-300",
          dragging
            ? "border-bdblue-600 bg-bdblue-50 dark:border-bdblue-300 dark:bg-bdblue-950"
            : "border-dashed border-gray-400 hover:border-bdblue-600 hover:bg-gray-50 dark:border-gray-500 dark:hover:border-bdblue-300 dark:hover:bg-gray-900",
        )}
      >
        <FileUp aria-hidden="true" className="size-8 shrink-0 text-gray-500 dark:text-gray-400" />
        <div className="grid min-w-0 gap-0.5">
          <label htmlFor={id} className="text-base font-semibold text-gray-950 dark:text-white">
            {dragging ? "Drop the files to upload them" : "Drop files here to upload them"}
            <span className="font-normal text-gray-700 dark:text-gray-300">
              {" "}
              or <span className="font-semibold text-bdblue-700 underline dark:text-bdblue-300">choose files</span>
            </span>
          </label>
          <p id={hintId} className="text-sm text-gray-600 dark:text-gray-300">
            {mediaHint}
          </p>
        </div>
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          aria-describedby={hintId}
          className="absolute inset-0 size-full cursor-pointer opacity-0"
          onChange={(event) => add(event.currentTarget.files)}
        />
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {items.length > 0 ? (
        <div className="grid gap-2">
          <ul aria-label="Uploads" className="grid gap-2">
            {items.map((item) => (
              <UploadRow key={item.key} item={item} onCancel={() => cancel(item)} />
            ))}
          </ul>
          {finished.length > 0 ? (
            <div>
              <Button
                variant="secondary"
                className="min-h-9 px-3 text-sm"
                onClick={() => commit(queue.current.filter(isActive))}
              >
                Clear {finished.length === 1 ? "the finished upload" : `${finished.length} finished uploads`}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

const stateWords: Record<State, string> = {
  waiting: "Waiting",
  uploading: "Uploading",
  processing: "Processing",
  done: "Uploaded",
  failed: "Not uploaded",
  cancelled: "Cancelled",
};

function UploadRow({ item, onCancel }: { item: Item; onCancel: () => void }) {
  const active = item.state === "waiting" || item.state === "uploading" || item.state === "processing";
  const percent = item.file.size > 0 ? Math.min(100, Math.round((item.sent / item.file.size) * 100)) : 0;
  const Icon =
    item.state === "done"
      ? CircleCheck
      : item.state === "failed"
        ? CircleAlert
        : item.state === "cancelled"
          ? X
          : LoaderCircle;
  return (
    <li
      data-upload-state={item.state}
      className={cn(
        "grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 rounded-lg border px-3 py-2",
        item.state === "failed"
          ? "border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950"
          : "border-gray-200 dark:border-gray-700",
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          "size-5",
          item.state === "done" && "text-emerald-700 dark:text-emerald-300",
          item.state === "failed" && "text-red-700 dark:text-red-300",
          active && "text-bdblue-700 motion-safe:animate-spin dark:text-bdblue-300",
          item.state === "cancelled" && "text-gray-600 dark:text-gray-400",
        )}
      />
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold wrap-anywhere text-gray-950 dark:text-white">{item.file.name}</span>
          <span className="text-gray-700 tabular-nums dark:text-gray-300">
            {formatBytes(item.file.size)} · {stateWords[item.state]}
            {item.state === "uploading" ? ` ${percent}%` : item.state === "processing" ? "…" : ""}
          </span>
        </p>
        {active ? (
          <progress
            max={item.file.size || 1}
            value={item.state === "waiting" ? 0 : item.sent}
            aria-label={`Uploading ${item.file.name}`}
            className="upload-progress h-1.5 w-full"
          />
        ) : null}
        {item.message ? <p className="text-sm font-medium text-red-800 dark:text-red-200">{item.message}</p> : null}
      </div>
      {active ? (
        <Button
          variant="secondary"
          className="min-h-9 px-3 text-sm"
          onClick={onCancel}
          aria-label={`Cancel the upload of ${item.file.name}`}
        >
          Cancel
        </Button>
      ) : (
        <span />
      )}
    </li>
  );
}
