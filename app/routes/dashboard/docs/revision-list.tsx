import { GitCompareArrows } from "lucide-react";
import { Link } from "react-router";
import { ConfirmForm } from "../../../components/dashboard/confirm-form.tsx";
import { RelativeTime } from "../../../components/dashboard/relative-time.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { StatusPill } from "../../../components/ui/status-pill.tsx";
import { formatDate } from "../../../lib/format.ts";
import type { ResultOf } from "../../../lib/graphql.ts";
import { linkClasses } from "./doc-row.tsx";
import type { DocHistoryQuery } from "./queries.ts";
import { eventLabels } from "./words.ts";

type History = ResultOf<typeof DocHistoryQuery>;
export type Revision = History["docRevisions"][number];
type Doc = History["doc"];

/** How a revision came to be, in words: "Saved", "Restored from revision 3". */
function revisionEvent(revision: Pick<Revision, "event" | "restoredFrom">): string {
  return revision.event === "restored" && revision.restoredFrom !== null
    ? `Restored from revision ${revision.restoredFrom}`
    : eventLabels[revision.event];
}

/**
 * The doc's revisions, newest first: how each came to be, who wrote it and when, which
 * one readers see; to compare each with the one before, and to bring an earlier one back.
 */
export function RevisionList({
  doc,
  revisions,
  now,
  pair,
}: {
  doc: Doc;
  revisions: readonly Revision[];
  now: string;
  pair: { from: number; to: number } | null;
}) {
  const numbers = revisions.map((revision) => revision.number).sort((a, b) => a - b);
  return (
    <ol className="grid gap-2">
      {revisions.map((revision) => {
        const previous = numbers.filter((number) => number < revision.number).at(-1);
        const live = doc.publishedRevision === revision.number;
        const compared = pair?.from === revision.number ? "Before" : pair?.to === revision.number ? "After" : null;
        return (
          <li
            key={revision.id}
            aria-labelledby={`revision-${revision.number}`}
            className={cn(
              "grid gap-2 rounded-lg border bg-white px-3 py-2.5 dark:bg-gray-900",
              compared ? "border-bdblue-400 dark:border-bdblue-500" : "border-gray-200 dark:border-gray-800",
            )}
          >
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <h3 id={`revision-${revision.number}`} className="text-sm font-semibold">
                Revision {revision.number}
              </h3>
              <span className="text-sm text-gray-700 dark:text-gray-300">{revisionEvent(revision)}</span>
              {live ? <StatusPill tone="green">Published now</StatusPill> : null}
              {revision.number === doc.headRevision ? <StatusPill tone="gray">Latest</StatusPill> : null}
              {compared ? <StatusPill tone="blue">{`Compared: ${compared.toLowerCase()}`}</StatusPill> : null}
            </div>
            <p className="text-sm text-gray-700 dark:text-gray-300">
              {revision.author ? `${revision.author.name} · ` : null}
              <RelativeTime iso={revision.createdAt} now={now} />
              {revision.publishedAt && !live ? ` · was published ${formatDate(revision.publishedAt)}` : null}
            </p>
            {revision.title !== doc.title ? (
              <p className="text-sm wrap-anywhere text-gray-700 dark:text-gray-300">Titled “{revision.title}”</p>
            ) : null}
            <div className="flex flex-wrap items-center gap-1">
              {previous !== undefined ? (
                <Link to={`?from=${previous}&to=${revision.number}#compare`} className={cn(linkClasses, "-ml-2.5")}>
                  <GitCompareArrows aria-hidden="true" className="size-4" /> Compare with revision {previous}
                </Link>
              ) : null}
              {doc.can.restoreRevision && revision.number !== doc.headRevision ? (
                <ConfirmForm
                  fields={{ intent: "restoreRevision", id: doc.id, version: doc.version, number: revision.number }}
                  label="Restore"
                  accessibleLabel={`Restore revision ${revision.number}`}
                  variant="secondary"
                  danger={false}
                  pendingLabel="Restoring…"
                  title={`Restore revision ${revision.number}?`}
                  description={`Its title, description and words become revision ${doc.headRevision + 1}, the latest. Revision ${doc.headRevision} stays in the history${
                    doc.publishedRevision ? `, and readers see revision ${doc.publishedRevision} until you publish` : ""
                  }.`}
                  confirmLabel="Restore as a new revision"
                />
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
