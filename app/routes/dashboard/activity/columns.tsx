import type { Column } from "../../../components/dashboard/data-table.tsx";
import { RelativeTime } from "../../../components/dashboard/relative-time.tsx";
import { dayHeading, describeBrowser, formatTime } from "../../../lib/format.ts";
import type { ResultOf } from "../../../lib/graphql.ts";
import { Changes } from "./changes.tsx";
import type { ActivityQuery } from "./queries.ts";
import { activitySentence } from "./sentence.ts";

export type ActivityRow = ResultOf<typeof ActivityQuery>["activity"]["nodes"][number];

/** One event as a sentence: "Aisha Rahman changed the role of Rahul Venkataraman". */
function Sentence({ row }: { row: ActivityRow }) {
  const { words, target } = activitySentence(row);
  return (
    <>
      <span className="font-semibold text-gray-950 dark:text-white">{row.actorLabel}</span> {words}
      {target ? (
        <>
          {" "}
          <span className="font-semibold text-gray-950 dark:text-white">{target}</span>
        </>
      ) : null}
      {row.via === "token" ? <span className="text-gray-700 dark:text-gray-300"> (with an access token)</span> : null}
    </>
  );
}

/** The heading of a day's rows. */
export const activityDay = (now: string) => (row: ActivityRow) => dayHeading(row.at, now);

/**
 * The activity log's columns, grouped by day: the sentence first, then the time of day
 * (exact on hover or focus), what changed, and where from. On a phone: the sentence
 * with the time beside it, the browser under it, and the changes below.
 */
export function activityColumns(now: string): Column<ActivityRow>[] {
  return [
    { id: "what", header: "What happened", phone: "primary", cell: (row) => <Sentence row={row} /> },
    {
      id: "when",
      header: "When",
      phone: "aside",
      className: "whitespace-nowrap",
      cell: (row) => <RelativeTime iso={row.at} now={now} text={formatTime(row.at)} />,
    },
    {
      id: "changes",
      header: "Changes",
      phone: "below",
      cell: (row) => <Changes changes={row.changes} />,
      below: (row) => (row.changes.length > 0 ? <Changes changes={row.changes} /> : null),
    },
    {
      id: "from",
      header: "From",
      phone: "fact",
      cell: (row) => (
        <>
          {row.address ?? "—"}
          <span className="block text-gray-700 dark:text-gray-300">{describeBrowser(row.userAgent)}</span>
        </>
      ),
      fact: (row) => [describeBrowser(row.userAgent), row.address].filter(Boolean).join(", "),
    },
  ];
}
