import { diffText, type TextDiff } from "../../../lib/docs/text-diff.ts";

/**
 * The history page's comparison, made in its loader (the diff library never ships to the
 * browser): which two revisions the address asks for, checked against the doc's own
 * revisions, and what changed between them.
 */

/**
 * The revisions to compare. `none`: fewer than two, nothing to compare yet. `invalid`: the
 * address asks for something the doc does not have; `from` and `to` are then the default
 * pair, for the form to offer again.
 */
export type RevisionChoice =
  | { kind: "none" }
  | { kind: "pair"; from: number; to: number }
  | { kind: "invalid"; from: number; to: number; message: string };

const wholeNumber = /^[1-9][0-9]{0,8}$/;

/**
 * Reads `from` and `to` from the address. Left out, `to` is the latest revision and `from`
 * the one before `to`; a value that is not one of the doc's revisions is said plainly.
 */
export function chooseRevisions(params: URLSearchParams, numbers: readonly number[]): RevisionChoice {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const latest = sorted.at(-1);
  const previous = (to: number) => sorted.filter((number) => number < to).at(-1);
  const first = sorted[0];
  if (latest === undefined || first === undefined || sorted.length < 2) return { kind: "none" };
  const fallback = { from: previous(latest) ?? first, to: latest };
  const read = (name: "from" | "to"): number | string | undefined => {
    const value = params.get(name)?.trim();
    if (!value) return undefined;
    if (!wholeNumber.test(value)) {
      return `The address asks to compare “${value.slice(0, 20)}”, which is not a revision number. Choose two revisions from the lists.`;
    }
    const number = Number(value);
    if (!sorted.includes(number)) {
      const range = first === latest ? `only revision ${first}` : `revisions ${first} to ${latest}`;
      return `This doc has no revision ${number}: it has ${range}. Choose two revisions from the lists.`;
    }
    return number;
  };
  const asked = { from: read("from"), to: read("to") };
  const problem = [asked.from, asked.to].find((value) => typeof value === "string");
  if (typeof problem === "string") return { kind: "invalid", ...fallback, message: problem };
  const to = typeof asked.to === "number" ? asked.to : latest;
  const from = typeof asked.from === "number" ? asked.from : (previous(to) ?? first);
  return { kind: "pair", from, to };
}

/** The words of a revision the comparison reads. */
export type RevisionWords = {
  number: number;
  title: string;
  path: string;
  description: string | null;
  body: string | null;
};

/** A short field that changed: what it was and what it became. */
export type FieldChange = { before: string; after: string };

export type RevisionComparison = {
  from: number;
  to: number;
  title: FieldChange | null;
  path: FieldChange | null;
  description: FieldChange | null;
  body: TextDiff;
};

function change(before: string, after: string): FieldChange | null {
  return before === after ? null : { before, after };
}

export function compareRevisions(before: RevisionWords, after: RevisionWords): RevisionComparison {
  return {
    from: before.number,
    to: after.number,
    title: change(before.title, after.title),
    path: change(before.path, after.path),
    description: change(before.description ?? "", after.description ?? ""),
    body: diffText(before.body ?? "", after.body ?? ""),
  };
}
