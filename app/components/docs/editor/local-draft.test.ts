import { describe, expect, it } from "vitest";
import { differsFrom, draftKey, dropDraft, readDraft, writeDraft, type LocalDraft } from "./local-draft.ts";

function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

const draft: LocalDraft = {
  title: "Daily check",
  slug: "daily-check",
  parentId: "",
  position: "",
  description: "",
  body: "Step one",
  version: 3,
  savedAt: "2026-11-24T10:00:00.000Z",
};

describe("local drafts", () => {
  it("keeps a draft per doc and reads it back", () => {
    const store = memoryStore();
    expect(writeDraft(store, draftKey("doc-1"), draft)).toBe(true);
    expect(readDraft(store, draftKey("doc-1"))).toEqual(draft);
    expect(readDraft(store, draftKey(null))).toBeNull();
    dropDraft(store, draftKey("doc-1"));
    expect(readDraft(store, draftKey("doc-1"))).toBeNull();
  });

  it("ignores what it did not write: broken JSON or another shape", () => {
    const store = memoryStore();
    store.items.set(draftKey("a"), "{not json");
    store.items.set(draftKey("b"), JSON.stringify({ title: 1 }));
    expect(readDraft(store, draftKey("a"))).toBeNull();
    expect(readDraft(store, draftKey("b"))).toBeNull();
  });

  it("says when the browser refuses to keep it", () => {
    const full = {
      ...memoryStore(),
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    expect(writeDraft(full, draftKey(null), draft)).toBe(false);
  });

  it("is offered back only when it differs from what is saved", () => {
    const { version: _version, savedAt: _savedAt, ...saved } = draft;
    expect(differsFrom(draft, saved)).toBe(false);
    expect(differsFrom(draft, { ...saved, body: "Step two" })).toBe(true);
  });
});
