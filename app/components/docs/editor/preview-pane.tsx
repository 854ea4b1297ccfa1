import { AlertTriangle } from "lucide-react";
import type { ReactNode } from "react";
import { bodyLimit } from "../../../../shared/doc-paths.ts";
import type { LivePreview, PreviewProblem } from "./use-live-preview.ts";

/** A problem as the writer reads it: where, then what. */
export const problemWords = (problem: PreviewProblem) =>
  problem.line === null ? problem.message : `Line ${problem.line}: ${problem.message}`;

/** A warning above the preview: the page still saves. */
function Warning({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {children}
    </div>
  );
}

/**
 * The live preview beside the editor, rendered by the server's docs pipeline, with the
 * text's size against its limit, any links to docs that do not exist, and what should be
 * fixed before publishing (warnings: the page still saves).
 */
export function PreviewPane({ body, title, preview }: { body: string; title: string; preview: LivePreview }) {
  const words = body.trim() ? body.trim().split(/\s+/).length : 0;
  return (
    <section
      aria-labelledby="preview-heading"
      className="flex min-h-[28rem] flex-col bg-gray-50/60 lg:min-h-0 dark:bg-gray-900/40"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 px-4 py-2 text-sm dark:border-gray-800">
        <h2 id="preview-heading" className="font-semibold">
          Preview
        </h2>
        <p className="text-gray-700 dark:text-gray-300" aria-live="polite">
          {preview.pending ? "Updating… · " : ""}
          {words.toLocaleString("en-US")} words · {body.length.toLocaleString("en-US")} of{" "}
          {bodyLimit.toLocaleString("en-US")} characters
        </p>
      </div>
      {preview.brokenLinks.length > 0 ? (
        <Warning>
          <p>
            {preview.brokenLinks.length === 1 ? "A link goes" : "Links go"} to docs that do not exist:{" "}
            {preview.brokenLinks.join(", ")}. The page still saves; readers would find nothing there.
          </p>
        </Warning>
      ) : null}
      {preview.problems.length > 0 ? (
        <Warning>
          <div>
            <p className="font-semibold">Fix before publishing:</p>
            <ul className="list-disc pl-5">
              {preview.problems.map((problem, index) => (
                <li key={index}>{problemWords(problem)}</li>
              ))}
            </ul>
          </div>
        </Warning>
      ) : null}
      {preview.error ? <p className="px-4 py-2 text-sm text-red-700 dark:text-red-300">{preview.error}</p> : null}
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-6 sm:px-8">
        <h1 className="text-3xl font-bold tracking-tight text-gray-950 dark:text-white">{title || "Untitled"}</h1>
        <div className="prose-docs mt-6" dangerouslySetInnerHTML={{ __html: preview.html }} />
      </div>
    </section>
  );
}
