import { Link, useLocation } from "react-router";
import type { Column } from "../../../components/dashboard/data-table.tsx";
import { RelativeTime } from "../../../components/dashboard/relative-time.tsx";
import { StatusPill, type PillTone } from "../../../components/ui/status-pill.tsx";
import type { ApiEnum, ResultOf } from "../../../lib/graphql.ts";
import { withParams } from "../../../lib/list-params.ts";
import type { InquiriesQuery } from "./queries.ts";
import { statusLabels, topicLabels } from "./words.ts";

export type InquiryRow = ResultOf<typeof InquiriesQuery>["inquiries"]["nodes"][number];

const statusTones: Record<ApiEnum<"InquiryStatus">, PillTone> = {
  new: "blue",
  in_progress: "amber",
  closed: "gray",
};

export function InquiryStatus({ status }: { status: ApiEnum<"InquiryStatus"> }) {
  return <StatusPill tone={statusTones[status]}>{statusLabels[status]}</StatusPill>;
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
