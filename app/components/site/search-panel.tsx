import { BookOpen, FileText, Hash, Search, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { docHitHref, snippetParts } from "../../lib/docs/search.ts";
import { searchSections, type SnippetPart } from "../../lib/site/search.ts";
import type { SearchSection } from "../../lib/site/search-index.ts";
import { useDocHits } from "./use-doc-hits.ts";

/** One option of the panel: a doc (signed in, on the docs pages) or a part of the public site. */
type Item = {
  key: string;
  href: string;
  kind: "doc" | "page" | "section";
  trail: string[];
  title: string;
  snippet: SnippetPart[];
};

type IndexState = { status: "loading" } | { status: "ready"; index: SearchSection[] } | { status: "failed" };

let cachedIndex: Promise<SearchSection[]> | undefined;

function loadIndex(): Promise<SearchSection[]> {
  cachedIndex ??= fetch("/api/search.json", { headers: { Accept: "application/json" } }).then((response) => {
    if (!response.ok) throw new Error(`search index answered ${response.status}`);
    return response.json() as Promise<SearchSection[]>;
  });
  cachedIndex.catch(() => {
    cachedIndex = undefined;
  });
  return cachedIndex;
}

/**
 * The site search: a modal dialog with a combobox. Arrow keys move through the
 * results, Enter opens one at its section, Escape closes and focus returns. On the docs
 * pages (`docs`), the signed-in reader's docs come first, from the server's docs search.
 */
export function SearchPanel({
  open,
  onClose,
  onNavigate,
  docs = false,
}: {
  open: boolean;
  onClose: () => void;
  onNavigate: (href: string) => void;
  docs?: boolean;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<IndexState>({ status: "loading" });
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const baseId = useId();
  const listId = `${baseId}-results`;

  // A click on the backdrop (the dialog element itself, outside its box) closes the panel.
  useEffect(() => {
    const dialog = dialogRef.current;
    const onBackdrop = (event: MouseEvent) => {
      if (event.target === dialog) onClose();
    };
    dialog?.addEventListener("click", onBackdrop);
    return () => dialog?.removeEventListener("click", onBackdrop);
  }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      inputRef.current?.select();
      loadIndex().then(
        (index) => setState({ status: "ready", index }),
        () => setState({ status: "failed" }),
      );
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  const docHits = useDocHits(query, docs && open);
  const results = useMemo((): Item[] => {
    const found: Item[] = docHits.hits.map((hit) => ({
      key: `doc-${hit.id}`,
      href: docHitHref(hit),
      kind: "doc",
      trail: hit.heading ? [hit.title] : ["Docs"],
      title: hit.heading ? hit.heading.text : hit.title,
      snippet: snippetParts(hit.snippet),
    }));
    if (state.status !== "ready") return found;
    return found.concat(
      searchSections(state.index, query).map((result) => ({
        key: result.section.id,
        href: result.section.id,
        kind: result.section.level === 1 ? "page" : "section",
        trail: result.section.titles,
        title: result.section.title,
        snippet: result.snippet,
      })),
    );
  }, [state, query, docHits.hits]);
  const activeIndex = Math.min(active, Math.max(0, results.length - 1));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (results.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((activeIndex + step + results.length) % results.length);
    } else if (event.key === "Home" && results.length > 0 && event.ctrlKey) {
      setActive(0);
    } else if (event.key === "Enter") {
      const chosen = results[activeIndex];
      if (chosen) {
        event.preventDefault();
        onNavigate(chosen.href);
      }
    }
  };

  const optionId = (index: number) => `${baseId}-option-${index}`;

  // The active option follows the arrow keys, so keep it in view inside the scrolling list.
  const activeOptionId = results.length > 0 ? optionId(activeIndex) : undefined;
  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: "nearest" });
  }, [activeOptionId]);
  const trimmed = query.trim();
  // The docs searched a mistyped word as the word they hold: say which.
  const correction = docHits.status === "ready" ? docHits.hits[0]?.correction : undefined;

  return (
    <dialog
      ref={dialogRef}
      aria-label="Search the site"
      onClose={onClose}
      className="search-dialog m-0 mx-auto mt-[10vh] w-[calc(100%-2rem)] max-w-2xl rounded-2xl bg-white p-0 text-gray-900 shadow-2xl ring-1 ring-gray-200 backdrop:bg-gray-950/50 dark:bg-gray-900 dark:text-gray-100 dark:ring-gray-800"
    >
      <div className="flex items-center gap-3 border-b border-gray-200 px-4 dark:border-gray-800">
        <Search aria-hidden="true" className="size-5 shrink-0 text-gray-500 dark:text-gray-400" />
        <input
          ref={inputRef}
          type="text"
          enterKeyHint="search"
          role="combobox"
          aria-label="Search the site"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOptionId}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search the site"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className="h-14 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-gray-500 dark:placeholder:text-gray-400"
        />
        <button
          type="button"
          onClick={onClose}
          className="inline-flex size-10 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
          aria-label="Close search"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      {/* A scrolling region must be reachable by keyboard (WCAG 2.1.1); the options themselves are not focusable. */}
      <div className="max-h-[60vh] overflow-y-auto p-2" tabIndex={0} role="region" aria-label="Search results">
        <p role="status" className="sr-only">
          {state.status === "ready" && trimmed
            ? `${results.length} result${results.length === 1 ? "" : "s"}${correction ? `, docs for “${correction}”` : ""}`
            : ""}
        </p>
        {docs && correction ? (
          <p className="px-3 pt-3 text-sm text-gray-700 dark:text-gray-300">
            Showing docs for <span className="font-semibold text-gray-950 dark:text-white">“{correction}”</span>.
          </p>
        ) : null}
        {state.status === "loading" ? (
          <p className="px-3 py-6 text-sm text-gray-600 dark:text-gray-300">Loading the search index…</p>
        ) : null}
        {state.status === "failed" ? (
          <p className="px-3 py-6 text-sm text-gray-700 dark:text-gray-300">
            Search is unavailable right now. Please try again in a moment.
          </p>
        ) : null}
        {state.status === "ready" && !trimmed ? (
          <p className="px-3 py-6 text-sm text-gray-600 dark:text-gray-300">
            {docs
              ? "Type a word, such as “calibration”, “phantom” or “update”."
              : "Type a word, such as “v5”, “T-score” or “training”."}
          </p>
        ) : null}
        {docs && docHits.status === "failed" ? (
          <p className="px-3 pt-3 text-sm text-gray-700 dark:text-gray-300">
            The docs could not be searched just now; the rest of the site still can.
          </p>
        ) : null}
        {state.status === "ready" && trimmed && results.length === 0 && docHits.status !== "loading" ? (
          <p className="px-3 py-6 text-sm text-gray-700 dark:text-gray-300">No results for “{trimmed}”.</p>
        ) : null}
        <ul id={listId} role="listbox" aria-label="Results" className="space-y-1">
          {results.map((result, index) => {
            const selected = index === activeIndex;
            const ResultIcon = result.kind === "doc" ? BookOpen : result.kind === "page" ? FileText : Hash;
            return (
              // Keyboard use goes through the combobox (aria-activedescendant), as the ARIA combobox pattern prescribes.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={result.key}
                id={optionId(index)}
                role="option"
                aria-selected={selected}
                onMouseMove={() => setActive(index)}
                onClick={() => onNavigate(result.href)}
                className="flex cursor-pointer gap-3 rounded-lg px-3 py-3 aria-selected:bg-bdblue-50 dark:aria-selected:bg-bdblue-950"
              >
                <ResultIcon
                  aria-hidden="true"
                  className="mt-0.5 size-5 shrink-0 text-bdblue-700 dark:text-bdblue-300"
                />
                <span className="min-w-0">
                  <span className="block text-sm font-semibold text-gray-950 dark:text-white">
                    {result.trail.length > 0 ? (
                      <span className="font-normal text-gray-600 dark:text-gray-300">
                        {result.trail.join(" › ")} ›{" "}
                      </span>
                    ) : null}
                    {result.title}
                  </span>
                  <span className="mt-1 block text-sm text-gray-700 dark:text-gray-300">
                    {result.snippet.map((part, partIndex) =>
                      part.match ? (
                        <mark key={partIndex} className="rounded-sm bg-bdblue-100 text-inherit dark:bg-bdblue-900">
                          {part.text}
                        </mark>
                      ) : (
                        <span key={partIndex}>{part.text}</span>
                      ),
                    )}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <p className="hidden border-t border-gray-200 px-4 py-2 text-xs text-gray-600 sm:block dark:border-gray-800 dark:text-gray-300">
        <kbd className="font-sans">↑</kbd> <kbd className="font-sans">↓</kbd> to move,{" "}
        <kbd className="font-sans">Enter</kbd> to open, <kbd className="font-sans">Esc</kbd> to close
      </p>
    </dialog>
  );
}
