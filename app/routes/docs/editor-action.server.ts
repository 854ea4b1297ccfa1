import { data, type RouterContextProvider } from "react-router";
import { readForm } from "../../lib/actions.server.ts";
import { mutate, submit, tryQuery } from "../../lib/api.server.ts";
import { text } from "../../lib/form-data.ts";
import type { ApiError } from "../../../shared/contracts/graphql-context.ts";
import { mergedFields, type FieldConflict, type MergedField } from "../../lib/docs/merge-hunks.ts";
import type { EditedDoc, EditorAnswer, EditorStateAnswer } from "../../components/docs/editor/answers.ts";
import {
  CreateDoc,
  DocBaseQuery,
  DocEditQuery,
  DropDocWork,
  KeepDocWork,
  MarkDocClosed,
  MarkDocOpen,
  PublishDoc,
  SaveDoc,
} from "../../components/docs/editor/queries.ts";
import { mergeField, mergeText } from "./merge.server.ts";

type Context = Readonly<RouterContextProvider>;
function refused(error: ApiError) {
  return data<EditorAnswer>(
    { outcome: "refused", message: error.message, fields: error.fields ?? {} },
    { status: error.status ?? 500 },
  );
}

/** Lines end in LF, as the server keeps them (a browser's multipart form sends CRLF). */
const lf = (value: string) => value.replace(/\r\n?/g, "\n");

/** A field's value as the form sends it (a list as its items joined by commas). */
function formValue(form: FormData, name: MergedField, prefix = ""): string {
  if (name === "products") {
    return form
      .getAll(`${prefix}products`)
      .map((value) => (typeof value === "string" ? value : ""))
      .join(",");
  }
  return lf(text(form, `${prefix}${name}`) ?? "");
}

function docValue(doc: EditedDoc, name: MergedField): string {
  const value = doc[name];
  return Array.isArray(value) ? value.join(",") : value === null ? "" : String(value);
}

/** The save form again, with the merged words, at the version it was merged with. */
function mergedForm(theirs: EditedDoc, values: Record<MergedField, string>, body: string): FormData {
  const merged = new FormData();
  merged.set("id", theirs.id);
  merged.set("version", String(theirs.version));
  for (const name of Object.keys(mergedFields) as MergedField[]) {
    if (name === "products") values.products.split(",").forEach((each) => merged.append("products", each));
    else if (values[name] !== "" || name === "title" || name === "description" || name === "slug")
      merged.set(name, values[name]);
  }
  merged.set("body", body);
  return merged;
}

/**
 * A stale save: merged three ways with what was saved meanwhile. The base is the revision
 * the writer started from (its words; the other fields as the page sent them), so a line
 * or field only one side changed needs no one's decision.
 */
async function merge(
  context: Context,
  form: FormData,
  base: FormData,
  baseRevision: number,
  error: ApiError,
  publishing: boolean,
) {
  const id = text(form, "id") ?? "";
  const current = await tryQuery(context, DocEditQuery, { id });
  if (!current.ok) return refused(error);
  const theirs = current.data.doc;
  const started = baseRevision > 0 ? await tryQuery(context, DocBaseQuery, { id, number: baseRevision }) : null;
  const baseWords = started?.ok ? started.data.docRevision : null;
  const values = {} as Record<MergedField, string>;
  const conflicts: FieldConflict[] = [];
  for (const name of Object.keys(mergedFields) as MergedField[]) {
    const was =
      name === "title" || name === "description"
        ? (baseWords?.[name] ?? formValue(base, name, "base."))
        : formValue(base, name, "base.");
    const field = mergeField(was, docValue(theirs, name), formValue(form, name));
    values[name] = field.value;
    if (field.conflict) conflicts.push({ name, ...field.conflict });
  }
  // Without the base's words (a revision number the page did not send or the server does not
  // have), nothing counts as merged by itself: every line that differs is the writer's call.
  const body = mergeText(baseWords?.body ?? "", theirs.body, lf(text(form, "body") ?? ""));
  if (body.clean && conflicts.length === 0) {
    const mergedBody = body.hunks.flatMap((hunk) => (hunk.kind === "same" ? hunk.lines : [])).join("\n");
    const saved = await submit(context, SaveDoc, mergedForm(theirs, values, mergedBody));
    if (saved.ok) {
      const by = theirs.updatedBy?.name ?? null;
      const merged = { by, revision: theirs.headRevision };
      if (publishing) {
        const answer = await publish(context, saved.data.saveDoc);
        return answer.data.outcome === "saved" ? data<EditorAnswer>({ ...answer.data, merged }) : answer;
      }
      return data<EditorAnswer>({ outcome: "saved", doc: saved.data.saveDoc, published: false, merged });
    }
    if (saved.error.code !== "CONFLICT") return refused(saved.error);
    // Someone saved again in the moment between: the writer settles it with the latest in view.
  }
  return data<EditorAnswer>(
    { outcome: "merge", message: error.message, theirs, hunks: body.hunks, values, conflicts, publish: publishing },
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
  const form = await readForm(request, context);
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
    // What the writer started from travels beside the save, for the merge; the save itself takes none of it.
    const baseRevision = Number(text(form, "baseRevision") ?? "0");
    const base = new FormData();
    for (const [key, value] of [...form.entries()]) {
      if (!key.startsWith("base")) continue;
      if (key.startsWith("base.")) base.append(key, value);
      form.delete(key);
    }
    const saved = await submit(context, SaveDoc, form);
    if (!saved.ok) {
      return saved.error.code === "CONFLICT"
        ? merge(context, form, base, Number.isSafeInteger(baseRevision) ? baseRevision : 0, saved.error, publishing)
        : refused(saved.error);
    }
    if (publishing) return publish(context, saved.data.saveDoc);
    return data<EditorAnswer>({ outcome: "saved", doc: saved.data.saveDoc, published: false });
  }
  return editorStateAction(context, form, intent);
}

/** The editor's unsaved work kept on the server, and its presence on the doc: each answered for its own fetcher. */
async function editorStateAction(context: Context, form: FormData, intent: string | undefined) {
  const stateRefused = (error: ApiError) =>
    data<EditorStateAnswer>(
      { outcome: "refused", message: error.message, fields: error.fields ?? {} },
      { status: error.status ?? 500 },
    );
  const docId = text(form, "docId") || null;
  if (intent === "keep") {
    const kept = await submit(context, KeepDocWork, form);
    return kept.ok
      ? data<EditorStateAnswer>({ outcome: "kept", savedAt: kept.data.keepDocWork.savedAt })
      : stateRefused(kept.error);
  }
  if (intent === "drop") {
    const dropped = await mutate(context, DropDocWork, { input: { docId } });
    return dropped.ok ? data<EditorStateAnswer>({ outcome: "dropped" }) : stateRefused(dropped.error);
  }
  if ((intent === "open" || intent === "closed") && docId) {
    if (intent === "closed") {
      const closed = await mutate(context, MarkDocClosed, { input: { docId } });
      return closed.ok ? data<EditorStateAnswer>({ outcome: "closed" }) : stateRefused(closed.error);
    }
    const open = await mutate(context, MarkDocOpen, { input: { docId } });
    return open.ok
      ? data<EditorStateAnswer>({ outcome: "presence", ...open.data.markDocOpen })
      : stateRefused(open.error);
  }
  return data<EditorAnswer>(
    { outcome: "refused", message: "That action is not one this page knows; nothing was changed.", fields: {} },
    { status: 400 },
  );
}
