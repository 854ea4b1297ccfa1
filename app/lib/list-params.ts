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

/** One of a fixed set of values from the URL, or the fallback (a hand-edited URL never breaks the page). */
export function oneOf<const Value extends string>(
  value: string | null,
  allowed: readonly Value[],
  fallback: Value,
): Value;
export function oneOf<const Value extends string>(
  value: string | null,
  allowed: readonly Value[],
  fallback?: undefined,
): Value | undefined;
export function oneOf<const Value extends string>(
  value: string | null,
  allowed: readonly Value[],
  fallback?: Value,
): Value | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as Value) : fallback;
}

/** A search box's text from the URL, trimmed to what the API accepts. */
export function searchParam(params: URLSearchParams): string | undefined {
  const text = params.get("q")?.trim().slice(0, 100);
  return text ? text : undefined;
}
