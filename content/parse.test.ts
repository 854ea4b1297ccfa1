import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { publicPaths } from "../shared/public-paths.ts";
import { ContentError, parsePage, parsePages, parseSite, pathForPageFile, slugify } from "./parse.ts";

const contentDir = new URL(".", import.meta.url).pathname;
const pagesDir = join(contentDir, "pages");

const description = "A page description that is long enough to satisfy the fifty character minimum.";

function yamlPage(path: string, extra = ""): string {
  return [
    `path: ${path}`,
    "title: About us",
    `description: ${description}`,
    "hero:",
    "  title: About us",
    "  lead: Who we are.",
    extra,
  ].join("\n");
}

/** The message of the ContentError thrown by `fn`; fails the test if nothing (or something else) is thrown. */
function contentError(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return (error as ContentError).message;
  }
  throw new Error("expected a ContentError, but nothing was thrown");
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : /\.(ya?ml|md)$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

function realPageFiles(): Record<string, string> {
  return Object.fromEntries(walk(pagesDir).map((file) => [relative(pagesDir, file), readFileSync(file, "utf8")]));
}

describe("parsePage (YAML)", () => {
  it("parses a minimal valid page and fills in the defaults", () => {
    const page = parsePage("content/pages/about/index.yaml", yamlPage("/about"));
    expect(page.path).toBe("/about");
    expect(page.title).toBe("About us");
    expect(page.hero).toEqual({ title: "About us", lead: "Who we are.", actions: [] });
    expect(page.sections).toEqual([]);
    expect(page.structuredData).toEqual([]);
    expect(page.colorMode).toBeUndefined();
  });

  it("reports a missing hero.title with the file name and the field path", () => {
    const raw = ["path: /about", "title: About us", `description: ${description}`, "hero:", "  lead: Who we are."].join(
      "\n",
    );
    const message = contentError(() => parsePages({ "about/index.yaml": raw }));
    expect(message).toMatch(/^content\/pages\/about\/index\.yaml\b/);
    expect(message).toMatch(/^ {2}hero\.title: .+$/m);
  });

  it("reports a comparison row whose value count differs from the column count at sections.N.rows.N.values", () => {
    const raw = yamlPage(
      "/about",
      [
        "sections:",
        "  - type: comparison",
        "    id: compare",
        "    title: Compare",
        "    caption: v4 against v5",
        "    columns: [v4, v5]",
        "    rows:",
        "      - label: Screen",
        "        values: [7 inch]",
      ].join("\n"),
    );
    const message = contentError(() => parsePages({ "about/index.yaml": raw }));
    expect(message).toContain("content/pages/about/index.yaml");
    expect(message).toMatch(/^ {2}sections\.0\.rows\.0\.values: needs 2 values, one per column$/m);
  });

  it("accepts a comparison row with one value per column", () => {
    const raw = yamlPage(
      "/about",
      [
        "sections:",
        "  - type: comparison",
        "    id: compare",
        "    title: Compare",
        "    caption: v4 against v5",
        "    columns: [v4, v5]",
        "    rows:",
        "      - label: Screen",
        "        values: [7 inch, 10.1 inch]",
      ].join("\n"),
    );
    expect(parsePage("content/pages/about/index.yaml", raw).sections).toHaveLength(1);
  });

  it("reports a duplicate section id at the second section's id", () => {
    const raw = yamlPage(
      "/about",
      [
        "sections:",
        "  - { type: notice, id: note, title: First, tone: info, body: One. }",
        "  - { type: notice, id: other, title: Second, tone: info, body: Two. }",
        "  - { type: notice, id: note, title: Third, tone: caution, body: Three. }",
      ].join("\n"),
    );
    const message = contentError(() => parsePages({ "about/index.yaml": raw }));
    expect(message).toMatch(/^ {2}sections\.2\.id: duplicate section id "note"$/m);
    expect(message).not.toMatch(/sections\.0\.id/);
  });

  it("reports a description shorter than 50 characters at description", () => {
    const raw = yamlPage("/about").replace(description, "Too short.");
    const message = contentError(() => parsePages({ "about/index.yaml": raw }));
    expect(message).toContain("content/pages/about/index.yaml");
    expect(message).toMatch(/^ {2}description: .+$/m);
  });

  it("reports an illustration name outside the list at its field path", () => {
    const raw = yamlPage("/about").replace(
      "  lead: Who we are.",
      ["  lead: Who we are.", "  illustration:", "    name: unicorn", "    alt: A unicorn."].join("\n"),
    );
    const message = contentError(() => parsePages({ "about/index.yaml": raw }));
    expect(message).toMatch(/^ {2}hero\.illustration\.name: .+$/m);
  });

  it("reports every failing field, one line each", () => {
    const raw = ["path: /about", "title: About us", "description: short", "hero:", "  lead: Who we are."].join("\n");
    const message = contentError(() => parsePage("content/pages/about/index.yaml", raw));
    expect(message).toMatch(/^ {2}description: /m);
    expect(message).toMatch(/^ {2}hero\.title: /m);
  });

  it("reports invalid YAML with the file name", () => {
    const message = contentError(() => parsePage("content/pages/broken.yaml", "path: /broken\ntitle: [unclosed\n"));
    expect(message).toContain("content/pages/broken.yaml");
    expect(message).toContain("not valid YAML");
  });
});

describe("parsePage (markdown)", () => {
  const front = [
    "---",
    "path: /health-conditions/bone-health",
    "title: Bone health",
    `description: ${description}`,
    "hero:",
    "  title: Bone health",
    "  lead: The basics.",
    "sections:",
    "  - { type: notice, id: not-advice, title: Not advice, tone: caution, body: Ask your doctor. }",
    "---",
  ].join("\n");

  it("turns each ## heading into a prose section with a slugified id, before the frontmatter sections", () => {
    const raw = `${front}\n\n## What bone density is\n\nBone is **living** tissue.\n\n### A sub-heading stays in the body\n\nMore text.\n\n## Understanding T-scores & Z-scores\n\nScores explained.\n`;
    const page = parsePage("content/pages/health-conditions/bone-health.md", raw);
    expect(page.sections.map((section) => [section.type, section.id, section.title])).toEqual([
      ["prose", "what-bone-density-is", "What bone density is"],
      ["prose", "understanding-t-scores-z-scores", "Understanding T-scores & Z-scores"],
      ["notice", "not-advice", "Not advice"],
    ]);
    const first = page.sections[0];
    expect(first?.type === "prose" ? first.body : undefined).toBe(
      "Bone is **living** tissue.\n\n### A sub-heading stays in the body\n\nMore text.",
    );
  });

  it("accepts CRLF line endings in frontmatter and body", () => {
    const raw = `${front}\n## Heading one\nText.\n`.replace(/\n/g, "\r\n");
    const page = parsePage("content/pages/health-conditions/bone-health.md", raw);
    expect(page.sections.map((section) => section.id)).toEqual(["heading-one", "not-advice"]);
  });

  it("rejects a body that does not start with a ## heading", () => {
    const raw = `${front}\n\nAn introduction before any heading.\n\n## Heading\n\nText.\n`;
    const message = contentError(() => parsePage("content/pages/health-conditions/bone-health.md", raw));
    expect(message).toContain("content/pages/health-conditions/bone-health.md");
    expect(message).toContain('must start with a "## " heading');
  });

  it("rejects a markdown file without frontmatter", () => {
    const message = contentError(() => parsePage("content/pages/x.md", "## Heading\n\nText.\n"));
    expect(message).toContain("content/pages/x.md");
    expect(message).toContain("frontmatter");
  });

  it("reports a heading whose id collides with a frontmatter section id", () => {
    const raw = `${front}\n## Not advice\n\nText.\n`;
    const message = contentError(() => parsePage("content/pages/health-conditions/bone-health.md", raw));
    expect(message).toMatch(/^ {2}sections\.1\.id: duplicate section id "not-advice"$/m);
  });

  it("slugify drops accents and joins words with single hyphens", () => {
    expect(slugify("  Café Über -- Ärzte! ")).toBe("cafe-uber-arzte");
    expect(slugify("Understanding T-scores and Z-scores")).toBe("understanding-t-scores-and-z-scores");
  });
});

describe("pathForPageFile", () => {
  it.each([
    ["index.yaml", "/"],
    ["index.md", "/"],
    ["about/index.yaml", "/about"],
    ["about/faq.yaml", "/about/faq"],
    ["about/faq.yml", "/about/faq"],
    ["health-conditions/bone-health.md", "/health-conditions/bone-health"],
    ["health-conditions/index.md", "/health-conditions"],
  ])("maps %s to %s", (file, path) => {
    expect(pathForPageFile(file)).toBe(path);
  });
});

describe("parsePages", () => {
  it("keys pages by their path", () => {
    const pages = parsePages({ "index.yaml": yamlPage("/"), "about/faq.yaml": yamlPage("/about/faq") });
    expect([...pages.keys()]).toEqual(["/", "/about/faq"]);
  });

  it("rejects a file whose path differs from its location", () => {
    const message = contentError(() => parsePages({ "about/faq.yaml": yamlPage("/about/questions") }));
    expect(message).toBe('content/pages/about/faq.yaml: path: is "/about/questions" but the file sits at "/about/faq"');
  });
});

describe("parseSite", () => {
  const siteYaml = readFileSync(join(contentDir, "site.yaml"), "utf8");

  it("validates the real content/site.yaml", () => {
    const site = parseSite("content/site.yaml", siteYaml);
    expect(site.products.map((product) => product.key).sort()).toEqual(["v4", "v5"]);
  });

  it("rejects a site with an http:// social link, naming the field", () => {
    const raw = siteYaml.replace(/facebook: https:\/\//, "facebook: http://");
    expect(raw).not.toBe(siteYaml);
    const message = contentError(() => parseSite("content/site.yaml", raw));
    expect(message).toContain("content/site.yaml");
    expect(message).toMatch(/^ {2}links\.social\.facebook: /m);
  });
});

describe("the real content/pages", () => {
  it("every file parses and sits at its path", () => {
    const files = realPageFiles();
    expect(Object.keys(files).length).toBeGreaterThan(0);
    expect(() => parsePages(files)).not.toThrow();
  });

  it("holds exactly the 16 public paths", () => {
    const paths = [...parsePages(realPageFiles()).keys()].sort();
    expect(paths).toHaveLength(16);
    expect(paths).toEqual([...publicPaths].sort());
  });

  it("every same-site link with a #fragment in a `to` field points at a section on that page", () => {
    const pages = parsePages(realPageFiles());
    const broken: string[] = [];
    const visit = (value: unknown, from: string) => {
      if (Array.isArray(value)) {
        for (const item of value) visit(item, from);
      } else if (typeof value === "object" && value !== null) {
        for (const [key, child] of Object.entries(value)) {
          if (key === "to" && typeof child === "string" && child.startsWith("/") && child.includes("#")) {
            const [path = "", fragment = ""] = child.split("#");
            const target = pages.get(path === "" ? from : path);
            if (!target?.sections.some((section) => section.id === fragment)) broken.push(`${from}: ${child}`);
          } else {
            visit(child, from);
          }
        }
      }
    };
    for (const [path, page] of pages) visit(page, path);
    expect(broken).toEqual([]);
  });
});
