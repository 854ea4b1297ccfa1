import type { RenderedPage } from "../../../content/render.ts";
import { publicPaths } from "../../../shared/public-paths.ts";

// Each file arrives as a validated JSON module (scripts/vite/content.ts).
const modules = import.meta.glob<RenderedPage>("../../../content/pages/**/*.{yaml,md}", {
  eager: true,
  import: "default",
});

export const pages: ReadonlyMap<string, RenderedPage> = new Map(
  Object.values(modules).map((page) => [page.path, page]),
);

const missing = publicPaths.filter((path) => !pages.has(path));
if (missing.length > 0) {
  throw new Error(`content/pages has no file for ${missing.join(", ")}`);
}

export function getPage(path: string): RenderedPage | undefined {
  return pages.get(path);
}
