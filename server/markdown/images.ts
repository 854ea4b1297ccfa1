import type { Element } from "hast";

/**
 * Images in a writer's markdown. Only the media library's are shown (a page never loads a
 * picture from elsewhere); any other image is shown as its alt text, in place, so the reader
 * still learns what was meant and a link around it keeps a name.
 */

const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** A media library image as markdown names it: `/media/<id>`. */
const mediaImage = new RegExp(`^/media/(${uuid})$`);
/** A media library file a link names: `/media/<id>` and anything under it. */
export const mediaLink = new RegExp(`^/media/(${uuid})(?:/|$)`);
/** Any library id in a text. */
export const mediaIds = new RegExp(`/media/(${uuid})`, "g");

/** A media library image, as the domain gives it for the renderer to show. */
export type DocImage = {
  src: string;
  width: number | null;
  height: number | null;
  /** The library's alt text, for an image the markdown gives none. */
  alt: string | null;
  /** Responsive sizes, narrowest first. */
  sizes: { width: number; avif: string; webp: string }[];
};

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

/**
 * A library image as `<picture>` with AVIF and WebP sizes (the browser takes the one it
 * needs), lazily loaded, with its pixel size so the page does not jump.
 */
export function picture(node: Element, image: DocImage): Element {
  const title = node.properties.title;
  const img: Element = {
    type: "element",
    tagName: "img",
    properties: {
      src: image.src,
      alt: altOf(node) || image.alt || "",
      ...(typeof title === "string" ? { title } : {}),
      ...(image.width && image.height ? { width: image.width, height: image.height } : {}),
      loading: "lazy",
      decoding: "async",
    },
    children: [],
  };
  if (image.sizes.length === 0) return img;
  const sizes = "(min-width: 64rem) 48rem, 100vw";
  const source = (type: string, pick: (size: DocImage["sizes"][number]) => string): Element => ({
    type: "element",
    tagName: "source",
    properties: { type, srcSet: image.sizes.map((size) => `${pick(size)} ${size.width}w`).join(", "), sizes },
    children: [],
  });
  return {
    type: "element",
    tagName: "picture",
    properties: {},
    children: [source("image/avif", (size) => size.avif), source("image/webp", (size) => size.webp), img],
  };
}
