import { useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { usePortal } from "../../../components/dashboard/portal-context.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { uploadProblem } from "../../../lib/portal/media-choice.ts";
import { uploadFile } from "../../../lib/upload.ts";
import type { MediaFileDetails as Details } from "./queries.ts";
import { kindLabels, mediaTypes } from "./words.ts";

/** A new file in place of this one: the same kind, sent at once with its progress; the page then shows it. */
export function ReplaceFile({ file }: { file: Details }) {
  const id = useId();
  const { csrfToken } = usePortal();
  const revalidator = useRevalidator();
  const [state, setState] = useState<{ sending: boolean; sent: number; total: number; message: string | null }>({
    sending: false,
    sent: 0,
    total: 0,
    message: null,
  });
  const controller = useRef<AbortController | null>(null);

  async function replace(chosen: File | undefined) {
    if (!chosen) return;
    const problem = uploadProblem(chosen, mediaTypes);
    if (problem) {
      setState({ sending: false, sent: 0, total: 0, message: problem });
      return;
    }
    controller.current = new AbortController();
    setState({ sending: true, sent: 0, total: chosen.size, message: null });
    const answer = await uploadFile({
      url: `/uploads/media/${file.id}?version=${file.version}`,
      method: "PUT",
      file: chosen,
      csrfToken,
      signal: controller.current.signal,
      onProgress: (sent, total) => setState((current) => ({ ...current, sent, total })),
    });
    controller.current = null;
    if (answer === "cancelled") setState({ sending: false, sent: 0, total: 0, message: null });
    else if (!answer.ok) setState({ sending: false, sent: 0, total: 0, message: answer.message });
    else {
      setState({ sending: false, sent: 0, total: 0, message: null });
      await revalidator.revalidate();
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Replace the file
      </h3>
      <p className="text-base text-gray-700 dark:text-gray-300">
        Upload a new {kindLabels[file.kind].toLowerCase()} in its place. Everything that uses this file shows the new
        one; its name (unless you changed it), alt text and caption stay.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={id} className="sr-only">
          Choose the new file
        </label>
        <input
          id={id}
          type="file"
          disabled={state.sending}
          aria-invalid={state.message ? true : undefined}
          aria-describedby={state.message ? `${id}-error` : undefined}
          className="max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-gray-400 file:bg-white file:px-4 file:font-semibold file:text-gray-950 dark:file:border-gray-500 dark:file:bg-gray-900 dark:file:text-white"
          onChange={(event) => void replace(event.currentTarget.files?.[0])}
        />
        {state.sending ? (
          <Button variant="secondary" className="min-h-9 px-3 text-sm" onClick={() => controller.current?.abort()}>
            Cancel
          </Button>
        ) : null}
      </div>
      {state.sending ? (
        <progress
          max={state.total || 1}
          value={state.sent}
          aria-label={`Uploading the new ${kindLabels[file.kind].toLowerCase()}`}
          className="upload-progress h-1.5 w-full"
        />
      ) : null}
      <p role="status" className="sr-only">
        {state.sending ? "Uploading the new file…" : ""}
      </p>
      {state.message ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}
