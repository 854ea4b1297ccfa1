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

/** The list's two views: the docs, and (admins) the trash. */
export const viewLabels = { docs: "Docs", trash: "Trash" } as const;
export type DocsView = keyof typeof viewLabels;

/** A number of docs as a sentence says it: "1 doc", "3 docs", "1,000+ docs" (a count that stopped at its limit). */
export function docCount({ count, more }: { count: number; more: boolean }): string {
  const number = new Intl.NumberFormat("en-US").format(count);
  if (more) return `${number}+ docs`;
  return count === 1 ? "1 doc" : `${number} docs`;
}
