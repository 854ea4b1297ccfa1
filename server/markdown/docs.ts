import type { Element, ElementContent, Root } from "hast";
import { toString } from "hast-util-to-string";
import rehypeAutolinkHeadings from "rehype-autolink-headings";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import type { HighlighterCore } from "shiki/core";
import { calloutOf } from "./callouts.ts";
import { highlighter, rehypeHighlight } from "./highlight.ts";

/**
 * A doc's markdown, rendered on the server: GitHub-flavoured markdown (tables, task lists,
 * footnotes), then sanitized with a strict schema (GitHub's, less what a doc has no use
 * for, with raw HTML dropped before it), then the trusted steps that only add to the safe
 * tree: heading anchors, callouts, code coloured by shiki, and images from the media
 * library as responsive pictures. What comes out is the page as readers see it, with its
 * table of contents, its text for search, the media files it shows and the docs it links.
 */

const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const mediaImage = new RegExp(`^/media/(${uuid})$`);
const mediaLink = new RegExp(`^/media/(${uuid})(?:/|$)`);

export type DocHeading = { id: string; text: string; depth: number };

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

export type RenderedDoc = {
  html: string;
  /** The h2 and h3 headings, for the table of contents and search. */
  headings: DocHeading[];
  /** All the words, for search. */
  text: string;
  /** Media library files the doc shows or links to, in order. */
  mediaIds: string[];
  /** The docs it links to, as paths under /docs ("" is /docs itself), without anchors. */
  docLinks: string[];
};

export type RenderDocOptions = {
  /** The library's images the doc names, found by id; an id missing from the map is dropped. */
  images?: ReadonlyMap<string, DocImage>;
};

const schema: SanitizeSchema = {
  ...defaultSchema,
  // Raw HTML is dropped before sanitizing, so the only ids here are the footnotes', which
  // remark-rehype already prefixed ("user-content-"): prefixing again would break their links.
  clobberPrefix: "",
  tagNames: (defaultSchema.tagNames ?? []).filter(
    (tag) => !["details", "summary", "picture", "source", "ruby", "rp", "rt"].includes(tag),
  ),
  protocols: {
    href: ["http", "https", "mailto", "tel"],
    // Images: the site's own paths only (no protocol is allowed, and relative paths pass).
    src: [],
    cite: ["http", "https"],
  },
  attributes: {
    ...defaultSchema.attributes,
    img: ["src", "alt", "title"],
  },
};

/** The doc path a link names (`/docs/a/b#x` → "a/b"), or undefined for any other link. */
export function docPathOfLink(href: string): string | undefined {
  const match = /^\/docs(?:\/([^?#]*))?(?:[?#].*)?$/.exec(href);
  if (!match) return undefined;
  return (match[1] ?? "").replace(/\/+$/, "");
}

/** What one render gathers as it goes, and the images it may show. */
type RenderState = {
  images: ReadonlyMap<string, DocImage>;
  mediaIds: string[];
  docLinks: string[];
  headings: DocHeading[];
  text: string;
};

/**
 * The render under way. The processor is made once, and a render runs it synchronously
 * from start to end (every step is synchronous once shiki is loaded), so no other render
 * can begin before this one has finished with its state.
 */
let current: RenderState | undefined;

function state(): RenderState {
  if (!current) throw new Error("a docs render step ran outside renderDoc");
  return current;
}

/**
 * Library images become `<picture>` with AVIF and WebP sizes (the browser takes the one it
 * needs), lazily loaded, with their pixel size so the page does not jump. Any other image,
 * or one the library no longer has, is dropped: a doc never loads a picture from elsewhere.
 */
function picture(node: Element, images: ReadonlyMap<string, DocImage>, found: string[]): Element | undefined {
  const src = typeof node.properties.src === "string" ? node.properties.src : "";
  const id = mediaImage.exec(src)?.[1];
  const image = id ? images.get(id) : undefined;
  if (!id || !image) return undefined;
  found.push(id);
  const written = typeof node.properties.alt === "string" ? node.properties.alt : "";
  const img: Element = {
    type: "element",
    tagName: "img",
    properties: {
      src: image.src,
      alt: written || image.alt || "",
      ...(typeof node.properties.title === "string" ? { title: node.properties.title } : {}),
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

/** The footnotes' own heading (remark-rehype's, read by screen readers only): not part of the contents. */
function footnotes(heading: Element): boolean {
  const id = typeof heading.properties.id === "string" ? heading.properties.id : "";
  return id === "footnote-label" || id.startsWith("user-content-");
}

const isCheckbox = (child: ElementContent): child is Element =>
  child.type === "element" && child.tagName === "input" && child.properties.type === "checkbox";

/**
 * A task list's checkboxes (GFM `- [x]`) are disabled marks of done or not: each is named
 * by its item's words, so a screen reader says "checked, Phantom check run" (WCAG 4.1.2).
 */
function labelTask(item: Element): void {
  const paragraph = item.children.find((child): child is Element => child.type === "element" && child.tagName === "p");
  const box = item.children.find(isCheckbox) ?? paragraph?.children.find(isCheckbox);
  if (box) box.properties.ariaLabel = toString(item).replace(/\s+/g, " ").trim().slice(0, 200);
}

/**
 * The trusted additions, in one walk of the sanitized tree: library images, the links
 * and files the doc names, callouts and the task lists' labels.
 */
function trustedAdditions() {
  return (tree: Root) => {
    const found = state();
    visit(tree, "element", (node: Element, index, parent) => {
      switch (node.tagName) {
        case "img": {
          if (!parent || index === undefined) return;
          const replacement = picture(node, found.images, found.mediaIds);
          if (!replacement) {
            parent.children.splice(index, 1);
            return index;
          }
          parent.children[index] = replacement;
          return "skip";
        }
        case "a": {
          const href = typeof node.properties.href === "string" ? node.properties.href : undefined;
          if (href === undefined) return;
          const doc = docPathOfLink(href);
          if (doc !== undefined) found.docLinks.push(doc);
          const file = mediaLink.exec(href)?.[1];
          if (file) found.mediaIds.push(file);
          return;
        }
        case "blockquote":
          calloutOf(node);
          return;
        case "li":
          labelTask(node);
          return;
        default:
          return;
      }
    });
  };
}

/** Once the headings have ids: the contents (h2 and h3), and all the words, for search. */
function contentsAndText() {
  return (tree: Root) => {
    const found = state();
    visit(tree, "element", (node: Element) => {
      const depth = node.tagName === "h2" ? 2 : node.tagName === "h3" ? 3 : 0;
      if (!depth) return;
      if (typeof node.properties.id === "string" && !footnotes(node)) {
        found.headings.push({ id: node.properties.id, text: toString(node).trim(), depth });
      }
      return "skip";
    });
    found.text = toString(tree).replace(/\s+/g, " ").trim();
  };
}

const anchored = /^h[234]$/;

/** The pipeline, made once shiki is loaded. */
function makeProcessor(shiki: HighlighterCore) {
  return (
    unified()
      .use(remarkParse)
      .use(remarkGfm)
      // Raw HTML in the markdown is dropped, not passed through (allowDangerousHtml stays off).
      .use(remarkRehype)
      .use(rehypeSanitize, schema)
      // Trusted from here on: each step only adds to what the schema let through.
      .use(trustedAdditions)
      .use(rehypeSlug)
      .use(contentsAndText)
      .use(rehypeAutolinkHeadings, {
        behavior: "append",
        test: (node: Element) => anchored.test(node.tagName) && !footnotes(node),
        properties: { className: ["anchor"], ariaHidden: "true", tabIndex: -1 },
        content: { type: "text", value: "#" },
      })
      .use(() => rehypeHighlight(shiki))
      .use(rehypeStringify)
      .freeze()
  );
}

let processor: Promise<ReturnType<typeof makeProcessor>> | undefined;

function docsProcessor() {
  processor ??= highlighter().then(makeProcessor, (error: unknown) => {
    processor = undefined;
    throw error;
  });
  return processor;
}

export async function renderDoc(markdown: string, options: RenderDocOptions = {}): Promise<RenderedDoc> {
  const pipeline = await docsProcessor();
  const found: RenderState = {
    images: options.images ?? new Map(),
    mediaIds: [],
    docLinks: [],
    headings: [],
    text: "",
  };
  current = found;
  let html: string;
  try {
    html = pipeline.stringify(pipeline.runSync(pipeline.parse(markdown)));
  } finally {
    current = undefined;
  }
  return {
    html,
    headings: found.headings,
    text: found.text,
    mediaIds: [...new Set(found.mediaIds)],
    docLinks: [...new Set(found.docLinks)],
  };
}

/** The media library ids a doc's markdown names (images and links), to look them up before rendering. */
export function mediaIdsIn(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(new RegExp(`/media/(${uuid})`, "g"))].map((match) => match[1] ?? ""))];
}
