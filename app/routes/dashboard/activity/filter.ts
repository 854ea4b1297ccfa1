import { idParam, invalidParam, searchParam } from "../../../lib/list-params.ts";

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The activity log's filters, from its URL (the page and the CSV export read the same
 * ones). A value of the wrong shape is refused with a 400 that names it; the API checks
 * the rest (an action or kind it does not know finds nothing).
 */
export function activityFilter(params: URLSearchParams) {
  const value = (name: string, pattern: RegExp, expected: string) => {
    const text = params.get(name);
    if (text === null || text === "") return undefined;
    if (!pattern.test(text)) throw invalidParam(name, text, expected);
    return text;
  };
  return {
    actorId: idParam(params, "actor"),
    action: value("action", /^[a-zA-Z]+\.[a-zA-Z]+$/, "an action chosen from the list"),
    targetType: value("type", /^[a-z]+$/, "a kind of record chosen from the list"),
    from: value("from", isoDay, "a date like 2026-11-22"),
    to: value("to", isoDay, "a date like 2026-11-22"),
    search: searchParam(params),
  };
}
