import { data } from "react-router";
import type { ErrorPayload } from "./route-error.ts";
import { asText, textProblem } from "../../shared/text-kinds.ts";

/**
 * A list page keeps its state in the URL (filters, sort, page), so a reload, a shared
 * link or the Back button shows the same rows.
 */
export function withParams(search: string, changes: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") params.delete(name);
    else params.set(name, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The page part of a list's URL: a cursor and its direction. */
export function pageParams(params: URLSearchParams): {
  first?: number;
  after?: string;
  last?: number;
  before?: string;
} {
  const after = params.get("after");
  const before = params.get("before");
  if (before) return { last: pageSize, before };
  if (after) return { first: pageSize, after };
  return { first: pageSize };
}

export const pageSize = 25;

/**
 * One of a fixed set of values from the URL (an API enum's, from its labels), or
 * undefined when the parameter is absent or empty. A value the list does not know is
 * refused with a 400 that names the parameter: a hand-edited address is never silently
 * read as another one.
 */
export function enumParam<Value extends string>(
  params: URLSearchParams,
  name: string,
  labels: Record<Value, string>,
): Value | undefined {
  const value = params.get(name);
  if (value === null || value === "") return undefined;
  if (Object.hasOwn(labels, value)) return value as Value;
  throw invalidParam(name, value, `one of: ${Object.keys(labels).join(", ")}`);
}

/** The 400 of a list whose address holds a parameter it cannot read, naming it and what it should be. */
export function invalidParam(name: string, value: string, expected: string) {
  return data<ErrorPayload>(
    {
      name: "This list cannot show that",
      // Shown as one line: a control character in the address must not reorder or break the page's words.
      message: `The address asks for ${name} "${asText("one-line", value).slice(0, 40)}", which should be ${expected}. Clear the filters and choose again.`,
    },
    { status: 400 },
  );
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record chosen in a picker (a person), by its id; another shape is refused with a 400 that names it. */
export function idParam(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  if (value === null || value === "") return undefined;
  if (!uuid.test(value)) throw invalidParam(name, value, "a person chosen from the list");
  return value;
}

export const directionLabels = { asc: "Ascending", desc: "Descending" } as const;

/**
 * A search box's text from the URL, trimmed to what the API accepts. It is one-line text
 * (ADR 041): an address whose search holds a control character is refused with a 400
 * that names it, as the API would refuse it.
 */
export function searchParam(params: URLSearchParams): string | undefined {
  const text = params.get("q")?.trim().slice(0, 100);
  if (text && textProblem("one-line", "the search", text)) {
    throw invalidParam("q", text, "one line of text, without control characters");
  }
  return text ? text : undefined;
}
