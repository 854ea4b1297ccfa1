import type { Element, Root } from "hast";
import { visit } from "unist-util-visit";

/**
 * The addresses a writer's markdown may carry, checked the way a browser reads them.
 *
 * hast-util-sanitize compares a URL's scheme with its list as written, case and all, so
 * `HTTPS://…` and `<MAILTO:…>` lost their href while nothing more dangerous got through.
 * This step runs right after it, in both renderers, and reads the scheme as the URL
 * standard does: leading C0 controls and spaces dropped, tabs and newlines removed
 * anywhere, in any case. (Entities are already decoded: the tree holds the text.)
 *
 * Links use a deny-list: a link may use any scheme except those that run script or show
 * content of the writer's making in the browser (javascript:, vbscript:, livescript:, data:,
 * blob:, filesystem:, mhtml:) or open the reader's own files (file:). An allow-list of the
 * four schemes a doc needs would also drop `irc:`, `ftp:` or a device's own `ms-settings:`
 * page, and CommonMark's autolinks to made-up schemes, which the conformance test holds us
 * to (plain remark keeps them). Any other scheme hands the address to a program the reader
 * has installed, with the browser's own prompt: what any web page can do with a link.
 * Images and quotes' `cite` keep the allow-list (http and https, or the site's own paths).
 */

const deniedLinkSchemes = new Set([
  "javascript",
  "vbscript",
  "livescript",
  "data",
  "blob",
  "filesystem",
  "mhtml",
  "file",
]);
const allowedSourceSchemes = new Set(["http", "https"]);

/** The scheme a browser reads from a URL (lower case), or undefined for a relative URL. */
export function schemeOf(url: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- the URL standard strips these controls, so must we
  const cleaned = url.replace(/^[\u0000-\u0020]+/, "").replace(/[\t\n\r]/g, "");
  const written = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(cleaned)?.[1]?.toLowerCase();
  if (written !== undefined) return written;
  // A scheme a browser would not read (`java%73cript:`) is relative: harmless, but one that
  // reads as a denied scheme once decoded is refused all the same, in case anything decodes it.
  let decoded: string;
  try {
    decoded = decodeURIComponent(cleaned);
  } catch {
    return undefined;
  }
  if (decoded === cleaned) return undefined;
  return schemeOf(decoded);
}

/** Whether a link (`href`) may keep this address. */
export function linkAllowed(url: string): boolean {
  const scheme = schemeOf(url);
  return scheme === undefined || !deniedLinkSchemes.has(scheme);
}

/** Whether an image's `src` or a quote's `cite` may keep this address. */
export function sourceAllowed(url: string): boolean {
  const scheme = schemeOf(url);
  return scheme === undefined || allowedSourceSchemes.has(scheme);
}

/** Drops every `href`, `src` and `cite` a browser would read as a refused scheme. */
export function rehypeSafeUrls() {
  return (tree: Root) => {
    visit(tree, "element", (node: Element) => {
      const { href, src, cite } = node.properties;
      if (href !== undefined && !linkAllowed(href)) delete node.properties.href;
      if (src !== undefined && !sourceAllowed(src)) delete node.properties.src;
      if (cite !== undefined && !sourceAllowed(cite)) delete node.properties.cite;
    });
  };
}
