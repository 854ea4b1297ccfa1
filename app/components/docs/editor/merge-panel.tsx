import { AlertTriangle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { formatTime } from "../../../lib/format.ts";
import {
  mergedFields,
  mergedText,
  type ConflictHunk,
  type HunkChoice,
  type MergedField,
} from "../../../lib/docs/merge-hunks.ts";
import type { EditorAnswer } from "./answers.ts";
import { buttonClasses } from "../../ui/button.tsx";

type Merge = Extract<EditorAnswer, { outcome: "merge" }>;

const takes = [
  { take: "mine", label: "Keep yours" },
  { take: "theirs", label: "Keep theirs" },
  { take: "both", label: "Keep both, theirs first" },
  { take: "edit", label: "Write it yourself" },
] as const;

function Lines({ lines, label }: { lines: readonly string[]; label: string }) {
  return (
    <div className="grid min-w-0 gap-1">
      <p className="text-xs font-semibold tracking-wide text-gray-700 uppercase dark:text-gray-300">{label}</p>
      <pre className="max-h-48 overflow-auto rounded-md border border-gray-200 bg-white p-2 font-mono text-sm whitespace-pre-wrap text-gray-900 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100">
        {lines.length === 0 ? (
          <em className="font-sans text-gray-600 dark:text-gray-400">(nothing: removed)</em>
        ) : (
          lines.join("\n")
        )}
      </pre>
    </div>
  );
}

/**
 * The three-way merge of a stale save (ADR 039): what was merged by itself is already in,
 * and each place both people changed is settled here: yours, theirs, both, or written
 * anew. Until "Save the merged page", nothing is saved and the editor keeps what was typed.
 * Loaded only when a merge needs someone's decision.
 */
export default function MergePanel({
  merge,
  onSave,
  onCancel,
}: {
  merge: Merge;
  onSave: (body: string, values: Record<MergedField, string>) => void;
  onCancel: () => void;
}) {
  const conflicts = merge.hunks.filter((hunk): hunk is ConflictHunk => hunk.kind === "conflict");
  const [choices, setChoices] = useState<HunkChoice[]>(() => conflicts.map(() => ({ take: "mine" })));
  const [fieldChoices, setFieldChoices] = useState<Record<string, "mine" | "theirs">>({});
  const { theirs } = merge;
  const by = theirs.updatedBy?.name ?? "Someone";
  const heading = useRef<HTMLHeadingElement>(null);
  // The writer is taken to the merge as it opens (it is loaded on demand, after the answer came).
  useEffect(() => heading.current?.focus(), []);
  const choose = (index: number, choice: HunkChoice) =>
    setChoices((previous) => previous.map((each, at) => (at === index ? choice : each)));

  const save = () => {
    const values = { ...merge.values };
    for (const conflict of merge.conflicts) {
      values[conflict.name] = fieldChoices[conflict.name] === "theirs" ? conflict.theirs : conflict.mine;
    }
    onSave(mergedText(merge.hunks, choices), values);
  };

  return (
    <section
      aria-labelledby="conflict-heading"
      className="grid gap-4 border-b border-amber-300 bg-amber-50 px-4 py-4 sm:px-6 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <div className="flex gap-3">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800 dark:text-amber-300" />
        <div className="grid gap-1">
          <h2
            id="conflict-heading"
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold text-amber-950 dark:text-amber-100"
          >
            This page changed while you were writing
          </h2>
          <p className="text-sm text-amber-950 dark:text-amber-100">
            {by} saved revision {theirs.headRevision} at {formatTime(theirs.updatedAt)}. What only one of you changed is
            merged already; choose below for{" "}
            {conflicts.length + merge.conflicts.length === 1
              ? "the one place"
              : `the ${conflicts.length + merge.conflicts.length} places`}{" "}
            you both changed. Nothing is saved until you save the merged page, and your text stays in the editor.
          </p>
        </div>
      </div>

      {merge.conflicts.map((conflict) => (
        <fieldset
          key={conflict.name}
          className="grid gap-2 rounded-lg border border-amber-300 p-3 dark:border-amber-800"
        >
          <legend className="px-1 text-sm font-semibold text-amber-950 dark:text-amber-100">
            {mergedFields[conflict.name]}
          </legend>
          {(["mine", "theirs"] as const).map((side) => (
            <label key={side} className="flex items-start gap-2 text-sm text-gray-900 dark:text-gray-100">
              <input
                type="radio"
                name={`field-${conflict.name}`}
                className="mt-1 size-4 accent-bdblue-700"
                checked={(fieldChoices[conflict.name] ?? "mine") === side}
                onChange={() => setFieldChoices((previous) => ({ ...previous, [conflict.name]: side }))}
              />
              <span>
                {side === "mine" ? "Yours: " : "Theirs: "}
                <span className="font-medium break-words">{conflict[side] || "(empty)"}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ))}

      {conflicts.map((hunk, index) => {
        const choice = choices[index] ?? { take: "mine" };
        const editId = `merge-edit-${index}`;
        return (
          <fieldset key={index} className="grid gap-3 rounded-lg border border-amber-300 p-3 dark:border-amber-800">
            <legend className="px-1 text-sm font-semibold text-amber-950 dark:text-amber-100">
              Text you both changed ({index + 1} of {conflicts.length})
            </legend>
            <div className="grid gap-3 md:grid-cols-2">
              <Lines lines={hunk.theirs} label={`Theirs (${by})`} />
              <Lines lines={hunk.mine} label="Yours" />
            </div>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {takes.map((each) => (
                <label key={each.take} className="flex items-center gap-2 text-sm text-gray-900 dark:text-gray-100">
                  <input
                    type="radio"
                    name={`hunk-${index}`}
                    className="size-4 accent-bdblue-700"
                    checked={choice.take === each.take}
                    onChange={() =>
                      choose(
                        index,
                        each.take === "edit"
                          ? { take: "edit", text: [...hunk.theirs, ...hunk.mine].join("\n") }
                          : { take: each.take },
                      )
                    }
                  />
                  {each.label}
                </label>
              ))}
            </div>
            {choice.take === "edit" ? (
              <div className="grid gap-1">
                <label htmlFor={editId} className="text-sm font-semibold text-gray-900 dark:text-gray-100">
                  Your wording for this place
                </label>
                <textarea
                  id={editId}
                  rows={Math.min(12, Math.max(3, choice.text.split("\n").length + 1))}
                  className="rounded-md border border-gray-400 bg-white p-2 font-mono text-sm text-gray-900 dark:border-gray-600 dark:bg-gray-950 dark:text-gray-100"
                  value={choice.text}
                  onChange={(event) => choose(index, { take: "edit", text: event.target.value })}
                />
              </div>
            ) : null}
          </fieldset>
        );
      })}

      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClasses("primary")} onClick={save}>
          {merge.publish ? "Save and publish the merged page" : "Save the merged page"}
        </button>
        <button type="button" className={buttonClasses("secondary")} onClick={onCancel}>
          Not now: keep editing
        </button>
      </div>
    </section>
  );
}
