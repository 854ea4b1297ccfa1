import { describe, expect, it } from "vitest";
import { mayReload, reloadGuardKey, reloadGuardMs } from "./reload-guard.ts";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe("the reload guard", () => {
  it("is 10000 ms per path (spec §9)", () => {
    expect(reloadGuardMs).toBe(10_000);
  });

  it("allows one reload of a path, then refuses for 10 seconds, then allows again", () => {
    const storage = memoryStorage();
    expect(mayReload("/dashboard", storage, 1_000)).toBe(true);
    expect(mayReload("/dashboard", storage, 1_000 + reloadGuardMs - 1)).toBe(false);
    expect(mayReload("/dashboard", storage, 1_000 + reloadGuardMs)).toBe(true);
  });

  it("counts each path on its own", () => {
    const storage = memoryStorage();
    expect(mayReload("/dashboard", storage, 5_000)).toBe(true);
    expect(mayReload("/dashboard/admin/users", storage, 5_001)).toBe(true);
    expect(mayReload("/dashboard", storage, 5_002)).toBe(false);
  });

  it("keeps its record in the given storage, dropping entries older than the guard", () => {
    const storage = memoryStorage();
    mayReload("/a", storage, 0);
    mayReload("/b", storage, reloadGuardMs + 1);
    expect(JSON.parse(storage.values.get(reloadGuardKey) ?? "{}")).toEqual({ "/b": reloadGuardMs + 1 });
  });

  it("treats a damaged record as empty, and refuses without storage", () => {
    const storage = memoryStorage();
    storage.values.set(reloadGuardKey, "{not json");
    expect(mayReload("/x", storage, 0)).toBe(true);
    expect(mayReload("/x", undefined, 0)).toBe(false);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error("quota");
      },
    };
    expect(mayReload("/x", full, 0)).toBe(false);
  });
});
