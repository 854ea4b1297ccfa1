import { StatusPill, type PillTone } from "../../../../components/ui/status-pill.tsx";
import type { ApiEnum } from "../../../../lib/graphql.ts";
import { applicationStatusLabels } from "./words.ts";

// Each status in its own colour, as the messages' are; the word is always there too.
const statusTones: Record<ApiEnum<"ApplicationStatus">, PillTone> = {
  applied: "blue",
  scheduled: "violet",
  completed: "amber",
  certified: "green",
  declined: "gray",
};

/** Where an application stands, as a pill. */
export function ApplicationStatus({ status }: { status: ApiEnum<"ApplicationStatus"> }) {
  return <StatusPill tone={statusTones[status]}>{applicationStatusLabels[status]}</StatusPill>;
}
