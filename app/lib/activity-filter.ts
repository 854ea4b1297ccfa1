import { searchParam } from "./list-params.ts";

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The activity log's filters, from its URL (the page and the CSV export read the same
 * ones). Malformed values are dropped here; the API checks the rest.
 */
export function activityFilter(params: URLSearchParams) {
  const value = (name: string, pattern: RegExp) => {
    const text = params.get(name);
    return text && pattern.test(text) ? text : undefined;
  };
  return {
    actorId: value("actor", uuid),
    action: value("action", /^[a-zA-Z]+\.[a-zA-Z]+$/),
    targetType: value("type", /^[a-z]+$/),
    from: value("from", isoDay),
    to: value("to", isoDay),
    search: searchParam(params),
  };
}
