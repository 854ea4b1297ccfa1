import type { Element, ElementContent, Properties, Root, RootContent } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toString } from "hast-util-to-string";
import rehypeStringify from "rehype-stringify";
import { unified } from "unified";

/**
 * The conformance test's comparison of rendered HTML with CommonMark's expected HTML
 * (tests only: hast-util-from-html is a devDependency).
 *
 * `comparable` does what the spec's own test runner (normalize.py) does: it parses the
 * HTML (so entities, attribute quoting and `<br />` against `<br>` no longer differ), sorts
 * attributes, collapses runs of white space outside `<pre>`, and drops white space next to
 * block tags. It also drops one newline at the end of a code block's text: the highlighter
 * takes it off, and it is never shown.
 *
 * `docsAdditions` then takes away, from the docs renderer's HTML only, what that renderer
 * adds on purpose, each undone exactly and nothing else touched:
 * - a heading's `id` (its slug) and the `#` anchor link appended to it;
 * - shiki's colouring: `<pre class="code" tabindex="0" data-language="x"><code>` with one
 *   `<span>` per line and token becomes `<pre><code class="language-x">` and its text;
 * - a table's scroll frame (`div.table-frame`), its cells' classes (`align-*` back to the
 *   `align` attribute, `cell-wide`) and the `span.nowrap` kept around codes in cells;
 * - a library image's `<picture>` (back to its `<img>`).
 * Link addresses, text, and every other element and attribute are compared as they are.
 * Callouts, footnotes, tables and task lists are not CommonMark, so no example has one.
 *
 * `imagesAsAltText` is the one change to the expected side, for the docs renderer only: a
 * doc never loads an image from outside the media library, and shows its alt text in its
 * place (`<span class="doc-image-missing">`), which is what the example is then checked for.
 */

const blockTags = new Set([
  "address",
  "blockquote",
  "div",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "li",
  "ol",
  "p",
  "pre",
  "table",
  "tbody",
  "td",
  "th",
  "thead",
  "tr",
  "ul",
]);

const isElement = (node: RootContent | ElementContent | undefined): node is Element => node?.type === "element";
const isBlock = (node: RootContent | ElementContent | undefined) => isElement(node) && blockTags.has(node.tagName);
const classesOf = (node: Element) => (Array.isArray(node.properties.className) ? node.properties.className : []);

/** Collapses white space outside `<pre>` and drops it beside block tags, then sorts attributes. */
function tidy(parent: Root | Element, inPre: boolean): void {
  const block = parent.type === "root" || blockTags.has(parent.tagName);
  const children = parent.children as (RootContent | ElementContent)[];
  children.forEach((child, index) => {
    if (child.type === "text" && !inPre) {
      let value = child.value.replace(/[ \t\n\r\f]+/g, " ");
      if ((index === 0 && block) || isBlock(children[index - 1])) value = value.trimStart();
      if ((index === children.length - 1 && block) || isBlock(children[index + 1])) value = value.trimEnd();
      child.value = value;
    }
    if (isElement(child)) {
      const sorted: Properties = {};
      for (const key of Object.keys(child.properties).sort()) sorted[key] = child.properties[key];
      child.properties = sorted;
      tidy(child, inPre || child.tagName === "pre");
    }
  });
  parent.children = children.filter((child) => child.type !== "text" || child.value !== "");
}

/** A code block's text without the one newline every block ends with. */
function trimCodeEnds(parent: Root | Element): void {
  for (const child of parent.children) {
    if (!isElement(child)) continue;
    const code = child.tagName === "pre" ? child.children.find(isElement) : undefined;
    if (code?.tagName === "code") {
      const text = toString(code);
      code.children = text.endsWith("\n")
        ? [{ type: "text", value: text.slice(0, -1) }]
        : [{ type: "text", value: text }];
    } else trimCodeEnds(child);
  }
}

/** Rendered HTML in the form two renderings are compared in. */
export function comparable(html: string, change?: (tree: Root) => void): string {
  const tree = fromHtml(html, { fragment: true });
  change?.(tree);
  trimCodeEnds(tree);
  tidy(tree, false);
  return unified().use(rehypeStringify).stringify(tree);
}

/** Replaces each child by what `map` gives (a list: none, itself, or others), depth first. */
function rewrite(parent: Root | Element, map: (node: Element) => ElementContent[] | undefined): void {
  const next: ElementContent[] = [];
  for (const child of parent.children as ElementContent[]) {
    if (!isElement(child)) {
      next.push(child);
      continue;
    }
    rewrite(child, map);
    next.push(...(map(child) ?? [child]));
  }
  parent.children = next;
}

/** Undoes what the docs renderer adds on purpose (see above). */
export function docsAdditions(tree: Root): void {
  rewrite(tree, (node) => {
    const classes = classesOf(node);
    if (/^h[1-6]$/.test(node.tagName)) {
      delete node.properties.id;
      node.children = node.children.filter((child) => !(isElement(child) && classesOf(child).includes("anchor")));
    }
    if (node.tagName === "pre" && classes.includes("code")) {
      const language = node.properties.dataLanguage;
      const code = node.children.find(isElement);
      const text = code ? toString(code) : "";
      return [
        {
          type: "element",
          tagName: "pre",
          properties: {},
          children: [
            {
              type: "element",
              tagName: "code",
              properties: typeof language === "string" ? { className: [`language-${language}`] } : {},
              children: [{ type: "text", value: text === "" ? "" : `${text}\n` }],
            },
          ],
        },
      ];
    }
    if ((node.tagName === "div" && classes.includes("table-frame")) || node.tagName === "picture") {
      return node.tagName === "picture"
        ? node.children.filter((child) => isElement(child) && child.tagName === "img")
        : node.children;
    }
    if (node.tagName === "span" && classes.includes("nowrap")) return node.children;
    if (node.tagName === "td" || node.tagName === "th") {
      const align = classes.find((name) => name.startsWith("align-"));
      node.properties = align ? { align: align.slice("align-".length) } : {};
    }
    return undefined;
  });
}

/** The expected HTML as a doc shows it: each image as its alt text (none, if it has none). */
export function imagesAsAltText(tree: Root): void {
  rewrite(tree, (node) => {
    if (node.tagName !== "img") return undefined;
    const alt = typeof node.properties.alt === "string" ? node.properties.alt : "";
    if (alt === "") return [];
    return [
      {
        type: "element",
        tagName: "span",
        properties: { className: ["doc-image-missing"] },
        children: [{ type: "text", value: alt }],
      },
    ];
  });
}
