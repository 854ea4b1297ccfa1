import { useEffect, useMemo, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { suggestSlug } from "../../../lib/doc-paths.ts";
import { formatTime } from "../../../lib/format.ts";
import type { EditedDoc, EditorAnswer } from "../../../routes/docs/editor-action.server.ts";
import { toast } from "../../dashboard/toaster.tsx";
import { usePortal } from "../../dashboard/portal-context.tsx";
import { buttonClasses } from "../../ui/button.tsx";
import { FormAlert } from "../../ui/field.tsx";
import { ConflictPanel } from "./conflict.tsx";
import { DocFields, type Fields, type Place } from "./doc-fields.tsx";
import { EditorHeader } from "./editor-header.tsx";
import { imageMarkdown } from "./tools.ts";
import { MarkdownEditor, type EditorCommands } from "./markdown-editor.tsx";
import { MediaDialog } from "./media-dialog.tsx";
import { PreviewPane } from "./preview-pane.tsx";
import { Toolbar } from "./toolbar.tsx";
import { useLocalDraft, type WorkInProgress } from "./use-local-draft.ts";

type Conflict = Extract<EditorAnswer, { outcome: "conflict" }>;

function workOf(doc: EditedDoc): WorkInProgress {
  return {
    title: doc.title,
    slug: doc.slug,
    parentId: doc.parentId ?? "",
    position: String(doc.position),
    description: doc.description,
    products: doc.products.join(","),
    counterpartId: doc.counterpartId ?? "",
    body: doc.body,
  };
}

const statusWords = { draft: "Draft", published: "Published", changed: "Published, with unpublished changes" };

/**
 * The docs editor: title and place, a markdown editor with a toolbar beside a live
 * preview, saving (⌘S) as a draft revision, publishing, a copy of the work kept in this
 * browser, and the conflict screen when someone else saved first.
 */
export function DocEditor({
  doc,
  places,
  parentId,
}: {
  doc: EditedDoc | null;
  places: readonly Place[];
  parentId: string | null;
}) {
  const { csrfToken, capabilities } = usePortal();
  const start = useMemo<WorkInProgress>(
    () =>
      doc
        ? workOf(doc)
        : {
            title: "",
            slug: "",
            parentId: parentId ?? "",
            position: "",
            description: "",
            // A new page is for what the page it goes under is for.
            products: places.find((place) => place.id === parentId)?.products.join(",") ?? "v4,v5",
            counterpartId: "",
            body: "",
          },
    [doc, parentId, places],
  );
  const [fields, setFields] = useState<Fields>(start);
  const [slugEdited, setSlugEdited] = useState(Boolean(doc));
  const [body, setBody] = useState(start.body);
  const [saved, setSaved] = useState<WorkInProgress>(start);
  const [current, setCurrent] = useState(doc);
  const [version, setVersion] = useState(doc?.version ?? 0);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | undefined>();
  const [mediaOpen, setMediaOpen] = useState(false);
  const editor = useRef<EditorCommands | null>(null);
  const fetcher = useFetcher<EditorAnswer>();
  const navigate = useNavigate();
  const work = useMemo(() => ({ ...fields, body }), [fields, body]);
  const local = useLocalDraft(doc?.id ?? null, saved, version, work);
  const saving = fetcher.state !== "idle";
  const dirty = (Object.keys(work) as (keyof WorkInProgress)[]).some((name) => work[name] !== saved[name]);

  // Each answer of the server is taken in once, as it arrives (state derived during render).
  const [answered, setAnswered] = useState<EditorAnswer | undefined>(undefined);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  if (answer && answer !== answered) {
    setAnswered(answer);
    if (answer.outcome === "saved") {
      setSaved(workOf(answer.doc));
      setCurrent(answer.doc);
      setVersion(answer.doc.version);
      setConflict(null);
      setErrors({});
      setProblem(undefined);
    } else if (answer.outcome === "refused") {
      setErrors(answer.fields);
      setProblem(answer.message);
    } else {
      setConflict(answer);
    }
  }
  useEffect(() => {
    if (!answered) return;
    if (answered.outcome === "saved") {
      local.forget();
      const { doc: saved, published, created } = answered;
      const title = created
        ? `“${saved.title}” was ${published ? "published" : "saved as a draft"}`
        : published
          ? "Published: readers see this revision"
          : "Saved as a draft";
      toast({ color: "success", title });
      // A new doc is edited at its own address from now on (this browser's copy went with it).
      if (created) void navigate(`/docs/edit?id=${encodeURIComponent(saved.id)}`, { replace: true });
    }
    if (answered.outcome === "conflict") document.getElementById("conflict-heading")?.focus();
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answered]);

  // Work not yet saved to the server is kept in this browser; leaving still asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const send = (publish: boolean, atVersion = version) => {
    const form = new FormData();
    form.set("intent", doc ? "save" : "create");
    form.set("csrf", csrfToken);
    if (doc) {
      form.set("id", doc.id);
      form.set("version", String(atVersion));
    }
    form.set("title", fields.title);
    form.set("slug", fields.slug);
    if (fields.parentId) form.set("parentId", fields.parentId);
    if (fields.position.trim()) form.set("position", fields.position.trim());
    form.set("description", fields.description);
    fields.products.split(",").forEach((product, index) => form.set(`products.${index}`, product));
    if (fields.counterpartId) form.set("counterpartId", fields.counterpartId);
    form.set("body", body);
    if (publish) form.set("publish", "true");
    void fetcher.submit(form, { method: "post" });
  };

  const change = ({ slugEdited: edited, ...change }: Partial<Fields> & { slugEdited?: boolean }) => {
    if (edited) setSlugEdited(true);
    setFields((previous) => {
      const next = { ...previous, ...change };
      if (change.title !== undefined && !slugEdited && !edited) next.slug = suggestSlug(change.title);
      // Under a page for fewer generations, this one is for those (the server would refuse more).
      const parent = change.parentId ? places.find((place) => place.id === change.parentId) : undefined;
      if (parent && next.products.split(",").some((product) => !parent.products.includes(product))) {
        next.products = parent.products.join(",");
        next.counterpartId = "";
      }
      return next;
    });
  };

  const restore = () => {
    const offer = local.offer;
    if (!offer) return;
    setFields((previous) => ({
      ...previous,
      title: offer.title,
      slug: offer.slug,
      parentId: offer.parentId,
      position: offer.position,
      description: offer.description,
    }));
    setSlugEdited(true);
    editor.current?.replace(offer.body);
    local.settleOffer();
  };

  return (
    <form
      className="flex min-h-0 flex-1 flex-col"
      onSubmit={(event) => {
        event.preventDefault();
        send(false);
      }}
    >
      <div className="grid gap-3 border-b border-gray-200 px-4 py-3 sm:px-6 dark:border-gray-800">
        <EditorHeader
          title={fields.title}
          titleError={errors.title}
          onTitle={(title) => change({ title })}
          status={current ? `${statusWords[current.status]} · revision ${current.headRevision}` : "Not saved yet"}
          saveState={
            saving
              ? "Saving…"
              : !dirty
                ? "Everything is saved"
                : local.refused
                  ? "Unsaved, and this browser would not keep a copy"
                  : local.keptAt
                    ? `Unsaved · kept in this browser at ${formatTime(local.keptAt)}`
                    : "Unsaved changes"
          }
          previewHref={current ? `/docs/${current.path}?preview=true` : null}
          saving={saving}
          // Publishing saves first, so the button is there whenever the viewer may publish docs at all.
          onPublish={(capabilities.doc?.publish ?? "none") !== "none" ? () => send(true) : null}
        />
        <details open={!doc || undefined} className="group [&>summary]:cursor-pointer">
          <summary className="w-fit rounded-md px-2 py-1 text-sm font-semibold text-gray-800 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800">
            Page settings: address, place and description
          </summary>
          <div className="px-2 pt-3">
            <DocFields
              fields={fields}
              errors={errors}
              places={places}
              selfId={doc?.id ?? null}
              publishedPath={current?.publishedPath ?? null}
              onChange={change}
            />
          </div>
        </details>
        <FormAlert message={problem} />
        {local.offer ? (
          <div className="flex flex-wrap items-center gap-3 rounded-lg border border-bdblue-300 bg-bdblue-50 px-4 py-3 text-sm dark:border-bdblue-800 dark:bg-bdblue-950/60">
            <p className="flex-1">
              This browser kept unsaved work on this page from {formatTime(local.offer.savedAt)}
              {local.offer.version !== version ? ", written against an older revision" : ""}.
            </p>
            <button type="button" className={buttonClasses("primary")} onClick={restore}>
              Restore it
            </button>
            <button
              type="button"
              className={buttonClasses("secondary")}
              onClick={() => (local.forget(), local.settleOffer())}
            >
              Discard it
            </button>
          </div>
        ) : null}
      </div>
      {conflict ? (
        <ConflictPanel
          message={conflict.message}
          theirs={conflict.theirs}
          diff={conflict.diff}
          titleChanged={conflict.titleChanged}
          onKeepMine={() => send(false, conflict.theirs.version)}
          onTakeTheirs={() => {
            void navigator.clipboard.writeText(body).catch(() => undefined);
            setFields(workOf(conflict.theirs));
            editor.current?.replace(conflict.theirs.body);
            setSaved(workOf(conflict.theirs));
            setCurrent(conflict.theirs);
            setVersion(conflict.theirs.version);
            setConflict(null);
            toast({
              color: "info",
              title: "Their version is loaded",
              description: "Yours is on the clipboard, and Undo (Ctrl+Z) brings it back.",
            });
          }}
        />
      ) : null}
      <div className="grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)] lg:grid-cols-2">
        <section
          aria-label="Markdown"
          className="flex h-[70dvh] min-h-0 flex-col border-gray-200 lg:h-auto lg:border-r dark:border-gray-800"
        >
          <Toolbar onFormat={(name) => editor.current?.format(name)} onImage={() => setMediaOpen(true)} />
          <MarkdownEditor
            initial={start.body}
            label="Page text, in markdown"
            describedBy={errors.body ? "doc-body-error" : undefined}
            onChange={setBody}
            onSave={() => send(false)}
            onReady={(commands) => (editor.current = commands)}
          />
          {errors.body ? (
            <p id="doc-body-error" className="px-4 py-2 text-sm font-medium text-red-700 dark:text-red-300">
              {errors.body}
            </p>
          ) : null}
        </section>
        <PreviewPane body={body} title={fields.title} />
      </div>
      {mediaOpen ? (
        <MediaDialog
          open
          csrfToken={csrfToken}
          onClose={() => setMediaOpen(false)}
          onInsert={(image) => {
            setMediaOpen(false);
            editor.current?.insert(imageMarkdown(image.id, image.alt));
          }}
        />
      ) : null}
    </form>
  );
}
