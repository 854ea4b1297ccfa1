import type { SearchSection } from "./search-index.ts";

export type SnippetPart = { text: string; match: boolean };
export type SearchResult = { section: SearchSection; score: number; snippet: SnippetPart[] };

function normalize(text: string): string {
  return text.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
}

export function queryTerms(query: string): string[] {
  return [...new Set(normalize(query).split(/[^a-z0-9]+/).filter((term) => term.length > 0))];
}

/** A window of the text around the first matched term, with every term marked. */
export function snippet(text: string, terms: string[], radius = 60): SnippetPart[] {
  const lower = normalize(text);
  const first = Math.min(...terms.map((term) => lower.indexOf(term)).filter((index) => index >= 0));
  const start = Number.isFinite(first) ? Math.max(0, first - radius) : 0;
  const end = Math.min(text.length, (Number.isFinite(first) ? first : 0) + radius * 2);
  const windowText = `${start > 0 ? "…" : ""}${text.slice(start, end)}${end < text.length ? "…" : ""}`;
  if (terms.length === 0) return [{ text: windowText, match: false }];
  const pattern = new RegExp(`(${terms.map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`, "gi");
  return windowText
    .split(pattern)
    .filter((part) => part.length > 0)
    .map((part) => ({ text: part, match: terms.includes(normalize(part)) }));
}

/**
 * Every term must appear in the section's title, page title or text. Title hits
 * weigh most, then page-title hits, then text; whole pages rank above their sections.
 */
export function searchSections(index: readonly SearchSection[], query: string, limit = 12): SearchResult[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const results: SearchResult[] = [];
  for (const section of index) {
    const title = normalize(section.title);
    const titles = normalize(section.titles.join(" "));
    const content = normalize(section.content);
    let score = 0;
    let all = true;
    for (const term of terms) {
      const inTitle = title.includes(term);
      const inTitles = titles.includes(term);
      const inContent = content.includes(term);
      if (!inTitle && !inTitles && !inContent) {
        all = false;
        break;
      }
      score += (inTitle ? 10 : 0) + (title.startsWith(term) ? 5 : 0) + (inTitles ? 3 : 0) + (inContent ? 1 : 0);
    }
    if (!all) continue;
    if (section.level === 1) score += 2;
    results.push({ section, score, snippet: snippet(section.content, terms) });
  }
  return results.sort((a, b) => b.score - a.score || a.section.id.localeCompare(b.section.id)).slice(0, limit);
}
