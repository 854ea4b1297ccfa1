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
import { isFootnoteLabel, settleHeadings, type DocHeading } from "./headings.ts";
import { highlighter, rehypeHighlight } from "./highlight.ts";
import { slotKeyOf, slotMarker, type ImageSlot, type ImageSlots } from "./image-slots.ts";
import { altOf, libraryIdOf, mediaLink, missingImage } from "./images.ts";
import { docPathOfLink, headingIdPrefix, landFragments } from "./links.ts";
import { listItemProblem, labelTask } from "./lists.ts";
import { plainText } from "./plain-text.ts";
import { outsideImage, type DocProblem } from "./problems.ts";
import { rehypeSafeUrls } from "./safe-urls.ts";
import { alignCell, keepCellCodesWhole, tableFrame } from "./tables.ts";

/**
 * A doc's markdown, rendered on the server: GitHub-flavoured markdown (tables, task lists,
 * footnotes), then sanitized with a strict schema (GitHub's, less what a doc has no use
 * for, with raw HTML dropped before it) and a check of every address's scheme, then the
 * trusted steps that only add to the safe tree: heading ids and anchors, callouts, code
 * coloured by shiki, tables in scroll frames, and a marker where each media library image
 * goes (`image-slots.ts`: the picture is put in when the page is served). What comes out
 * is the page as readers see it, with its table of contents, its text for search, the
 * media files it shows, the docs it links and what the writer should fix. All of it is
 * plain data (a worker thread hands it back), and the same text always gives the same.
 */

export type { DocHeading } from "./headings.ts";
export type { DocImage } from "./image-slots.ts";
export type { DocProblem } from "./problems.ts";
export { docPathOfLink } from "./links.ts";
export { mediaIdsIn } from "./media-refs.ts";

export type RenderedDoc = {
  html: string;
  /** The h2 and h3 headings that have words, for the table of contents and search. */
  headings: DocHeading[];
  /** All the words, for search: a line for each block and table row, cells joined by " · ". */
  text: string;
  /** Media library files the doc shows or links to, in order. */
  mediaIds: string[];
  /** The docs it links to, as paths under /docs ("" is /docs itself), without anchors. */
  docLinks: string[];
  /** What the writer should fix (empty headings and list items, images from elsewhere), by line. */
  problems: DocProblem[];
  /** The library images the page shows, placed by `showImages` when it is served. */
  images: ImageSlots;
};

const schema: SanitizeSchema = {
  ...defaultSchema,
  // Raw HTML is dropped before sanitizing, so the only ids here are the footnotes', which
  // remark-rehype already prefixed ("user-content-"): prefixing again would break their links.
  clobberPrefix: "",
  tagNames: (defaultSchema.tagNames ?? []).filter(
    (tag) => !["details", "summary", "picture", "source", "ruby", "rp", "rt"].includes(tag),
  ),
  // hast-util-sanitize compares schemes case-sensitively: links' schemes are checked by
  // rehypeSafeUrls instead (no list here means none is refused at this step).
  protocols: {
    // Images: http(s), or the site's own paths (relative paths pass); only the library's stay.
    src: ["http", "https"],
    cite: ["http", "https"],
  },
  attributes: {
    ...defaultSchema.attributes,
    img: ["src", "alt", "title"],
  },
};

/** What one render gathers as it goes. */
type RenderState = {
  slotKey: string;
  slots: ImageSlot[];
  mediaIds: string[];
  docLinks: string[];
  headings: DocHeading[];
  text: string;
  problems: DocProblem[];
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

/** A library image as the marker of its slot; any other image as its alt text, which the writer is told of. */
function image(node: Element, found: RenderState): ElementContent | undefined {
  const id = libraryIdOf(node);
  if (id) {
    found.mediaIds.push(id);
    const title = node.properties.title;
    found.slots.push({
      id,
      alt: altOf(node),
      title: typeof title === "string" ? title : null,
      line: node.position?.start.line ?? null,
    });
    return { type: "comment", value: slotMarker(found.slotKey, found.slots.length - 1) };
  }
  found.problems.push(outsideImage(node, altOf(node).trim(), false));
  return missingImage(node);
}

/**
 * The trusted additions, in one walk of the sanitized tree: library images, the links
 * and files the doc names, callouts, task lists' labels and tables.
 */
function trustedAdditions() {
  return (tree: Root) => {
    const found = state();
    // The section a table is in (the heading before it), and the tables' names so far.
    let section: string | undefined;
    const tableNames = new Set<string>();
    visit(tree, "element", (node: Element, index, parent) => {
      if (/^h[1-6]$/.test(node.tagName)) section = toString(node).replace(/\s+/g, " ").trim() || section;
      switch (node.tagName) {
        case "img": {
          if (!parent || index === undefined) return;
          const replacement = image(node, found);
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
        case "table":
          if (parent && index !== undefined) parent.children[index] = tableFrame(node, section, tableNames);
          return;
        case "th":
        case "td":
          alignCell(node);
          keepCellCodesWhole(node);
          return;
        default:
          return;
      }
    });
  };
}

/**
 * Once the headings have ids: empty headings and list items found, ids made unique, the
 * contents, in-page links led to the prefixed ids, and all the words, for search.
 */
function settle() {
  return (tree: Root) => {
    const found = state();
    const { contents, ids, headingIds } = settleHeadings(tree, found.problems);
    found.headings = contents;
    visit(tree, "element", (node: Element) => {
      const problem = node.tagName === "li" ? listItemProblem(node) : undefined;
      if (problem) found.problems.push(problem);
    });
    landFragments(tree, ids, headingIds);
    found.text = plainText(tree);
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
      .use(rehypeSafeUrls)
      // Trusted from here on: each step only adds to what the schema let through.
      .use(trustedAdditions)
      .use(rehypeSlug, { prefix: headingIdPrefix })
      .use(settle)
      .use(rehypeAutolinkHeadings, {
        behavior: "append",
        test: (node: Element) => anchored.test(node.tagName) && !isFootnoteLabel(node),
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

const byLine = (a: DocProblem, b: DocProblem) => (a.line ?? Infinity) - (b.line ?? Infinity);

export async function renderDoc(markdown: string): Promise<RenderedDoc> {
  const pipeline = await docsProcessor();
  const found: RenderState = {
    slotKey: slotKeyOf(markdown),
    slots: [],
    mediaIds: [],
    docLinks: [],
    headings: [],
    text: "",
    problems: [],
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
    problems: found.problems.toSorted(byLine),
    images: { key: found.slotKey, slots: found.slots },
  };
}
