import { useEffect, useState } from "react";
import { searchDocs, type DocHit } from "../../lib/docs/search.ts";

export type DocHitsState =
  { status: "idle" | "loading" | "failed"; hits: DocHit[] } | { status: "ready"; hits: DocHit[] };

/** How long typing must pause before the docs are asked: one request per word, not per key. */
const pauseMs = 150;

/** The signed-in docs search as the reader types (only where `enabled`, on the docs pages). */
export function useDocHits(query: string, enabled: boolean): DocHitsState {
  const [state, setState] = useState<DocHitsState>({ status: "idle", hits: [] });
  const trimmed = query.trim();
  useEffect(() => {
    if (!enabled || !trimmed) {
      setState({ status: "idle", hits: [] });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ status: "loading", hits: previous.hits }));
    const timer = window.setTimeout(() => {
      searchDocs(trimmed, controller.signal).then(
        (hits) => setState({ status: "ready", hits }),
        () => {
          if (!controller.signal.aborted) setState({ status: "failed", hits: [] });
        },
      );
    }, pauseMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [enabled, trimmed]);
  return state;
}
