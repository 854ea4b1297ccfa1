import { productLabelsBy } from "../../../../shared/product-line.ts";
import type { ApiEnum } from "../../../lib/graphql.ts";

/** The inbox's words for the API's values; each map names every value of its enum (a type checks it). */

export const topicLabels = {
  sales: "Sales quote",
  support: "Technical support",
  service: "Service or repair",
  billing: "Billing",
  general: "Something else",
} satisfies Record<ApiEnum<"InquiryTopic">, string>;

export const statusLabels = {
  new: "New",
  in_progress: "In progress",
  closed: "Closed",
} satisfies Record<ApiEnum<"InquiryStatus">, string>;

export const productLabels = {
  ...productLabelsBy((product) => product.name),
  unsure: "Not sure",
} satisfies Record<ApiEnum<"InquiryProduct">, string>;

/** The assignee filter's fixed choices; a person's id picks that person. */
export const assigneeChoices = { me: "Assigned to me", nobody: "Not assigned" } as const;
