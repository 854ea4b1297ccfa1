import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { EditorStateAnswer } from "./answers.ts";

/** How often an open editor says it is there (the server forgets one after a minute of silence). */
const beatMs = 15_000;

type Presence = Extract<EditorStateAnswer, { outcome: "presence" }>;

/**
 * Says this editor has the doc open, at once and every 15 seconds while the tab is seen,
 * and hears back who else has it open and the doc's latest save. Leaving (closing the tab,
 * going elsewhere) says so, so the others stop seeing this person at once.
 */
export function usePresence(csrf: string, docId: string | null): Presence | null {
  const fetcher = useFetcher<EditorStateAnswer>();
  useEffect(() => {
    if (!docId) return;
    const form = (intent: "open" | "closed") => {
      const body = new FormData();
      body.set("intent", intent);
      body.set("csrf", csrf);
      body.set("docId", docId);
      return body;
    };
    const beat = () => {
      if (document.visibilityState === "visible") void fetcher.submit(form("open"), { method: "post" });
    };
    const leave = () => {
      // keepalive: the request outlives the page that sends it.
      void fetch(window.location.pathname + window.location.search, {
        method: "POST",
        body: form("closed"),
        keepalive: true,
        credentials: "same-origin",
      }).catch(() => undefined);
    };
    beat();
    const timer = window.setInterval(beat, beatMs);
    document.addEventListener("visibilitychange", beat);
    window.addEventListener("pagehide", leave);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", beat);
      window.removeEventListener("pagehide", leave);
      leave();
    };
    // The fetcher is stable for the hook's life.
  }, [csrf, docId]);
  const answer = fetcher.data;
  return answer?.outcome === "presence" ? answer : null;
}
