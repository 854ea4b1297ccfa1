import { ExternalLink } from "lucide-react";
import { buttonClasses } from "../../ui/button.tsx";

/**
 * The editor's top line: the title, where the doc stands (status, revision, and whether
 * everything is saved, announced politely), and its actions: preview the page, save a
 * draft (the form's submit), publish.
 */
export function EditorHeader({
  title,
  titleError,
  onTitle,
  status,
  saveState,
  previewHref,
  saving,
  onPublish,
}: {
  title: string;
  titleError: string | undefined;
  onTitle: (title: string) => void;
  status: string;
  saveState: string;
  previewHref: string | null;
  saving: boolean;
  /** Null for someone who may not publish docs. */
  onPublish: (() => void) | null;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <div className="grid min-w-64 flex-1 gap-1">
        <label htmlFor="doc-title" className="sr-only">
          Title
        </label>
        <input
          id="doc-title"
          name="title"
          value={title}
          placeholder="Title"
          maxLength={120}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? "doc-title-error" : undefined}
          onChange={(event) => onTitle(event.target.value)}
          className="min-h-11 w-full rounded-md border border-transparent bg-transparent px-2 text-2xl font-bold tracking-tight placeholder:text-gray-500 hover:border-gray-300 focus:border-gray-500 dark:hover:border-gray-700"
        />
        {titleError ? (
          <p id="doc-title-error" className="px-2 text-sm font-medium text-red-700 dark:text-red-300">
            {titleError}
          </p>
        ) : null}
      </div>
      <p className="grid text-sm text-gray-700 dark:text-gray-300" aria-live="polite">
        <span className="font-medium text-gray-950 dark:text-white">{status}</span>
        <span>{saveState}</span>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {previewHref ? (
          <a href={previewHref} target="_blank" rel="noopener" className={buttonClasses("ghost")}>
            <ExternalLink aria-hidden="true" className="size-4" /> Preview page
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
        <button type="submit" disabled={saving} className={buttonClasses("secondary")}>
          Save draft
        </button>
        {onPublish ? (
          <button type="button" disabled={saving} onClick={onPublish} className={buttonClasses("primary")}>
            Publish
          </button>
        ) : null}
      </div>
    </div>
  );
}
