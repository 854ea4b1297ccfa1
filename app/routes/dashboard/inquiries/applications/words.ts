import type { ApiEnum } from "../../../../lib/graphql.ts";

export const applicationStatusLabels = {
  applied: "Applied",
  scheduled: "Scheduled",
  completed: "Completed",
  certified: "Certified",
  declined: "Declined",
} satisfies Record<ApiEnum<"ApplicationStatus">, string>;

export const formatLabels = {
  online: "Online",
  on_site: "At their site",
  training_centre: "At the training centre",
} satisfies Record<ApiEnum<"TrainingFormat">, string>;
