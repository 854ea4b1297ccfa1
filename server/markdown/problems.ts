import type { Element } from "hast";
import { capitalized } from "../../shared/words.ts";

/**
 * What a render notices that the writer should fix: said in a sentence they can act on,
 * with the markdown's line (1-based) when the parser knows it.
 */
export type DocProblem = {
  kind: "emptyHeading" | "emptyListItem" | "outsideImage";
  line: number | null;
  message: string;
};

const lineOf = (node: Element): number | null => node.position?.start.line ?? null;

/** "Line 12: a heading …", or "A heading …" when the line is not known. */
function sentence(line: number | null, text: string): string {
  return line === null ? capitalized(text) : `Line ${line}: ${text}`;
}

export function emptyHeading(node: Element): DocProblem {
  const line = lineOf(node);
  return {
    kind: "emptyHeading",
    line,
    message: sentence(line, "a heading with no words. Write it, or remove the # marks."),
  };
}

export function emptyListItem(node: Element, task: boolean): DocProblem {
  const line = lineOf(node);
  const what = task ? "a task with no words after its box" : "a list item with no words";
  return { kind: "emptyListItem", line, message: sentence(line, `${what}. Write it, or remove the line.`) };
}

/**
 * An image readers do not see: from outside the library, or (`fromLibrary`) with the
 * library's address but an id the library no longer has.
 */
export function outsideImage(node: Element, alt: string, fromLibrary: boolean): DocProblem {
  return imageProblem(lineOf(node), alt, fromLibrary);
}

export function imageProblem(line: number | null, alt: string, fromLibrary: boolean): DocProblem {
  const name = alt.length > 80 ? `${alt.slice(0, 79).trimEnd()}…` : alt;
  const image = alt ? `the image “${name}”` : "an image with no alt text";
  const seen = alt ? "readers see only its alt text" : "readers see nothing of it";
  const text = fromLibrary
    ? `${image} is no longer in the media library, so ${seen}. Insert it again from the library.`
    : `${image} is not from the media library, so ${seen}. Insert it from the library.`;
  return { kind: "outsideImage", line, message: sentence(line, text) };
}
