import { relative } from "node:path";
import type { Plugin } from "vite";
import { ContentError, parsePageFile, parseSite } from "../../content/parse.ts";
import { renderPage } from "../../content/render.ts";

/**
 * Turns content files into validated JSON modules at build time, with markdown
 * already rendered and sanitized. A bad file fails the build with its name and field.
 */
export function contentPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: "densara:content",
    enforce: "pre",
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      const file = id.split("?")[0] ?? id;
      const name = relative(root, file);
      if (!name.startsWith("content/") || !/\.(ya?ml|md)$/.test(name)) return null;
      try {
        if (name === "content/site.yaml") {
          return { code: `export default ${JSON.stringify(parseSite(name, code))};`, map: null };
        }
        if (name.startsWith("content/pages/")) {
          const page = parsePageFile(name.slice("content/pages/".length), code);
          return { code: `export default ${JSON.stringify(renderPage(page))};`, map: null };
        }
      } catch (error) {
        if (error instanceof ContentError) this.error(error.message);
        throw error;
      }
      this.error(`${name}: no schema covers this content file`);
    },
  };
}
