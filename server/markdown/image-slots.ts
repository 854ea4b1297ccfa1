import { createHash } from "node:crypto";
import { imageProblem, type DocProblem } from "./problems.ts";

/**
 * A doc's library images are placed when the page is served, not when it is rendered: the
 * render leaves a marker where each goes (`<!--image:<key>:<n>-->`), and `showImages` puts
 * in the library's picture as the library has it now. A file replaced, or its alt text
 * changed, shows at once on every page that uses it, without a render (ADR 037).
 *
 * The marker carries a key made from the whole text (`slotKeyOf`): a writer cannot put a
 * marker of their own where an attribute or text would take it, because it would have to
 * name the hash of a text that contains that very hash.
 */

/** Where a library image goes, and what the writer's markdown said of it. */
export type ImageSlot = { id: string; alt: string; title: string | null; line: number | null };

/** A media library image as the domain gives it: its addresses and size now. */
export type DocImage = {
  src: string;
  width: number | null;
  height: number | null;
  /** The library's alt text, for an image the markdown gives none. */
  alt: string | null;
  /** Responsive sizes, narrowest first. */
  sizes: { width: number; avif: string; webp: string }[];
};

/** The images of a render: the key its markers carry, and each slot by number. */
export type ImageSlots = { key: string; slots: ImageSlot[] };

export function slotKeyOf(markdown: string): string {
  return createHash("sha256").update(markdown).digest("hex").slice(0, 20);
}

/** The marker's text (an HTML comment's), for the renderer. */
export const slotMarker = (key: string, index: number) => `image:${key}:${index}`;

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");

function attributes(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
    .join("");
}

/**
 * A library image as `<picture>` with AVIF and WebP sizes (the browser takes the one it
 * needs), lazily loaded, with its pixel size so the page does not jump. One the library no
 * longer has is its alt text, as an image from elsewhere is.
 */
export function imageHtml(slot: ImageSlot, image: DocImage | undefined): string {
  if (!image) return slot.alt.trim() ? `<span class="doc-image-missing">${escapeText(slot.alt.trim())}</span>` : "";
  const img = `<img${attributes({
    src: image.src,
    alt: slot.alt || image.alt || "",
    title: slot.title ?? undefined,
    width: image.width && image.height ? image.width : undefined,
    height: image.width && image.height ? image.height : undefined,
    loading: "lazy",
    decoding: "async",
  })}>`;
  if (image.sizes.length === 0) return img;
  const sizes = "(min-width: 64rem) 48rem, 100vw";
  const source = (type: string, pick: (size: DocImage["sizes"][number]) => string) =>
    `<source${attributes({ type, srcset: image.sizes.map((size) => `${pick(size)} ${size.width}w`).join(", "), sizes })}>`;
  return `<picture>${source("image/avif", (size) => size.avif)}${source("image/webp", (size) => size.webp)}${img}</picture>`;
}

/** The page with each marker replaced by its image as the library has it now. */
export function showImages(html: string, images: ImageSlots, library: ReadonlyMap<string, DocImage>): string {
  if (images.slots.length === 0) return html;
  return html.replace(new RegExp(`<!--image:${images.key}:(\\d+)-->`, "g"), (marker, index: string) => {
    const slot = images.slots[Number(index)];
    return slot ? imageHtml(slot, library.get(slot.id)) : "";
  });
}

/** The library ids the slots name, each once. */
export const slotIds = (images: ImageSlots) => [...new Set(images.slots.map((slot) => slot.id))];

/** The slots whose file the library no longer has: readers see only their alt text. */
export function imagesGone(images: ImageSlots, library: ReadonlyMap<string, DocImage>): DocProblem[] {
  return images.slots
    .filter((slot) => !library.has(slot.id))
    .map((slot) => imageProblem(slot.line, slot.alt.trim(), true));
}
