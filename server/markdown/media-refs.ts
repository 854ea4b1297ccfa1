/**
 * What the main thread needs to know of a text before it is rendered, without loading the
 * renderer (which lives in the render pool's threads, ADR 037): the library files it names.
 */

const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** The media library ids a doc's markdown names (images and links), to look them up before rendering. */
export function mediaIdsIn(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(new RegExp(`/media/(${uuid})`, "g"))].map((match) => match[1] ?? ""))];
}
