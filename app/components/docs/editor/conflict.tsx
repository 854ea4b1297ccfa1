import { AlertTriangle } from "lucide-react";
import type { TextDiff } from "../../../lib/text-diff.ts";
import { buttonClasses } from "../../ui/button.tsx";
import { DiffView } from "../diff-view.tsx";

/**
 * A stale save (someone else saved in between): what they changed against what this
 * writer has, and the two ways on. Nothing is lost either way: the writer's text stays in
 * the editor (and in this browser's copy) until they choose.
 */
export function ConflictPanel({
  message,
  theirs,
  diff,
  titleChanged,
  onKeepMine,
  onTakeTheirs,
}: {
  message: string;
  theirs: { title: string; headRevision: number };
  diff: TextDiff;
  titleChanged: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  return (
    <section
      aria-labelledby="conflict-heading"
      className="grid gap-4 border-b border-amber-300 bg-amber-50 px-4 py-4 sm:px-6 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <div className="flex gap-3">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800 dark:text-amber-300" />
        <div className="grid gap-1">
          <h2 id="conflict-heading" tabIndex={-1} className="text-lg font-semibold text-amber-950 dark:text-amber-100">
            This page changed while you were writing
          </h2>
          <p className="text-sm text-amber-950 dark:text-amber-100">
            {message} Until you choose, it stays in the editor and in this browser.
            {titleChanged ? ` Their title is “${theirs.title}”.` : ""}
          </p>
        </div>
      </div>
      <div className="max-h-96 overflow-y-auto rounded-lg bg-white p-3 dark:bg-gray-950">
        <DiffView diff={diff} from={`their revision ${theirs.headRevision}`} to="your text" />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClasses("primary")} onClick={onKeepMine}>
          Save mine over theirs
        </button>
        <button type="button" className={buttonClasses("secondary")} onClick={onTakeTheirs}>
          Load their version (mine is copied to the clipboard)
        </button>
      </div>
    </section>
  );
}
