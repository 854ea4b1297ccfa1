import type { ResultOf } from "../../../lib/graphql.ts";
import type { FieldConflict, MergedField, MergeHunk } from "../../../lib/docs/merge-hunks.ts";
import type { SaveDoc } from "./queries.ts";

export type EditedDoc = ResultOf<typeof SaveDoc>["saveDoc"];

/**
 * What the editor is told after a write. A refusal keeps everything typed (the page's own
 * state is untouched). A stale save is merged three ways with what was saved meanwhile:
 * when no line or field was changed differently by both, the merge is saved at once
 * ("saved", with `merged`); otherwise ("merge") the writer settles each conflict, and
 * until then nothing is saved and nothing typed is lost.
 */
export type EditorAnswer =
  | {
      outcome: "saved";
      doc: EditedDoc;
      published: boolean;
      created?: boolean;
      /** Set when this save merged someone else's revision in: the editor takes the merged text. */
      merged?: { by: string | null; revision: number };
    }
  | { outcome: "refused"; message: string; fields: Record<string, string> }
  | {
      outcome: "merge";
      message: string;
      theirs: EditedDoc;
      hunks: MergeHunk[];
      /** Every merged field's value, the conflicting ones as the writer has them. */
      values: Record<MergedField, string>;
      conflicts: FieldConflict[];
      publish: boolean;
    };

/** What the editor hears back about its unsaved work kept on the server, and about who else is there. */
export type EditorStateAnswer =
  | { outcome: "kept"; savedAt: string }
  | { outcome: "dropped" }
  | {
      outcome: "presence";
      others: { id: string; name: string; since: string }[];
      head: { revision: number; version: number; savedAt: string; savedBy: string | null };
    }
  | { outcome: "closed" }
  | { outcome: "refused"; message: string; fields: Record<string, string> };
