import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import type { Page } from "./schema.ts";

/** Markdown fields become HTML ready for `dangerouslySetInnerHTML`. */
type Html = { __html: string };
/** The only fields whose text is markdown (see content/schema.ts). */
const markdownFields = ["body", "answer", "summary"] as const;
type MarkdownKey = (typeof markdownFields)[number];

type RenderMarkdown<T> = T extends readonly (infer Item)[]
  ? RenderMarkdown<Item>[]
  : T extends object
    ? {
        [K in keyof T]: K extends MarkdownKey
          ? T[K] extends string
            ? Html
            : RenderMarkdown<T[K]>
          : RenderMarkdown<T[K]>;
      }
    : T;

export type RenderedPage = RenderMarkdown<Page>;
export type RenderedSection = RenderedPage["sections"][number];

const marked = new Marked({ gfm: true, breaks: false, async: false });

const allowedTags = [
  "p",
  "ul",
  "ol",
  "li",
  "strong",
  "em",
  "a",
  "h3",
  "h4",
  "code",
  "blockquote",
  "br",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
];

/** Renders trusted-format markdown and sanitizes the result: content is data, never markup. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, {
    allowedTags,
    allowedAttributes: { a: ["href", "target", "rel"] },
    allowedSchemes: ["https", "mailto", "tel"],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, original) => {
        const href = original.href ?? "";
        const external = /^https:/i.test(href);
        const attribs: Record<string, string> = external
          ? { href, target: "_blank", rel: "noopener noreferrer" }
          : { href };
        return { tagName, attribs };
      },
    },
  }).trim();
}

const markdownKeys = new Set<string>(markdownFields);

function renderValue(value: unknown, key?: string): unknown {
  if (typeof value === "string" && key !== undefined && markdownKeys.has(key)) {
    return { __html: renderMarkdown(value) };
  }
  if (Array.isArray(value)) return value.map((item) => renderValue(item));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderValue(v, k)]));
  }
  return value;
}

export function renderPage(page: Page): RenderedPage {
  return renderValue(page) as RenderedPage;
}
