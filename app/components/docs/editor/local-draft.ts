/**
 * The editor's copy of unsaved work in this browser, so a reload or a crashed tab loses
 * nothing: kept as the writer types, per doc (or "new"), and dropped once saved.
 */
export type LocalDraft = {
  title: string;
  slug: string;
  parentId: string;
  position: string;
  description: string;
  body: string;
  /** The doc's version the work started from: a draft from an older one is offered, never applied unasked. */
  version: number;
  savedAt: string;
};

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const prefix = "densara:doc-draft:";

export function draftKey(docId: string | null): string {
  return `${prefix}${docId ?? "new"}`;
}

function isDraft(value: unknown): value is LocalDraft {
  if (typeof value !== "object" || value === null) return false;
  const draft = value as Record<string, unknown>;
  return (
    ["title", "slug", "parentId", "position", "description", "body", "savedAt"].every(
      (name) => typeof draft[name] === "string",
    ) && typeof draft.version === "number"
  );
}

export function readDraft(store: Store, key: string): LocalDraft | null {
  try {
    const raw = store.getItem(key);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return isDraft(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keeps the draft; false when the browser refused (storage full or disabled), so the page can say so. */
export function writeDraft(store: Store, key: string, draft: LocalDraft): boolean {
  try {
    store.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function dropDraft(store: Store, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    // Nothing to do: a browser that refuses storage kept nothing to drop.
  }
}

/** Whether a kept draft differs from what the server has, so it is worth offering back. */
export function differsFrom(draft: LocalDraft, saved: Omit<LocalDraft, "version" | "savedAt">): boolean {
  return (Object.keys(saved) as (keyof typeof saved)[]).some((name) => draft[name] !== saved[name]);
}
