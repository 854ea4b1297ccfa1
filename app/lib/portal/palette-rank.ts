/**
 * How well a palette entry matches what was typed, from 0 (not at all) to 1, for cmdk's
 * `filter`. Exact words come first: the entry's name itself, then every typed word at
 * the start of one of its words, then anywhere inside them; letters merely in order
 * ("kah" in "keyboard shortcuts") count, but below any real match.
 */
export function paletteRank(value: string, search: string, keywords: readonly string[] = []): number {
  const typed = search.trim().toLowerCase();
  if (typed === "") return 1;
  const text = [value, ...keywords].join(" ").toLowerCase();
  const name = value.toLowerCase();
  if (name === typed || name.endsWith(` ${typed}`)) return 1;
  const words = typed.split(/\s+/);
  const textWords = text.split(/[\s,.:;()/-]+/);
  if (words.every((word) => textWords.some((textWord) => textWord.startsWith(word)))) return 0.9;
  if (words.every((word) => text.includes(word))) return 0.7;
  let at = 0;
  for (const letter of typed.replace(/\s+/g, "")) {
    at = text.indexOf(letter, at);
    if (at === -1) return 0;
    at += 1;
  }
  return 0.1;
}
