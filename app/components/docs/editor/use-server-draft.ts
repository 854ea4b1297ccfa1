import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { EditorStateAnswer } from "./answers.ts";
import type { Fields } from "./doc-fields.tsx";

export type WorkInProgress = Fields & { body: string };

/** Unsaved work as the server kept it (ADR 039), and the revision it was written against. */
export type KeptWork = WorkInProgress & { baseVersion: number; baseRevision: number; savedAt: string };

/** How long typing must pause before the work is kept on the server. */
const pauseMs = 3_000;

function differs(a: WorkInProgress, b: WorkInProgress): boolean {
  return (Object.keys(b) as (keyof WorkInProgress)[]).some((name) => a[name] !== b[name]);
}

/** The form that keeps the work: the same fields as a save, named for keepDocWork. */
function keepForm(csrf: string, docId: string | null, work: WorkInProgress, version: number, revision: number) {
  const form = new FormData();
  form.set("intent", "keep");
  form.set("csrf", csrf);
  if (docId) form.set("docId", docId);
  form.set("title", work.title);
  form.set("slug", work.slug);
  if (work.parentId) form.set("parentId", work.parentId);
  if (work.position.trim()) form.set("position", work.position.trim());
  form.set("description", work.description);
  work.products.split(",").forEach((product) => form.append("products", product));
  if (work.counterpartId) form.set("counterpartId", work.counterpartId);
  form.set("body", work.body);
  form.set("baseVersion", String(version));
  form.set("baseRevision", String(revision));
  return form;
}

/**
 * The work, kept on the server a few seconds after typing stops, so another browser, a
 * reload or a crash loses nothing. Work kept earlier (here or elsewhere) that differs from
 * the saved page is offered back when the editor opens; nothing is kept while it is on offer.
 */
export function useServerDraft(options: {
  csrf: string;
  docId: string | null;
  kept: KeptWork | null;
  saved: WorkInProgress;
  version: number;
  revision: number;
  work: WorkInProgress;
}) {
  const { csrf, docId, saved, version, revision, work } = options;
  const [offer, setOffer] = useState<KeptWork | null>(() =>
    options.kept && differs(options.kept, saved) ? options.kept : null,
  );
  const fetcher = useFetcher<EditorStateAnswer>();
  /** The work last sent to be kept: the server's answer speaks for it, and for nothing typed since. */
  const [sent, setSent] = useState<WorkInProgress | null>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const failed = answer?.outcome === "refused" ? answer.message : null;
  const keptAt = answer?.outcome === "kept" && sent && !differs(work, sent) ? answer.savedAt : null;

  useEffect(() => {
    if (offer || !differs(work, saved)) return;
    if (sent && !differs(work, sent)) return;
    const timer = window.setTimeout(() => {
      setSent(work);
      void fetcher.submit(keepForm(csrf, docId, work, version, revision), { method: "post" });
    }, pauseMs);
    return () => window.clearTimeout(timer);
    // The fetcher is stable for the hook's life; only the work and what it is measured against count.
  }, [offer, work, saved, sent, version, revision, csrf, docId]);

  return {
    offer,
    keptAt: differs(work, saved) ? keptAt : null,
    keeping: fetcher.state !== "idle",
    failed,
    settleOffer: () => setOffer(null),
    /** Lets the kept work go (the writer discarded it). */
    discard: () => {
      setOffer(null);
      setSent(null);
      const form = new FormData();
      form.set("intent", "drop");
      form.set("csrf", csrf);
      if (docId) form.set("docId", docId);
      void fetcher.submit(form, { method: "post" });
    },
    /** The work was saved as the page: the server let its copy go in the same save. */
    settled: () => setSent(null),
  };
}
