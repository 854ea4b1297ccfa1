import type { SnippetPart } from "../site/search.ts";

/** One doc found by the signed-in docs search (`/api/docs/search.json`), as the panel lists it. */
export type DocHit = {
  id: string;
  path: string;
  title: string;
  description: string;
  /** A passage with each match between \u0001 and \u0002 (PostgreSQL's ts_headline). */
  snippet: string;
  heading: { id: string; text: string } | null;
  /** The search as it ran when a word looked mistyped ("phantm" ran as "phantom"); the same on every hit. */
  correction?: string | null;
};

const startMark = String.fromCharCode(1);
const stopMark = String.fromCharCode(2);

/** The passage's marked words as parts the panel can highlight; stray markers are dropped. */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let text = "";
  let match = false;
  const flush = () => {
    if (text) parts.push({ text, match });
    text = "";
  };
  for (const character of snippet) {
    if (character === startMark || character === stopMark) {
      flush();
      match = character === startMark;
    } else {
      text += character;
    }
  }
  flush();
  return parts;
}

/** Where a hit opens: at the first heading holding a word searched for, or at the top. */
export function docHitHref(hit: Pick<DocHit, "path" | "heading">): string {
  return `/docs/${hit.path}${hit.heading ? `#${encodeURIComponent(hit.heading.id)}` : ""}`;
}

function isDocHit(value: unknown): value is DocHit {
  if (typeof value !== "object" || value === null) return false;
  const hit = value as Record<string, unknown>;
  return (
    typeof hit.id === "string" &&
    typeof hit.path === "string" &&
    typeof hit.title === "string" &&
    typeof hit.snippet === "string" &&
    (hit.correction === undefined || hit.correction === null || typeof hit.correction === "string") &&
    (hit.heading === null ||
      (typeof hit.heading === "object" && typeof (hit.heading as { id?: unknown }).id === "string"))
  );
}

/** The docs a signed-in reader finds for `query`; empty for a signed-out one (401) or a blank query. */
export async function searchDocs(query: string, signal: AbortSignal): Promise<DocHit[]> {
  if (!query.trim()) return [];
  const response = await fetch(`/api/docs/search.json?q=${encodeURIComponent(query)}`, {
    headers: { Accept: "application/json" },
    signal,
  });
  if (response.status === 401) return [];
  if (!response.ok) throw new Error(`docs search answered ${response.status}`);
  const body: unknown = await response.json();
  return Array.isArray(body) ? body.filter(isDocHit) : [];
}
