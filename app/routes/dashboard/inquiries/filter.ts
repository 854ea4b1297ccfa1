import { enumParam, idParam, searchParam } from "../../../lib/list-params.ts";
import { statusLabels, topicLabels } from "./words.ts";

/**
 * The inbox's filters, from its URL (the page and the CSV export read the same ones). A
 * value of the wrong shape is refused with a 400 that names it.
 */
export function inquiryFilter(params: URLSearchParams) {
  const assignee = params.get("assignee");
  return {
    search: searchParam(params),
    topic: enumParam(params, "topic", topicLabels),
    status: enumParam(params, "status", statusLabels),
    assignee: assignee === "me" || assignee === "nobody" ? assignee : idParam(params, "assignee"),
  };
}
