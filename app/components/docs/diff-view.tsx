import { formatCount } from "../../lib/format.ts";
import type { DiffHunk, DiffLine, TextDiff } from "../../lib/docs/text-diff.ts";
import { cn } from "../ui/cn.ts";

/**
 * A readable text diff (from app/lib/docs/text-diff.ts, computed on the server): a count of the
 * lines added and removed, then each run of changes with the lines around it, line numbers
 * on both sides, every changed line signed (+ / −, and said to screen readers) and the
 * words that changed marked within it. The history page and the editor's conflict screen
 * both show it.
 */
export function DiffView({ diff, from, to }: { diff: TextDiff; from: string; to: string }) {
  return (
    <div className="grid gap-4">
      <p role="status" className="text-sm text-gray-800 dark:text-gray-200">
        From {from} to {to}:{" "}
        {diff.identical ? (
          "the words are the same."
        ) : (
          <>
            <span className="font-semibold text-emerald-800 dark:text-emerald-300">
              {formatCount(diff.added, "line", "lines")} added
            </span>
            ,{" "}
            <span className="font-semibold text-red-800 dark:text-red-300">
              {formatCount(diff.removed, "line", "lines")} removed
            </span>
            .
          </>
        )}
      </p>
      {diff.hunks.length > 0 ? (
        <div className="overflow-hidden rounded-lg ring-1 ring-gray-200 dark:ring-gray-800">
          <table className="w-full border-collapse font-mono text-xs leading-5 sm:text-[13px]">
            <caption className="sr-only">
              Changed lines from {from} to {to}, with unchanged lines around them
            </caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Line before</th>
                <th scope="col">Line after</th>
                <th scope="col">Change</th>
                <th scope="col">Text</th>
              </tr>
            </thead>
            {diff.hunks.map((hunk, index) => (
              <Hunk key={index} hunk={hunk} />
            ))}
          </table>
        </div>
      ) : null}
    </div>
  );
}

function span(numbers: (number | null)[]): string {
  const present = numbers.filter((number) => number !== null);
  const first = present[0];
  const last = present.at(-1);
  if (first === undefined || last === undefined) return "none";
  return first === last ? `${first}` : `${first}–${last}`;
}

const lineStyles: Record<DiffLine["kind"], string> = {
  same: "",
  added: "bg-emerald-50 dark:bg-emerald-950/70",
  removed: "bg-red-50 dark:bg-red-950/70",
};

const markers: Record<DiffLine["kind"], { sign: string; words: string; className: string }> = {
  same: { sign: "", words: "Unchanged", className: "" },
  added: { sign: "+", words: "Added", className: "text-emerald-800 dark:text-emerald-300" },
  removed: { sign: "−", words: "Removed", className: "text-red-800 dark:text-red-300" },
};

/** One run of changes with the unchanged lines around it, headed by the lines it spans on each side. */
function Hunk({ hunk }: { hunk: DiffHunk }) {
  const before = span(hunk.lines.map((line) => line.before));
  const after = span(hunk.lines.map((line) => line.after));
  return (
    <tbody>
      <tr>
        <th
          scope="rowgroup"
          colSpan={4}
          className="border-y border-gray-200 bg-gray-50 px-3 py-1 text-left font-sans text-xs font-semibold text-gray-700 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-300"
        >
          Lines {before} before, {after} after
        </th>
      </tr>
      {hunk.lines.map((line, index) => {
        const marker = markers[line.kind];
        return (
          <tr key={index} className={cn("align-top", lineStyles[line.kind])}>
            <td className="w-px px-1.5 text-right whitespace-nowrap text-gray-600 tabular-nums select-none sm:px-2 dark:text-gray-400">
              {line.before ?? ""}
            </td>
            <td className="w-px px-1.5 text-right whitespace-nowrap text-gray-600 tabular-nums select-none sm:px-2 dark:text-gray-400">
              {line.after ?? ""}
            </td>
            <td className={cn("w-px px-1 text-center font-bold select-none", marker.className)}>
              <span aria-hidden="true">{marker.sign}</span>
              <span className="sr-only">{marker.words}</span>
            </td>
            <td className="py-px pr-3 pl-1 whitespace-pre-wrap text-gray-900 [overflow-wrap:anywhere] dark:text-gray-100">
              <LineText line={line} />
            </td>
          </tr>
        );
      })}
    </tbody>
  );
}

/** A line's words; within a changed line that has a counterpart, the words that changed, struck out or underlined. */
function LineText({ line }: { line: DiffLine }) {
  if (line.segments.length === 1) return line.segments[0]?.text ?? "";
  return line.segments.map((segment, index) => {
    if (!segment.changed) return <span key={index}>{segment.text}</span>;
    return line.kind === "added" ? (
      <ins
        key={index}
        className="rounded-sm bg-emerald-200 decoration-emerald-800 decoration-2 dark:bg-emerald-800 dark:decoration-emerald-200"
      >
        {segment.text}
      </ins>
    ) : (
      <del
        key={index}
        className="rounded-sm bg-red-200 decoration-red-800 decoration-2 dark:bg-red-800 dark:decoration-red-200"
      >
        {segment.text}
      </del>
    );
  });
}
