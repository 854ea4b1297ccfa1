import { productIds } from "../../../../shared/product-line.ts";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { suggestSlug } from "../../../../shared/doc-paths.ts";
import { formatTime } from "../../../lib/format.ts";
import type { MergedField } from "../../../lib/docs/merge-hunks.ts";
import type { EditedDoc, EditorAnswer } from "./answers.ts";
import { toast } from "../../dashboard/toaster.tsx";
import { navigateTo } from "../../../../shared/safe-navigation.ts";
import { usePortal } from "../../dashboard/portal-context.tsx";
import { FormAlert } from "../../ui/field.tsx";
import { DocFields, type Fields, type Place } from "./doc-fields.tsx";
import { EditorHeader } from "./editor-header.tsx";
import { imageMarkdown } from "./tools.ts";
import { MarkdownEditor, type EditorCommands } from "./markdown-editor.tsx";
import { MediaDialog } from "./media-dialog.tsx";
import { PresenceNote } from "./presence-note.tsx";
import { KeptWorkOffer } from "./kept-work-offer.tsx";
import { PreviewPane } from "./preview-pane.tsx";
import { PublishCheck } from "./publish-check.tsx";
import { saveForm } from "./save-form.ts";
import { useLivePreview } from "./use-live-preview.ts";
import { Toolbar } from "./toolbar.tsx";
import { usePresence } from "./use-presence.ts";
import { useServerDraft, type KeptWork, type WorkInProgress } from "./use-server-draft.ts";

type Merge = Extract<EditorAnswer, { outcome: "merge" }>;

/** Loaded only when a stale save needs the writer to settle a conflict. */
const MergePanel = lazy(() => import("./merge-panel.tsx"));

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
 * preview, saving (⌘S) as a draft revision, publishing, the work kept on the server as it
 * is typed, who else has the page open, and a three-way merge when someone else saved first.
 */
export function DocEditor({
  doc,
  places,
  parentId,
  kept,
}: {
  doc: EditedDoc | null;
  places: readonly Place[];
  parentId: string | null;
  kept: KeptWork | null;
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
            products: places.find((place) => place.id === parentId)?.products.join(",") ?? productIds.join(","),
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
  const [revision, setRevision] = useState(doc?.headRevision ?? 0);
  const [merge, setMerge] = useState<Merge | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | undefined>();
  const [mediaOpen, setMediaOpen] = useState(false);
  const editor = useRef<EditorCommands | null>(null);
  const fetcher = useFetcher<EditorAnswer>();
  const navigate = useNavigate();
  const work = useMemo(() => ({ ...fields, body }), [fields, body]);
  const server = useServerDraft({ csrf: csrfToken, docId: doc?.id ?? null, kept, saved, version, revision, work });
  const presence = usePresence(csrfToken, doc?.id ?? null);
  const preview = useLivePreview(body);
  /** Publishing a page with problems asks once more. */
  const [checkingPublish, setCheckingPublish] = useState(false);
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
      setRevision(answer.doc.headRevision);
      setMerge(null);
      setErrors({});
      setProblem(undefined);
      if (answer.merged) {
        // The save merged someone else's words in: the editor holds what was saved, with a fresh history.
        setFields(workOf(answer.doc));
        setBody(answer.doc.body);
      }
    } else if (answer.outcome === "refused") {
      setErrors(answer.fields);
      setProblem(answer.message);
    } else {
      setMerge(answer);
    }
  }
  useEffect(() => {
    if (!answered) return;
    if (answered.outcome === "saved") {
      server.settled();
      const { doc: saved, published, created, merged } = answered;
      if (merged) editor.current?.reset(saved.body);
      // Once published, the writer lands on the page readers now see.
      if (published && saved.publishedPath) {
        navigateTo(`/docs/${saved.publishedPath}`, { report: (title) => toast({ title, color: "error" }) });
        return;
      }
      const title = created
        ? `“${saved.title}” was saved as a draft`
        : merged
          ? `Merged with ${merged.by ?? "the other"} revision ${merged.revision} and saved`
          : "Saved as a draft";
      toast({ color: "success", title });
      // A new doc is edited at its own address from now on (the kept work went with the save).
      if (created) void navigate(`/docs/edit?id=${encodeURIComponent(saved.id)}`, { replace: true });
    }
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answered]);

  // A new page starts at its title.
  useEffect(() => {
    if (!doc) document.getElementById("doc-title")?.focus();
    // Once, when the editor opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Work not yet kept on the server: leaving asks first.
  useEffect(() => {
    if (!dirty || server.keptAt) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty, server.keptAt]);

  /** Saves the work (or the merged work, at the revision it was merged with), with what it started from. */
  const send = (
    publish: boolean,
    at: { version: number; revision: number; fields: Fields; body: string; base: WorkInProgress } = {
      version,
      revision,
      fields,
      body,
      base: saved,
    },
  ) => {
    const form = saveForm({ csrf: csrfToken, docId: doc?.id ?? null, ...at, publish });
    void fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
  };

  /** The writer settled the merge: the editor takes the merged page (Undo cannot bring the old one back), and saves it. */
  const saveMerged = (settled: Merge, mergedBody: string, values: Record<MergedField, string>) => {
    const { theirs } = settled;
    const mergedFields: Fields = {
      title: values.title,
      slug: values.slug,
      parentId: values.parentId,
      position: values.position,
      description: values.description,
      products: values.products,
      counterpartId: values.counterpartId,
    };
    setFields(mergedFields);
    editor.current?.reset(mergedBody);
    setBody(mergedBody);
    setSaved(workOf(theirs));
    setCurrent(theirs);
    setVersion(theirs.version);
    setRevision(theirs.headRevision);
    setMerge(null);
    send(settled.publish, {
      version: theirs.version,
      revision: theirs.headRevision,
      fields: mergedFields,
      body: mergedBody,
      base: workOf(theirs),
    });
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
    const offer = server.offer;
    if (!offer) return;
    setFields((previous) => ({
      ...previous,
      title: offer.title,
      slug: offer.slug,
      parentId: offer.parentId,
      position: offer.position,
      description: offer.description,
      products: offer.products,
      counterpartId: offer.counterpartId,
    }));
    setSlugEdited(true);
    editor.current?.replace(offer.body);
    server.settleOffer();
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
          status={current ? `${statusWords[current.status]} · revision ${current.headRevision}` : "New page"}
          saveState={
            saving
              ? "Saving…"
              : !dirty
                ? current
                  ? "Everything is saved"
                  : "Nothing written yet"
                : server.failed
                  ? `Unsaved, and not kept: ${server.failed}`
                  : server.keptAt
                    ? `Unsaved · your work is kept (${formatTime(server.keptAt)})`
                    : "Unsaved changes"
          }
          previewHref={current ? `/docs/${current.path}?preview=true` : null}
          saving={saving}
          // Publishing saves first, so the button is there whenever the viewer may publish docs at all.
          onPublish={
            (capabilities.doc?.publish ?? "none") !== "none"
              ? () => (preview.problems.length > 0 ? setCheckingPublish(true) : send(true))
              : null
          }
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
        {checkingPublish && preview.problems.length > 0 ? (
          <PublishCheck
            problems={preview.problems}
            onBack={() => {
              setCheckingPublish(false);
              editor.current?.focus();
            }}
            onPublish={() => {
              setCheckingPublish(false);
              send(true);
            }}
          />
        ) : null}
        <PresenceNote presence={presence} revision={revision} />
        {server.offer ? (
          <KeptWorkOffer offer={server.offer} revision={revision} onRestore={restore} onDiscard={server.discard} />
        ) : null}
      </div>
      {merge ? (
        <Suspense fallback={<p className="px-6 py-4 text-sm">Opening the merge…</p>}>
          <MergePanel
            key={merge.theirs.version}
            merge={merge}
            onSave={(mergedBody, values) => saveMerged(merge, mergedBody, values)}
            onCancel={() => setMerge(null)}
          />
        </Suspense>
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
        <PreviewPane body={body} title={fields.title} preview={preview} />
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
