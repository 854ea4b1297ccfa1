import type { ApiEnum } from "../../../lib/graphql.ts";

/** The docs admin's words for the API's values; each map names every value of its enum (a type checks it). */

export const statusLabels = {
  draft: "Draft",
  published: "Published",
  changed: "Published, with changes",
} satisfies Record<ApiEnum<"DocStatus">, string>;

export const eventLabels = {
  created: "Created",
  saved: "Saved",
  restored: "Restored",
} satisfies Record<ApiEnum<"RevisionEvent">, string>;

/** The list's views: the docs, the search's synonyms (editors and admins), and (admins) the trash. */
export const viewLabels = { docs: "Docs", synonyms: "Search synonyms", trash: "Trash" } as const;
export type DocsView = keyof typeof viewLabels;

/** A number of docs as a sentence says it: "1 doc", "3 docs", "1,000+ docs" (a count that stopped at its limit). */
export function docCount({ count, more }: { count: number; more: boolean }): string {
  const number = new Intl.NumberFormat("en-US").format(count);
  if (more) return `${number}+ docs`;
  return count === 1 ? "1 doc" : `${number} docs`;
}

/** What a synonym group does, as the toast says it: "A search for “wifi” also finds wireless and WLAN." */
export function synonymsSaid(terms: readonly string[]): string {
  const [first, ...others] = terms;
  if (first === undefined || others.length === 0) return "";
  const rest = others.length === 1 ? others[0] : `${others.slice(0, -1).join(", ")} and ${others.at(-1) ?? ""}`;
  return `A search for “${first}” also finds ${rest}, and the other way round.`;
}
