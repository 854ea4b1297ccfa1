import { useEffect, useState } from "react";
import { ApiRequestError } from "../../../lib/portal/api-client.ts";
import { portalApi } from "../../../lib/portal/api.ts";
import { DocPreviewQuery } from "./queries.ts";

export type PreviewProblem = { line: number | null; message: string };

export type LivePreview = {
  html: string;
  brokenLinks: string[];
  /** What a writer should fix before publishing: an empty heading or list item, an image readers do not see. */
  problems: PreviewProblem[];
  /** The text shown is older than what is typed (a request is on its way). */
  pending: boolean;
  error: string | null;
};

/** How long typing must pause before the page is rendered again. */
const pauseMs = 300;

/**
 * The side-by-side preview: the markdown rendered by the server's own docs pipeline (the
 * same as the published page, sanitized the same way), a moment after typing pauses. The
 * last good rendering stays up while the next one comes.
 */
export function useLivePreview(body: string): LivePreview {
  const [preview, setPreview] = useState<LivePreview>({
    html: "",
    brokenLinks: [],
    problems: [],
    pending: false,
    error: null,
  });
  useEffect(() => {
    let current = true;
    setPreview((previous) => ({ ...previous, pending: true }));
    const timer = window.setTimeout(() => {
      portalApi.request(DocPreviewQuery, { body }).then(
        (data) => {
          if (current) setPreview({ ...data.docPreview, pending: false, error: null });
        },
        (error: unknown) => {
          if (!current) return;
          const message =
            error instanceof ApiRequestError && error.errors[0]
              ? error.errors[0].message
              : "The preview could not be shown just now.";
          setPreview((previous) => ({ ...previous, pending: false, error: message }));
        },
      );
    }, pauseMs);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [body]);
  return preview;
}
