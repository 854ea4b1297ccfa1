import type { Element } from "hast";

/**
 * Images in a writer's markdown. Only the media library's are shown (a page never loads a
 * picture from elsewhere: their pictures go in when the page is served, `image-slots.ts`);
 * any other image is shown as its alt text, in place, so the reader still learns what was
 * meant and a link around it keeps a name.
 */

const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** A media library image as markdown names it: `/media/<id>`. */
const mediaImage = new RegExp(`^/media/(${uuid})$`);
/** A media library file a link names: `/media/<id>` and anything under it. */
export const mediaLink = new RegExp(`^/media/(${uuid})(?:/|$)`);

const srcOf = (node: Element) => (typeof node.properties.src === "string" ? node.properties.src : "");
export const altOf = (node: Element) => (typeof node.properties.alt === "string" ? node.properties.alt : "");

/** The library id an image shows, if its address is one. */
export const libraryIdOf = (node: Element) => mediaImage.exec(srcOf(node))?.[1];

/**
 * An image that is not shown, as its alt text (`<span class="doc-image-missing">`), or
 * nothing when it has none. Its text is the writer's, kept as text.
 */
export function missingImage(node: Element): Element | undefined {
  const alt = altOf(node).trim();
  if (!alt) return undefined;
  return {
    type: "element",
    tagName: "span",
    properties: { className: ["doc-image-missing"] },
    children: [{ type: "text", value: alt }],
  };
}
