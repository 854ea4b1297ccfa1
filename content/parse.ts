import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { pageSchema, siteSchema, type Page, type SiteConfig } from "./schema.ts";

/** A content file that does not match its schema; the message names the file and the field. */
export class ContentError extends Error {
  override name = "ContentError";
}

function check<T>(schema: z.ZodType<T>, fileName: string, data: unknown): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join(".") : "(file)";
    return `  ${field}: ${issue.message}`;
  });
  throw new ContentError(`${fileName} is not valid content:\n${lines.join("\n")}`);
}

function readYaml(fileName: string, raw: string): unknown {
  try {
    return parseYaml(raw);
  } catch (error) {
    throw new ContentError(`${fileName} is not valid YAML: ${(error as Error).message}`);
  }
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * A markdown page keeps its page fields in frontmatter. Each `## Heading` of the body
 * becomes a prose section, placed before any sections listed in the frontmatter.
 */
function markdownPage(fileName: string, raw: string): unknown {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(raw);
  if (!match) throw new ContentError(`${fileName} needs YAML frontmatter between --- lines`);
  const front = readYaml(fileName, match[1] ?? "");
  if (typeof front !== "object" || front === null || Array.isArray(front)) {
    throw new ContentError(`${fileName}: frontmatter must be a mapping`);
  }
  const body = (match[2] ?? "").trim();
  const chunks = body.split(/^## +/m).filter((chunk) => chunk.trim().length > 0);
  if (body.length > 0 && !body.startsWith("## ")) {
    throw new ContentError(`${fileName}: the markdown body must start with a "## " heading`);
  }
  const proseSections = chunks.map((chunk) => {
    const newline = chunk.indexOf("\n");
    const title = (newline === -1 ? chunk : chunk.slice(0, newline)).trim();
    return { type: "prose", id: slugify(title), title, body: newline === -1 ? "" : chunk.slice(newline + 1).trim() };
  });
  const frontSections: unknown = (front as { sections?: unknown }).sections;
  return {
    ...front,
    sections: [...proseSections, ...(Array.isArray(frontSections) ? (frontSections as unknown[]) : [])],
  };
}

export function parsePage(fileName: string, raw: string): Page {
  const data = fileName.endsWith(".md") ? markdownPage(fileName, raw) : readYaml(fileName, raw);
  return check(pageSchema, fileName, data);
}

export function parseSite(fileName: string, raw: string): SiteConfig {
  return check(siteSchema, fileName, readYaml(fileName, raw));
}

/** `content/pages/about/index.yaml` holds the page at `/about`. */
export function pathForPageFile(relativeName: string): string {
  const withoutExt = relativeName.replace(/\.(ya?ml|md)$/, "");
  const path = `/${withoutExt}`.replace(/\/index$/, "");
  return path === "" ? "/" : path;
}

/** Parses the page file at `content/pages/{relativeName}` and checks it sits at the path it claims. */
export function parsePageFile(relativeName: string, raw: string): Page {
  const page = parsePage(`content/pages/${relativeName}`, raw);
  const expected = pathForPageFile(relativeName);
  if (page.path !== expected) {
    throw new ContentError(`content/pages/${relativeName}: path: is "${page.path}" but the file sits at "${expected}"`);
  }
  return page;
}

/** Parses a full set of pages, keyed by path. */
export function parsePages(files: Record<string, string>): Map<string, Page> {
  const pages = new Map<string, Page>();
  for (const [name, raw] of Object.entries(files)) {
    const page = parsePageFile(name, raw);
    pages.set(page.path, page);
  }
  return pages;
}
