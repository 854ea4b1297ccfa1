import { useEffect, useRef, useState } from "react";
import { differsFrom, draftKey, dropDraft, readDraft, writeDraft, type LocalDraft } from "./local-draft.ts";
import type { Fields } from "./doc-fields.tsx";

export type WorkInProgress = Fields & { body: string };

/** How long typing must pause before this browser's copy is written. */
const pauseMs = 400;

/**
 * This browser's copy of the work: written a moment after each change, offered back when
 * the page opens with unsaved work in it (a reload, a crashed tab), dropped once saved.
 */
export function useLocalDraft(docId: string | null, saved: WorkInProgress, version: number, work: WorkInProgress) {
  const key = draftKey(docId);
  const [offer, setOffer] = useState<LocalDraft | null>(null);
  const [keptAt, setKeptAt] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const ready = useRef(false);

  useEffect(() => {
    const found = readDraft(localStorage, key);
    if (found && differsFrom(found, saved)) setOffer(found);
    // A new doc's copy, once that doc is saved and opened here, has done its work.
    const fresh = docId ? readDraft(localStorage, draftKey(null)) : null;
    if (fresh && !differsFrom(fresh, saved)) dropDraft(localStorage, draftKey(null));
    ready.current = true;
    // Read once, when the page opens (`saved` is what the server had then).
  }, [key]);

  useEffect(() => {
    // Nothing is written while a kept copy is on offer: it would be overwritten before the writer chose.
    if (!ready.current || offer) return;
    const timer = window.setTimeout(() => {
      if (!differsFrom({ ...work, version, savedAt: "" }, saved)) {
        dropDraft(localStorage, key);
        setKeptAt(null);
        return;
      }
      const savedAt = new Date().toISOString();
      const kept = writeDraft(localStorage, key, { ...work, version, savedAt });
      setRefused(!kept);
      if (kept) setKeptAt(savedAt);
    }, pauseMs);
    return () => window.clearTimeout(timer);
  }, [key, work, saved, version, offer]);

  return {
    offer,
    keptAt,
    refused,
    settleOffer: () => setOffer(null),
    forget: () => {
      dropDraft(localStorage, key);
      setKeptAt(null);
    },
  };
}
