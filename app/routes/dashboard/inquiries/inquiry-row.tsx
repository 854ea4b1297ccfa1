import { Link, useLocation } from "react-router";
import type { Column } from "../../../components/dashboard/data-table.tsx";
import { RelativeTime } from "../../../components/dashboard/relative-time.tsx";
import type { ApiEnum, ResultOf } from "../../../lib/graphql.ts";
import { withParams } from "../../../lib/list-params.ts";
import type { InquiriesQuery } from "./queries.ts";
import { statusLabels, topicLabels } from "./words.ts";

export type InquiryRow = ResultOf<typeof InquiriesQuery>["inquiries"]["nodes"][number];

const statusStyles: Record<ApiEnum<"InquiryStatus">, string> = {
  new: "bg-bdblue-50 text-bdblue-900 ring-bdblue-600/40 dark:bg-bdblue-950 dark:text-bdblue-100",
  in_progress: "bg-amber-50 text-amber-900 ring-amber-600/40 dark:bg-amber-950 dark:text-amber-100",
  closed: "bg-gray-100 text-gray-900 ring-gray-500/40 dark:bg-gray-800 dark:text-gray-100",
};

export function InquiryStatus({ status }: { status: ApiEnum<"InquiryStatus"> }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${statusStyles[status]}`}
    >
      {statusLabels[status]}
    </span>
  );
}

function FromCell({ inquiry }: { inquiry: InquiryRow }) {
  const { search } = useLocation();
  return (
    <>
      <Link
        to={withParams(search, { selected: inquiry.id })}
        preventScrollReset
        className="font-semibold text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300"
      >
        {inquiry.name}
      </Link>
      <span className="block text-gray-700 dark:text-gray-300">{inquiry.organization}</span>
    </>
  );
}

/** The inbox's columns: on a phone, who wrote and the status, then the topic, when and who has it. */
export function inquiryColumns(now: string, assignees: ReadonlyMap<string, string>): Column<InquiryRow>[] {
  const assigneeOf = (inquiry: InquiryRow) =>
    inquiry.assigneeId ? (assignees.get(inquiry.assigneeId) ?? "Someone no longer on the list") : "Not assigned";
  return [
    { id: "from", header: "From", phone: "primary", cell: (inquiry) => <FromCell inquiry={inquiry} /> },
    {
      id: "topic",
      header: "Topic",
      phone: "fact",
      cell: (inquiry) => (
        <>
          {topicLabels[inquiry.topic]}
          {inquiry.reference ? (
            <span className="block font-mono text-gray-700 dark:text-gray-300">{inquiry.reference}</span>
          ) : null}
        </>
      ),
      fact: (inquiry) => `${topicLabels[inquiry.topic]}${inquiry.reference ? ` ${inquiry.reference}` : ""}`,
    },
    {
      id: "received",
      header: "Received",
      phone: "fact",
      cell: (inquiry) => <RelativeTime iso={inquiry.createdAt} now={now} />,
    },
    { id: "assignee", header: "Assigned to", phone: "fact", cell: assigneeOf },
    { id: "status", header: "Status", phone: "aside", cell: (inquiry) => <InquiryStatus status={inquiry.status} /> },
  ];
}
