import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const appDir = join(import.meta.dirname, "..");

/** Every source file of the app, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A request's body read in place: `request.formData()`, `.text()`, `.json()`, … or `formOf(…)`. */
const bodyRead = /\b(?:request|req)\.(?:formData|text|json|arrayBuffer|blob|bytes)\s*\(|\bformOf\s*\(/;

describe("a submitted form is read once", () => {
  it("only readForm reads a request's body: the CSRF check hands a signed-in form on, and its request has none left", () => {
    const readers = sources(appDir)
      .filter((file) => bodyRead.test(readFileSync(file, "utf8")))
      .map((file) => relative(appDir, file))
      .sort();
    // form-data.ts defines formOf; actions.server.ts's readForm takes the handed-on form first.
    expect(readers).toEqual(["lib/actions.server.ts", "lib/form-data.ts"]);
  });
});
