import type { Element, Root } from "hast";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { libraryIdOf, missingImage } from "./images.ts";
import { rehypeSafeUrls } from "./safe-urls.ts";
import { alignCell } from "./tables.ts";

/**
 * Markdown written in the portal (release notes), rendered on the server with unified
 * (remark, then rehype) and sanitized with a strict schema: GitHub's, less what a note
 * has no use for, and every address's scheme checked as a browser reads it. Whoever wrote
 * it, no script, event handler, style, `javascript:` or `data:` address, frame or form
 * survives. Images come only from the media library (`/media/<id>`): any other is shown
 * as its alt text, so a note never loads a picture from another site.
 */

const schema: SanitizeSchema = {
  ...defaultSchema,
  // Raw HTML is dropped before sanitizing, so the only ids here are the footnotes', which
  // remark-rehype already prefixed ("user-content-"): prefixing again would break their links.
  clobberPrefix: "",
  tagNames: (defaultSchema.tagNames ?? []).filter(
    (tag) => !["details", "summary", "picture", "source", "kbd", "samp", "var", "ruby", "rp", "rt"].includes(tag),
  ),
  // hast-util-sanitize compares schemes case-sensitively: links' schemes are checked by
  // rehypeSafeUrls instead (no list here means none is refused at this step).
  protocols: {
    src: ["http", "https"],
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

/**
 * Keeps images from the media library (lazily loaded) and shows any other as its alt text;
 * table cells' alignment becomes a class.
 */
function trustedAdditions(found: string[]) {
  return (tree: Root) => {
    visit(tree, "element", (node: Element, index, parent) => {
      if (node.tagName === "th" || node.tagName === "td") alignCell(node);
      if (node.tagName !== "img" || !parent || index === undefined) return;
      const id = libraryIdOf(node);
      if (!id) {
        const replacement = missingImage(node);
        if (replacement) {
          parent.children[index] = replacement;
          return "skip";
        }
        parent.children.splice(index, 1);
        return index;
      }
      found.push(id);
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
    .use(rehypeSafeUrls)
    .use(() => trustedAdditions(found))
    .use(rehypeStringify)
    .process(markdown);
  return { html: String(file), mediaIds: [...new Set(found)] };
}
