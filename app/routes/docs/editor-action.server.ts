import { data, type RouterContextProvider } from "react-router";
import type { ResultOf } from "../../lib/graphql.ts";
import { readForm } from "../../lib/actions.server.ts";
import { mutate, submit, tryQuery } from "../../lib/api.server.ts";
import { text } from "../../lib/form-data.ts";
import type { ApiError } from "../../lib/graphql-context.ts";
import { diffText, type TextDiff } from "../../lib/text-diff.ts";
import { CreateDoc, DocEditQuery, PublishDoc, SaveDoc } from "./editor-queries.ts";

type Context = Readonly<RouterContextProvider>;
export type EditedDoc = ResultOf<typeof SaveDoc>["saveDoc"];

/**
 * What the editor is told after a write. A refusal keeps everything typed (the page's own
 * state is untouched); a stale save brings the newer revision and a diff of it against
 * what was written, so nothing is lost and the writer decides.
 */
export type EditorAnswer =
  | { outcome: "saved"; doc: EditedDoc; published: boolean; created?: boolean }
  | { outcome: "refused"; message: string; fields: Record<string, string> }
  | { outcome: "conflict"; message: string; theirs: EditedDoc; diff: TextDiff; titleChanged: boolean };

function refused(error: ApiError) {
  return data<EditorAnswer>(
    { outcome: "refused", message: error.message, fields: error.fields ?? {} },
    { status: error.status ?? 500 },
  );
}

/** A stale save: the doc as it is now, and what changed from theirs to what this writer has. */
async function conflict(context: Context, form: FormData, error: ApiError) {
  const id = text(form, "id") ?? "";
  const current = await tryQuery(context, DocEditQuery, { id });
  if (!current.ok) return refused(error);
  const theirs = current.data.doc;
  const mine = text(form, "body") ?? "";
  return data<EditorAnswer>(
    {
      outcome: "conflict",
      message: error.message,
      theirs,
      diff: diffText(theirs.body, mine),
      titleChanged: theirs.title !== (text(form, "title") ?? ""),
    },
    { status: 409 },
  );
}

/** Publishing after a save: the version the save gave back. */
async function publish(context: Context, doc: EditedDoc) {
  const published = await mutate(context, PublishDoc, { input: { id: doc.id, version: doc.version } });
  if (!published.ok) {
    // The words are saved even though publishing was refused: say both.
    return data<EditorAnswer>(
      { outcome: "refused", message: `Saved as a draft, but not published: ${published.error.message}`, fields: {} },
      { status: published.error.status ?? 500 },
    );
  }
  return data<EditorAnswer>({ outcome: "saved", doc: published.data.publishDoc, published: true });
}

/**
 * The editor's writes: "create" adds the doc as a draft (the editor then opens it); "save"
 * keeps a new revision; "publish" saves, then shows readers that revision. The fields are
 * the mutation's input, checked by the server.
 */
export async function editorAction({ request, context }: { request: Request; context: Context }) {
  const form = await readForm(request);
  const intent = text(form, "intent");
  const publishing = text(form, "publish") === "true";
  form.delete("publish");
  if (intent === "create") {
    const created = await submit(context, CreateDoc, form);
    if (!created.ok) return refused(created.error);
    const doc = created.data.createDoc;
    if (!publishing) return data<EditorAnswer>({ outcome: "saved", doc, published: false, created: true });
    const answer = await publish(context, doc);
    // Created either way: the editor goes on editing it, and says whether it was published.
    return answer.data.outcome === "saved"
      ? data<EditorAnswer>({ ...answer.data, created: true })
      : data<EditorAnswer>({ outcome: "saved", doc, published: false, created: true });
  }
  if (intent === "save") {
    const saved = await submit(context, SaveDoc, form);
    if (!saved.ok) return saved.error.code === "CONFLICT" ? conflict(context, form, saved.error) : refused(saved.error);
    if (publishing) return publish(context, saved.data.saveDoc);
    return data<EditorAnswer>({ outcome: "saved", doc: saved.data.saveDoc, published: false });
  }
  return data<EditorAnswer>(
    { outcome: "refused", message: "That action is not one this page knows; nothing was changed.", fields: {} },
    { status: 400 },
  );
}
