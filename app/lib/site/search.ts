import type { SearchSection } from "./search-index.ts";

export type SnippetPart = { text: string; match: boolean };
export type SearchResult = { section: SearchSection; score: number; snippet: SnippetPart[] };

function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
}

export function queryTerms(query: string): string[] {
  return [
    ...new Set(
      normalize(query)
        .split(/[^a-z0-9]+/)
        .filter((term) => term.length > 0),
    ),
  ];
}

/** Folds case and accents, and remembers where each folded character came from in the original. */
function foldWithPositions(text: string): { folded: string; origin: number[] } {
  let folded = "";
  const origin: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const piece = normalize(text.charAt(index));
    folded += piece;
    for (let k = 0; k < piece.length; k += 1) origin.push(index);
  }
  origin.push(text.length);
  return { folded, origin };
}

/** A window of the text around the first matched term, with every term marked (accents and case ignored). */
export function snippet(text: string, terms: string[], radius = 60): SnippetPart[] {
  const { folded, origin } = foldWithPositions(text);
  const ranges: [number, number][] = [];
  for (const term of terms) {
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + term.length)) {
      ranges.push([origin[at] ?? 0, origin[at + term.length] ?? text.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const first = ranges[0]?.[0] ?? 0;
  // The window starts and ends between words, never inside one.
  let start = Math.max(0, first - radius);
  if (start > 0) {
    const space = text.indexOf(" ", start);
    start = space !== -1 && space < first ? space + 1 : start;
  }
  let end = Math.min(text.length, first + radius * 2);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    end = space > first ? space : end;
  }
  const parts: SnippetPart[] = start > 0 ? [{ text: "…", match: false }] : [];
  let cursor = start;
  for (const [from, to] of ranges) {
    if (to <= cursor || from >= end) continue;
    const clippedFrom = Math.max(from, cursor);
    if (clippedFrom > cursor) parts.push({ text: text.slice(cursor, clippedFrom), match: false });
    const clippedTo = Math.min(to, end);
    parts.push({ text: text.slice(clippedFrom, clippedTo), match: true });
    cursor = clippedTo;
  }
  if (cursor < end) parts.push({ text: text.slice(cursor, end), match: false });
  if (end < text.length) parts.push({ text: "…", match: false });
  return parts.reduce<SnippetPart[]>((merged, part) => {
    const last = merged.at(-1);
    if (part.text.length === 0) return merged;
    if (last && last.match === part.match) last.text += part.text;
    else merged.push({ ...part });
    return merged;
  }, []);
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
