/** One entry of /api/search.json: a page, or one section of it (spec §7 "Search index"). */
export type SearchSection = {
  /** Unique; also the link target, e.g. "/products/v5#specifications". */
  id: string;
  title: string;
  /** The page title the section belongs to, for context in results. */
  titles: string[];
  level: 1 | 2;
  content: string;
};
