import type { Element, Root } from "hast";
import { visit } from "unist-util-visit";

/**
 * Heading ids carry GitHub's prefix (`user-content-setup`), so that no heading can take an
 * id of the page around it. Writers still link to `#setup`, as the heading's words read:
 * those links are pointed at the prefixed id here, after sanitizing.
 */
export const headingIdPrefix = "user-content-";

/** The doc path a link names (`/docs/a/b#x` → "a/b"), or undefined for any other link. */
export function docPathOfLink(href: string): string | undefined {
  const match = /^\/docs(?:\/([^?#]*))?(?:[?#].*)?$/.exec(href);
  if (!match) return undefined;
  return (match[1] ?? "").replace(/\/+$/, "");
}

function decoded(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/**
 * `[see](#setup)` leads to the heading `user-content-setup` when the doc has one (and no
 * element is `setup` itself). A link to another doc's section (`/docs/x#setup`) is given the
 * prefix too: that doc's headings have it (and the reader's script still lands an old
 * address, or a page rendered before the prefix, on its heading).
 */
export function landFragments(tree: Root, ids: ReadonlySet<string>, headingIds: ReadonlySet<string>): void {
  visit(tree, "element", (node: Element) => {
    const href = node.properties.href;
    if (node.tagName !== "a" || typeof href !== "string") return;
    const hash = href.indexOf("#");
    if (hash < 0) return;
    const fragment = decoded(href.slice(hash + 1));
    if (!fragment || fragment.startsWith(headingIdPrefix)) return;
    if (hash === 0) {
      if (!ids.has(fragment) && headingIds.has(headingIdPrefix + fragment)) {
        node.properties.href = `#${headingIdPrefix}${fragment}`;
      }
    } else if (docPathOfLink(href) !== undefined) {
      node.properties.href = `${href.slice(0, hash)}#${headingIdPrefix}${href.slice(hash + 1)}`;
    }
  });
}
