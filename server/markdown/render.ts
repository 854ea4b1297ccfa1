import type { Element, Root } from "hast";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { visit } from "unist-util-visit";

/**
 * Markdown written in the portal (release notes now, docs next), rendered on the server
 * with unified (remark, then rehype) and sanitized with a strict schema: GitHub's, less
 * what a note has no use for. Whoever wrote it, no script, event handler, style,
 * `javascript:` or `data:` address, frame or form survives. Images come only from the
 * media library (`/media/<id>`): anything else is dropped, so a note never loads a
 * picture from another site.
 */

const mediaPath = /^\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const schema: SanitizeSchema = {
  ...defaultSchema,
  // Raw HTML is dropped before sanitizing, so the only ids here are the footnotes', which
  // remark-rehype already prefixed ("user-content-"): prefixing again would break their links.
  clobberPrefix: "",
  tagNames: (defaultSchema.tagNames ?? []).filter(
    (tag) => !["details", "summary", "picture", "source", "kbd", "samp", "var", "ruby", "rp", "rt"].includes(tag),
  ),
  protocols: {
    href: ["http", "https", "mailto", "tel"],
    // Images: the site's own paths only (no protocol is allowed, and relative paths pass).
    src: [],
    cite: ["http", "https"],
  },
  attributes: {
    ...defaultSchema.attributes,
    img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
  },
};

export type RenderedMarkdown = {
  html: string;
  /** The media library's files the text shows as images, in order. */
  mediaIds: string[];
};

/** Keeps images from the media library (lazily loaded), drops every other image. */
function mediaImages(found: string[]) {
  return (tree: Root) => {
    visit(tree, "element", (node: Element, index, parent) => {
      if (node.tagName !== "img" || !parent || index === undefined) return;
      const src = typeof node.properties.src === "string" ? node.properties.src : "";
      const match = mediaPath.exec(src);
      if (!match?.[1]) {
        parent.children.splice(index, 1);
        return index;
      }
      found.push(match[1]);
      node.properties.loading = "lazy";
      node.properties.decoding = "async";
      return undefined;
    });
  };
}

export async function renderMarkdown(markdown: string): Promise<RenderedMarkdown> {
  const found: string[] = [];
  const file = await unified()
    .use(remarkParse)
    .use(remarkGfm)
    // Raw HTML in the markdown is dropped, not passed through (allowDangerousHtml stays off).
    .use(remarkRehype)
    .use(rehypeSanitize, schema)
    .use(() => mediaImages(found))
    .use(rehypeStringify)
    .process(markdown);
  return { html: String(file), mediaIds: [...new Set(found)] };
}
