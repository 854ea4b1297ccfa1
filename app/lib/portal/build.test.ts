import { describe, expect, it } from "vitest";
import { navigationTarget, rememberWhileNavigating } from "./build.ts";

const key = "densara:navigating-to";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
    removeItem: (name: string) => void items.delete(name),
  };
}

describe("navigationTarget", () => {
  it("keeps a path from the root, with its query, and resolves a query or hash against the current page", () => {
    expect(navigationTarget("/dashboard/admin/activity", "/dashboard")).toBe("/dashboard/admin/activity");
    expect(navigationTarget("/dashboard/admin/users?q=ann#top", "/dashboard")).toBe("/dashboard/admin/users?q=ann");
    expect(navigationTarget("?page=2", "/dashboard/admin/activity?kind=user")).toBe("/dashboard/admin/activity?page=2");
    expect(navigationTarget("#main", "/dashboard/settings?tab=tokens")).toBe("/dashboard/settings?tab=tokens");
  });

  it("does not guess a route-relative path, another origin, history steps or a form submission", () => {
    expect(navigationTarget("members", "/dashboard/admin/organizations/1")).toBeNull();
    expect(navigationTarget("../users", "/dashboard/admin/organizations")).toBeNull();
    expect(navigationTarget("//evil.example/dashboard", "/dashboard")).toBeNull();
    expect(navigationTarget("https://evil.example/", "/dashboard")).toBeNull();
    expect(navigationTarget(-1, "/dashboard")).toBeNull();
    expect(navigationTarget("/dashboard/admin/users", "/dashboard", "GET")).toBeNull();
    expect(navigationTarget("/dashboard/admin/users", "/dashboard", "post")).toBeNull();
  });
});

describe("rememberWhileNavigating", () => {
  it("writes the target down before the navigation starts, and takes it back once it is over", async () => {
    const storage = memoryStorage();
    let seenDuring: string | undefined;
    await rememberWhileNavigating(
      () => {
        seenDuring = storage.items.get(key);
        return Promise.resolve();
      },
      { to: "/dashboard/admin/activity", currentUrl: "/dashboard" },
      storage,
      1234,
    );
    expect(JSON.parse(seenDuring ?? "null")).toEqual({ href: "/dashboard/admin/activity", at: 1234 });
    expect(storage.items.has(key)).toBe(false);
  });

  it("leaves a later navigation's note alone", async () => {
    const storage = memoryStorage();
    await rememberWhileNavigating(
      () => {
        storage.setItem(key, JSON.stringify({ href: "/dashboard/settings", at: 2 }));
        return Promise.resolve();
      },
      { to: "/dashboard/admin/users", currentUrl: "/dashboard" },
      storage,
      1,
    );
    expect(JSON.parse(storage.items.get(key) ?? "null")).toEqual({ href: "/dashboard/settings", at: 2 });
  });

  it("writes nothing for a navigation whose target is not certain, and still runs it", async () => {
    const storage = memoryStorage();
    let ran = false;
    await rememberWhileNavigating(
      () => {
        ran = true;
        expect(storage.items.size).toBe(0);
        return Promise.resolve();
      },
      { to: "members", currentUrl: "/dashboard/admin/organizations/1" },
      storage,
    );
    expect(ran).toBe(true);
  });

  it("still navigates when storage refuses to be written", async () => {
    let ran = false;
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    await rememberWhileNavigating(
      () => {
        ran = true;
        return Promise.resolve();
      },
      { to: "/dashboard/settings", currentUrl: "/dashboard" },
      refusing,
    );
    expect(ran).toBe(true);
  });
});
