import { formatTime } from "../../../lib/format.ts";
import { buttonClasses } from "../../ui/button.tsx";
import type { KeptWork } from "./use-server-draft.ts";

/** Unsaved work of this writer's, kept on the server from another visit: restore it or discard it. */
export function KeptWorkOffer({
  offer,
  revision,
  onRestore,
  onDiscard,
}: {
  offer: KeptWork;
  /** The revision the editor holds now: work written against an older one says so. */
  revision: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-bdblue-300 bg-bdblue-50 px-4 py-3 text-sm dark:border-bdblue-800 dark:bg-bdblue-950/60">
      <p className="flex-1">
        You have unsaved work on this page from {formatTime(offer.savedAt)}
        {offer.baseRevision !== revision ? ", written against an older revision" : ""}.
      </p>
      <button type="button" className={buttonClasses("primary")} onClick={onRestore}>
        Restore it
      </button>
      <button type="button" className={buttonClasses("secondary")} onClick={onDiscard}>
        Discard it
      </button>
    </div>
  );
}
