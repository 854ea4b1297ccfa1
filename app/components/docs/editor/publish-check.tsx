import { buttonClasses } from "../../ui/button.tsx";
import { problemWords } from "./preview-pane.tsx";
import type { PreviewProblem } from "./use-live-preview.ts";

/**
 * Asked when Publish is pressed on a page with problems: what they are, and whether to
 * go back to them or publish all the same.
 */
export function PublishCheck({
  problems,
  onBack,
  onPublish,
}: {
  problems: readonly PreviewProblem[];
  onBack: () => void;
  onPublish: () => void;
}) {
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <p className="font-semibold">
        {problems.length === 1 ? "One thing" : `${problems.length} things`} on this page should be fixed before readers
        see it:
      </p>
      <ul className="list-disc pl-5">
        {problems.map((each, index) => (
          <li key={index}>{problemWords(each)}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClasses("secondary")} onClick={onBack}>
          Go back and fix them
        </button>
        <button type="button" className={buttonClasses("primary")} onClick={onPublish}>
          Publish anyway
        </button>
      </div>
    </div>
  );
}
