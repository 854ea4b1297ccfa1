/** Validates every content file and prints what it found; exits non-zero on the first bad file. */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { ContentError, parsePages, parseSite } from "../content/parse.ts";

const root = new URL("../content/", import.meta.url).pathname;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : /\.(ya?ml|md)$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

try {
  parseSite("content/site.yaml", readFileSync(join(root, "site.yaml"), "utf8"));
  const files = Object.fromEntries(
    walk(join(root, "pages")).map((file) => [relative(join(root, "pages"), file), readFileSync(file, "utf8")]),
  );
  const pages = parsePages(files);
  console.log(`content ok: site.yaml and ${pages.size} pages (${[...pages.keys()].sort().join(", ")})`);
} catch (error) {
  if (error instanceof ContentError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
