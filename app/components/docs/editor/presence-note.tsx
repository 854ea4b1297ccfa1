import { formatTime } from "../../../lib/format.ts";
import type { EditorStateAnswer } from "./answers.ts";

type Presence = Extract<EditorStateAnswer, { outcome: "presence" }>;

/**
 * Who else has the page open, and a save made since this writer's revision (ADR 039), as one
 * polite sentence; nothing when neither is so.
 */
export function PresenceNote({ presence, revision }: { presence: Presence | null; revision: number }) {
  if (!presence) return null;
  const { others, head } = presence;
  const here =
    others.length > 0
      ? `${others.map((other) => `${other.name} (since ${formatTime(other.since)})`).join(", ")} ${
          others.length === 1 ? "also has" : "also have"
        } this page open.`
      : null;
  const saved =
    head.revision > revision
      ? `${head.savedBy ?? "Someone"} saved revision ${head.revision} at ${formatTime(head.savedAt)}: your next save merges it with your work.`
      : null;
  if (!here && !saved) return null;
  return (
    <p
      role="status"
      className="rounded-lg border border-gray-300 bg-gray-50 px-4 py-2 text-sm text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
    >
      {[here, saved].filter(Boolean).join(" ")}
    </p>
  );
}
