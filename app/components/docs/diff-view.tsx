import type { DiffLine, TextDiff } from "../../lib/text-diff.ts";
import { cn } from "../ui/cn.ts";

const lineStyles: Record<DiffLine["kind"], string> = {
  same: "text-gray-800 dark:text-gray-200",
  added: "bg-emerald-50 text-emerald-950 dark:bg-emerald-950/50 dark:text-emerald-100",
  removed: "bg-red-50 text-red-950 dark:bg-red-950/50 dark:text-red-100",
};

/** A sign and words for each line, so the change is never told by colour alone. */
const signs: Record<DiffLine["kind"], { mark: string; label: string }> = {
  same: { mark: " ", label: "" },
  added: { mark: "+", label: "Added: " },
  removed: { mark: "−", label: "Removed: " },
};

/**
 * A readable text diff: hunks with line numbers on both sides, each added or removed line
 * signed (+ / −, and said to screen readers), the changed words marked within it.
 */
export function DiffView({
  diff,
  beforeLabel,
  afterLabel,
}: {
  diff: TextDiff;
  beforeLabel: string;
  afterLabel: string;
}) {
  if (diff.identical) {
    return <p className="text-sm text-gray-700 dark:text-gray-300">The text is the same in both.</p>;
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        From {beforeLabel} to {afterLabel}:{" "}
        <span className="font-medium text-emerald-800 dark:text-emerald-300">{diff.added} added</span>,{" "}
        <span className="font-medium text-red-700 dark:text-red-300">{diff.removed} removed</span> lines.
      </p>
      {diff.hunks.map((hunk, index) => (
        <div
          key={index}
          className="overflow-x-auto rounded-lg border border-gray-200 font-mono text-sm leading-6 dark:border-gray-800"
        >
          <table className="w-full border-collapse">
            <caption className="sr-only">Change {index + 1}</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Line before</th>
                <th scope="col">Line after</th>
                <th scope="col">Text</th>
              </tr>
            </thead>
            <tbody>
              {hunk.lines.map((line, lineIndex) => (
                <tr key={lineIndex} className={lineStyles[line.kind]}>
                  <td className="w-12 border-r border-gray-200 px-2 text-right text-gray-600 select-none dark:border-gray-800 dark:text-gray-400">
                    {line.before ?? ""}
                  </td>
                  <td className="w-12 border-r border-gray-200 px-2 text-right text-gray-600 select-none dark:border-gray-800 dark:text-gray-400">
                    {line.after ?? ""}
                  </td>
                  <td className="px-2 whitespace-pre-wrap">
                    <span aria-hidden="true" className="mr-2 inline-block w-3 select-none">
                      {signs[line.kind].mark}
                    </span>
                    <span className="sr-only">{signs[line.kind].label}</span>
                    {line.segments.map((segment, segmentIndex) =>
                      segment.changed && line.kind !== "same" ? (
                        <mark
                          key={segmentIndex}
                          className={cn(
                            "rounded-sm text-inherit underline decoration-2 underline-offset-2",
                            line.kind === "added"
                              ? "bg-emerald-200 dark:bg-emerald-800"
                              : "bg-red-200 line-through dark:bg-red-800",
                          )}
                        >
                          {segment.text}
                        </mark>
                      ) : (
                        <span key={segmentIndex}>{segment.text}</span>
                      ),
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
