import { z } from "zod";
import { multiLine } from "../core/fields.ts";

/** How much one group holds: enough for a family of words, not a thesaurus. */
export const synonymLimits = { terms: 12, termLength: 60, groups: 200 } as const;

const hasLetterOrDigit = /[\p{L}\p{N}]/u;

/** What makes two terms one: case, spaces, hyphens and other marks aside ("Wi-Fi" is "wifi"). */
export const synonymKey = (term: string) =>
  term
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");

/**
 * A group's terms. A form sends them as one comma list ("wifi, wireless, wlan"), the API
 * as a list; either way each entry may hold several terms between commas or on lines.
 */
export const synonymTerms = z
  .array(multiLine("the terms").max(1000, "Keep the list to 1,000 characters."), {
    error: "Give the terms, separated by commas: wifi, wireless, wlan.",
  })
  .max(synonymLimits.terms, `Give at most ${synonymLimits.terms} terms.`)
  .transform((entries, context) => {
    const terms = entries
      .flatMap((entry) => entry.split(/[,;\n]/))
      .map((term) => term.replace(/\s+/g, " ").trim())
      .filter(Boolean);
    const problem = (message: string) => {
      context.addIssue({ code: "custom", message, input: entries });
      return z.NEVER;
    };
    if (terms.length < 2) return problem("Give at least two terms, separated by commas: wifi, wireless, wlan.");
    if (terms.length > synonymLimits.terms) return problem(`Give at most ${synonymLimits.terms} terms in one group.`);
    const seen = new Map<string, string>();
    for (const term of terms) {
      if (term.length > synonymLimits.termLength) {
        return problem(`Keep each term to ${synonymLimits.termLength} characters: “${term.slice(0, 20)}…” is longer.`);
      }
      if (!hasLetterOrDigit.test(term)) return problem(`“${term}” has no letters or digits to search for.`);
      const twin = seen.get(synonymKey(term));
      if (twin !== undefined) return problem(`“${twin}” and “${term}” are the same term: list it once.`);
      seen.set(synonymKey(term), term);
    }
    return terms;
  })
  .describe("The terms that mean the same, each a word or a few (“quality control”); at least two.");
