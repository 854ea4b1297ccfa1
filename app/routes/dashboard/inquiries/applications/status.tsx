import type { ApiEnum } from "../../../../lib/graphql.ts";
import { applicationStatusLabels } from "./words.ts";

// Each status in its own colour, as the messages' are; the word is always there too.
const statusStyles: Record<ApiEnum<"ApplicationStatus">, string> = {
  applied: "bg-bdblue-50 text-bdblue-900 ring-bdblue-600/40 dark:bg-bdblue-950 dark:text-bdblue-100",
  scheduled: "bg-violet-50 text-violet-900 ring-violet-600/40 dark:bg-violet-950 dark:text-violet-100",
  completed: "bg-amber-50 text-amber-900 ring-amber-600/40 dark:bg-amber-950 dark:text-amber-100",
  certified: "bg-emerald-50 text-emerald-900 ring-emerald-600/40 dark:bg-emerald-950 dark:text-emerald-100",
  declined: "bg-gray-100 text-gray-900 ring-gray-500/40 dark:bg-gray-800 dark:text-gray-100",
};

/** Where an application stands, as a pill. */
export function ApplicationStatus({ status }: { status: ApiEnum<"ApplicationStatus"> }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${statusStyles[status]}`}
    >
      {applicationStatusLabels[status]}
    </span>
  );
}
