import type { Element, Root } from "hast";
import { toString } from "hast-util-to-string";
import type { HighlighterCore, ShikiTransformer } from "shiki/core";
import { visit } from "unist-util-visit";

/**
 * Code blocks coloured on the server by shiki, with no JavaScript in the browser. Under the
 * CSP (`style-src` has no 'unsafe-inline') a `style` attribute is dropped, so shiki's
 * CSS-variables theme is used and every token's colour is turned into a class
 * (`tok-keyword`), coloured per colour mode in app/styles/docs.css. shiki's JavaScript
 * regex engine is used (no WebAssembly), with only the languages a technician's doc
 * shows; anything else is plain text.
 */

const languages = {
  bash: () => import("@shikijs/langs/bash"),
  powershell: () => import("@shikijs/langs/powershell"),
  json: () => import("@shikijs/langs/json"),
  jsonc: () => import("@shikijs/langs/jsonc"),
  yaml: () => import("@shikijs/langs/yaml"),
  ini: () => import("@shikijs/langs/ini"),
  toml: () => import("@shikijs/langs/toml"),
  xml: () => import("@shikijs/langs/xml"),
  csv: () => import("@shikijs/langs/csv"),
  sql: () => import("@shikijs/langs/sql"),
  python: () => import("@shikijs/langs/python"),
  javascript: () => import("@shikijs/langs/javascript"),
  typescript: () => import("@shikijs/langs/typescript"),
  diff: () => import("@shikijs/langs/diff"),
  http: () => import("@shikijs/langs/http"),
};

type Language = keyof typeof languages;

/** What a writer may put after the fence, and the grammar it means. */
const aliases: Record<string, Language> = {
  sh: "bash",
  shell: "bash",
  zsh: "bash",
  console: "bash",
  ps: "powershell",
  ps1: "powershell",
  pwsh: "powershell",
  yml: "yaml",
  conf: "ini",
  cfg: "ini",
  js: "javascript",
  ts: "typescript",
  py: "python",
  html: "xml",
};

/** The language a fence names, if it is one we colour. */
export function languageOf(name: string): Language | undefined {
  const lower = name.toLowerCase();
  if (Object.hasOwn(languages, lower)) return lower as Language;
  return Object.hasOwn(aliases, lower) ? aliases[lower] : undefined;
}

/** The token classes the theme can produce (the CSS colours each). */
export const tokenNames = [
  "comment",
  "constant",
  "function",
  "keyword",
  "link",
  "parameter",
  "punctuation",
  "string",
  "string-expression",
  "deleted",
  "inserted",
  "changed",
] as const;

let loading: Promise<HighlighterCore> | undefined;

async function createHighlighter(): Promise<HighlighterCore> {
  const [{ createHighlighterCore, createCssVariablesTheme }, { createJavaScriptRegexEngine }] = await Promise.all([
    import("shiki/core"),
    import("shiki/engine/javascript"),
  ]);
  const grammars = await Promise.all(Object.values(languages).map((load) => load().then((module) => module.default)));
  return createHighlighterCore({
    themes: [createCssVariablesTheme({ name: "tokens", variablePrefix: "--tok-", fontStyle: true })],
    langs: grammars,
    engine: createJavaScriptRegexEngine(),
  });
}

/** One highlighter per process, made on the first code block. */
export function highlighter(): Promise<HighlighterCore> {
  loading ??= createHighlighter().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

const variable = /^var\(--tok-(?:token-)?([a-z-]+)\)$/;

/** Styles out, classes in: `color: var(--tok-keyword)` becomes `tok-keyword`; italics and bold likewise. */
const classesNotStyles: ShikiTransformer = {
  name: "densara:classes-not-styles",
  pre(node) {
    // Scrollable, so reachable by keyboard.
    node.properties = { class: "code", tabindex: "0" };
  },
  span(node, _line, _column, _lineElement, token) {
    delete node.properties.style;
    const classes: string[] = [];
    const name = token.color ? variable.exec(token.color)?.[1] : undefined;
    if (name && name !== "foreground") classes.push(`tok-${name}`);
    const fontStyle = token.fontStyle ?? 0;
    if (fontStyle & 1) classes.push("tok-i");
    if (fontStyle & 2) classes.push("tok-b");
    if (classes.length > 0) node.properties.class = classes.join(" ");
  },
};

/** Lines longer than this (minified JSON, a pasted log) are not coloured. */
const maxColouredLine = 2000;

/** The fence's language from `class="language-bash"`. */
function fenceLanguage(code: Element): string {
  const classes = code.properties.className;
  const list = Array.isArray(classes) ? classes.map(String) : [];
  const named = list.find((name) => name.startsWith("language-"));
  return named ? named.slice("language-".length) : "";
}

/**
 * Colours every `<pre><code class="language-…">` of a (sanitized) tree. It runs after
 * sanitizing: shiki's output is trusted, and its text came out of the sanitized tree.
 */
export function rehypeHighlight(shiki: HighlighterCore) {
  return (tree: Root) => {
    visit(tree, "element", (node: Element, index, parent) => {
      if (node.tagName !== "pre" || !parent || index === undefined) return;
      const code = node.children.find((child): child is Element => child.type === "element");
      if (!code || code.tagName !== "code") return;
      const written = fenceLanguage(code);
      const language = languageOf(written);
      const text = toString(code).replace(/\n$/, "");
      const highlighted = shiki.codeToHast(text, {
        lang: language ?? "text",
        theme: "tokens",
        transformers: [classesNotStyles],
        // The same markdown must colour the same way on a busy machine as on an idle one (a
        // page is rendered once and kept): no time limit per line, which cut a line short
        // into one token when the first render compiled the grammar under load. The work is
        // bounded by length instead: a longer line is shown uncoloured.
        tokenizeTimeLimit: 0,
        tokenizeMaxLineLength: maxColouredLine,
      });
      const pre = highlighted.children.find((child): child is Element => child.type === "element");
      if (!pre) return;
      // The label the copy button and the reader see; a language we do not colour keeps its name.
      if (written) pre.properties.dataLanguage = written.slice(0, 24);
      parent.children[index] = pre;
      return "skip";
    });
  };
}
