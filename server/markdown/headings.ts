import type { Element, Root } from "hast";
import { toString } from "hast-util-to-string";
import { visit } from "unist-util-visit";
import { emptyHeading, type DocProblem } from "./problems.ts";

export type DocHeading = { id: string; text: string; depth: number };

/** The footnotes' own heading (remark-rehype's `footnote-label`, read by screen readers only). */
export const isFootnoteLabel = (node: Element) => node.properties.id === "footnote-label";

const rank = (node: Element) => /^h([1-6])$/.exec(node.tagName)?.[1];

/** What a settled doc's headings are: its contents, and every id on it (headings' apart). */
type SettledHeadings = { contents: DocHeading[]; ids: Set<string>; headingIds: Set<string> };

/**
 * Once rehype-slug has given every heading its prefixed id (`user-content-setup`):
 * - a heading with no words keeps no id, so it gets no anchor and no entry in the
 *   contents (it would be a blank line there), and the writer is told;
 * - a heading whose id another element already has gets the next free `-1`, `-2`: the
 *   footnotes' ids share the prefix (`user-content-fn-1`), and a heading "Fn 1" must not
 *   take one;
 * - the h2 and h3 become the contents, the footnotes' heading left out.
 */
export function settleHeadings(tree: Root, problems: DocProblem[]): SettledHeadings {
  const headings: Element[] = [];
  const ids = new Set<string>();
  visit(tree, "element", (node: Element) => {
    if (rank(node) && !isFootnoteLabel(node)) headings.push(node);
    else if (typeof node.properties.id === "string") ids.add(node.properties.id);
  });
  const contents: DocHeading[] = [];
  const headingIds = new Set<string>();
  for (const heading of headings) {
    const text = toString(heading).replace(/\s+/g, " ").trim();
    const slug = heading.properties.id;
    if (!text || typeof slug !== "string") {
      delete heading.properties.id;
      if (!text) problems.push(emptyHeading(heading));
      continue;
    }
    let id = slug;
    for (let n = 1; ids.has(id); n += 1) id = `${slug}-${n}`;
    ids.add(id);
    headingIds.add(id);
    heading.properties.id = id;
    const depth = Number(rank(heading));
    if (depth === 2 || depth === 3) contents.push({ id, text, depth });
  }
  return { contents, ids, headingIds };
}
