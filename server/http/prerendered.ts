import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";

/** A page written to HTML at build time, ready to be served with a fresh nonce. */
export type PrerenderedPage = {
  template: string;
  /** Weak: the bytes differ per response by the nonce, the content does not. */
  etag: string;
  /** CSP hashes of the page's inline scripts, e.g. "sha256-…". */
  scriptHashes: string[];
};

/**
 * An inline script the CSP must allow: no src, and not a data block (JSON-LD, JSON),
 * which the browser never runs and the CSP does not cover.
 */
const inlineScript = /<script\b(?![^>]*\ssrc=)(?![^>]*\stype="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(inlineScript)) {
    const body = match[1] ?? "";
    if (body.length > 0) hashes.add(`sha256-${createHash("sha256").update(body).digest("base64")}`);
  }
  return [...hashes];
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "assets" ? Promise.resolve([]) : htmlFiles(path);
      return Promise.resolve(entry.name === "index.html" ? [path] : []);
    }),
  );
  return nested.flat();
}

/** Reads every prerendered `…/index.html` under the client build, keyed by URL path. */
export async function loadPrerenderedPages(clientDir: string): Promise<Map<string, PrerenderedPage>> {
  const pages = new Map<string, PrerenderedPage>();
  for (const file of await htmlFiles(clientDir)) {
    const template = await readFile(file, "utf8");
    const dir = relative(clientDir, join(file, ".."));
    const path = dir === "" ? "/" : `/${dir.split(sep).join("/")}`;
    const etag = `W/"${createHash("sha256").update(template).digest("base64url").slice(0, 27)}"`;
    pages.set(path, { template, etag, scriptHashes: inlineScriptHashes(template) });
  }
  return pages;
}

export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || strip(tag) === strip(etag));
}

/** The stylesheets a built page links, so pages rendered outside React (the provider's) share the site's look. */
export function stylesheetHrefs(html: string): string[] {
  return [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].flatMap((match) =>
    match[1] ? [match[1]] : [],
  );
}
