import { htmlToText } from "../../../content/text.ts";
import type { RenderedSection } from "../../../content/render.ts";
import { pages } from "../../lib/site/content.server.ts";
import { publicPaths } from "../../../shared/public-paths.ts";
import type { SearchSection } from "../../lib/site/search-index.ts";

function sectionText(section: RenderedSection): string {
  const parts: string[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === "string") parts.push(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === "object") {
      if ("__html" in value && typeof value.__html === "string") parts.push(htmlToText(value.__html));
      else
        Object.entries(value).forEach(
          ([key, inner]) => key !== "type" && key !== "id" && key !== "to" && key !== "icon" && visit(inner),
        );
    }
  };
  visit({ ...section, title: undefined });
  return parts.join(" ").replace(/\s+/g, " ").trim();
}

/** The site search index, every public page section by section; prerendered to a static file. */
export function loader() {
  const index: SearchSection[] = publicPaths.flatMap((path) => {
    const page = pages.get(path);
    if (!page) return [];
    return [
      { id: path, title: page.title, titles: [], level: 1 as const, content: page.hero.lead },
      ...page.sections.map((section) => ({
        id: `${path}#${section.id}`,
        title: section.title,
        titles: [page.title],
        level: 2 as const,
        content: sectionText(section),
      })),
    ];
  });
  return Response.json(index, { headers: { "Cache-Control": "public, max-age=300" } });
}
