import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { publicPaths, type PublicPath } from "../../shared/public-paths.ts";

/** The page content the app renders, read straight from content/pages so the tests follow the words. */
const pagesDir = fileURLToPath(new URL("../../content/pages/", import.meta.url));

type PageContent = { path: string; title: string; description: string; hero: { title: string } };

function contentFile(path: string): string {
  const stem = path === "/" ? "index" : path.slice(1);
  const candidates = [
    `${stem}.yaml`,
    `${stem}.yml`,
    `${stem}.md`,
    `${stem}/index.yaml`,
    `${stem}/index.yml`,
    `${stem}/index.md`,
  ];
  const found = candidates.map((name) => `${pagesDir}${name}`).find((file) => existsSync(file));
  if (!found) throw new Error(`no content file for ${path} under ${pagesDir}`);
  return found;
}

function isPageContent(value: unknown): value is PageContent {
  if (typeof value !== "object" || value === null) return false;
  const { title, hero } = value as { title?: unknown; hero?: unknown };
  return (
    typeof title === "string" &&
    typeof hero === "object" &&
    hero !== null &&
    typeof (hero as { title?: unknown }).title === "string"
  );
}

function pageContent(path: PublicPath): PageContent {
  const file = contentFile(path);
  const raw = readFileSync(file, "utf8");
  const yamlText = file.endsWith(".md") ? (/^---\r?\n([\s\S]*?)\r?\n---/.exec(raw)?.[1] ?? "") : raw;
  const data: unknown = parse(yamlText);
  if (!isPageContent(data)) throw new Error(`${file} has no title or hero.title`);
  return data;
}

/** The `<h1>` each public page shows: its content's hero title. */
const expectedHeadings: ReadonlyMap<PublicPath, string> = new Map(
  publicPaths.map((path) => [path, pageContent(path).hero.title.trim()]),
);

export function expectedHeading(path: PublicPath): string {
  const heading = expectedHeadings.get(path);
  if (heading === undefined) throw new Error(`no heading for ${path}`);
  return heading;
}
