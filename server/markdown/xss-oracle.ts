import type { Element, Properties, Root, RootContent } from "hast";
import { fromHtml } from "hast-util-from-html";

/**
 * The oracle of the XSS tests: it reads a renderer's HTML with a real HTML parser, as a
 * browser would, and names everything in it that could run script, leave the page,
 * restyle it or clobber the DOM. Tests only: hast-util-from-html is a devDependency.
 */

export type DangerOptions = {
  /** The prefixes an `id` or `name` must start with (default: `note-`, `user-content-`). */
  idPrefixes?: readonly string[];
};

/** Elements that run script, embed or submit elsewhere, restyle, or parse as something else. */
const forbiddenElements = new Set([
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "form",
  "input",
  "button",
  "textarea",
  "select",
  "meta",
  "base",
  "link",
  "svg",
  "math",
  "template",
  "noscript",
  "xmp",
  "plaintext",
  "listing",
  "animate",
  "set",
  "foreignobject",
  // Not in every list, same reasons.
  "animatemotion",
  "animatetransform",
  "isindex",
  "noembed",
  "noframes",
  "portal",
]);

/** Attributes never wanted, whatever their value (lower case, without `:`). */
const forbiddenAttributes = new Map([
  ["style", "style"],
  ["srcdoc", "srcdoc"],
  ["formaction", "formaction"],
  ["action", "action"],
  ["xlinkhref", "xlink:href"],
]);

/** Attributes holding a URL (or, for `srcset` and `ping`, a list of them). */
const urlAttributes = new Set([
  "href",
  "src",
  "cite",
  "poster",
  "background",
  "action",
  "data",
  "srcset",
  "ping",
  "longdesc",
]);

/** Schemes any URL attribute may use. */
const allowedSchemes = new Set(["http", "https", "mailto", "tel"]);

/**
 * A link (`href`) may use any other scheme but these: the renderers keep `irc:` or a
 * made-up scheme as CommonMark does (the browser hands it to an installed program, with its
 * prompt), but never one that runs script or shows the writer's content in the browser, or
 * opens the reader's files.
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

/**
 * The scheme a browser would read from a URL attribute, if any: ASCII whitespace and
 * control characters removed (browsers drop tabs and newlines anywhere), lower case.
 */
function schemeOf(url: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are the point
  const cleaned = url.replace(/[\u0000-\u0020\u007f]/g, "").toLowerCase();
  return /^([a-z][a-z0-9+.-]*):/.exec(cleaned)?.[1];
}

/** A property's value as strings (hast keeps lists as arrays, booleans as booleans). */
function valuesOf(value: Properties[string]): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (value === undefined || value === null || value === false) return [];
  return [String(value)];
}

/** The URLs in an attribute's value: `srcset` lists candidates (`url descriptor, …`). */
function urlsOf(attribute: string, value: Properties[string]): string[] {
  const values = valuesOf(value);
  if (attribute !== "srcset") return values;
  return values.flatMap((v) => v.split(",")).map((candidate) => candidate.trim().split(/\s+/)[0] ?? "");
}

function show(value: Properties[string]): string {
  return JSON.stringify(valuesOf(value).join(" "));
}

/**
 * Everything in `html` that could run script, navigate or submit elsewhere, restyle the
 * page or clobber the DOM, one finding per problem (an empty list means clean). The HTML
 * is parsed as a browser parses it in a page's body, so entities are decoded, tags are
 * repaired, stray `<body>`/`<html>` attributes land on the page's elements, and
 * `<template>` contents are included. HTML too deep to parse is reported, not passed.
 */
export function dangerIn(html: string, options: DangerOptions = {}): string[] {
  const idPrefixes = options.idPrefixes ?? ["note-", "user-content-"];
  const findings: string[] = [];

  const check = (element: Element) => {
    const tag = element.tagName.toLowerCase();
    const where = `<${element.tagName}>`;
    const properties = element.properties;
    const isTaskCheckbox =
      tag === "input" && String(properties.type).toLowerCase() === "checkbox" && properties.disabled === true;
    if (forbiddenElements.has(tag) && !isTaskCheckbox) findings.push(`element ${where}`);

    for (const [property, value] of Object.entries(properties)) {
      // hast names properties in camel case (`onError`, `srcDoc`, `xLinkHref`): lower
      // case and without punctuation, they compare with attribute names.
      const attribute = property.toLowerCase().replace(/[^a-z0-9]/g, "");
      if (attribute.startsWith("on")) {
        findings.push(`event handler ${attribute}=${show(value)} on ${where}`);
        continue;
      }
      const forbidden = forbiddenAttributes.get(attribute);
      if (forbidden) {
        findings.push(`attribute ${forbidden}=${show(value)} on ${where}`);
        continue;
      }
      if (urlAttributes.has(attribute)) {
        for (const url of urlsOf(attribute, value)) {
          const scheme = schemeOf(url);
          const refused =
            attribute === "href" ? deniedLinkSchemes.has(scheme ?? "") : !allowedSchemes.has(scheme ?? "http");
          if (scheme !== undefined && refused) {
            findings.push(`${scheme}: URL in ${attribute}=${JSON.stringify(url)} on ${where}`);
          }
        }
      }
      if (attribute === "id" || attribute === "name") {
        for (const name of valuesOf(value)) {
          if (!idPrefixes.some((prefix) => name.startsWith(prefix))) {
            findings.push(
              `${attribute}=${JSON.stringify(name)} on ${where} does not start with ${idPrefixes.join(" or ")}`,
            );
          }
        }
      }
    }

    const target = valuesOf(properties.target).join(" ").toLowerCase();
    const rel = valuesOf(properties.rel).map((token) => token.toLowerCase());
    if (target === "_blank" && !rel.includes("noopener")) {
      findings.push(`target=_blank without rel=noopener on ${where}`);
    }
  };

  let tree: Root;
  try {
    // Parsed where the page puts it, inside a document's body (not as a detached
    // fragment): there, a stray `<body onload>` or `<html onload>` adds its attributes
    // to the page's own element.
    tree = fromHtml(`<!doctype html><html><head></head><body>${html}`);
  } catch (error) {
    // Converting parse5's tree to hast recurses once per level: HTML nested deeply enough
    // overflows the stack. Fail closed: what cannot be checked is not clean.
    if (error instanceof RangeError) return [`HTML too deeply nested to check (${error.message})`];
    throw error;
  }

  // Depth-first, in document order, without recursion (the nesting can be deep).
  const pending: RootContent[] = tree.children.toReversed();
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.type !== "element") continue;
    check(node);
    // A `<template>`'s children live in a separate fragment.
    const next: RootContent[] = [...node.children, ...(node.content?.children ?? [])];
    for (const child of next.toReversed()) pending.push(child);
  }
  return findings;
}
