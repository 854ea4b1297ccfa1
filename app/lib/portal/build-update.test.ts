import { describe, expect, it, vi } from "vitest";
import { fetchLatestBuild, isChunkLoadError, watchForNewBuild } from "./build-update.ts";

function server(builds: { latest: unknown; metas: string[] }) {
  const asked: string[] = [];
  const fetcher = (input: string) => {
    asked.push(input);
    if (input.startsWith("/builds/latest.json")) {
      return Promise.resolve(new Response(JSON.stringify(builds.latest), { status: 200 }));
    }
    const meta = /^\/builds\/meta\/(.+)\.json$/.exec(input)?.[1];
    return Promise.resolve(new Response("{}", { status: meta && builds.metas.includes(meta) ? 200 : 404 }));
  };
  return { fetcher, asked };
}

function fakeDocument() {
  const listeners = new Set<() => void>();
  return {
    visibilityState: "visible" as DocumentVisibilityState,
    addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => void listeners.delete(listener),
    fire: () => listeners.forEach((listener) => listener()),
    listeners,
  };
}

describe("build updates", () => {
  it("ask every 60 s by default, or as often as the server says", async () => {
    vi.useFakeTimers();
    try {
      for (const [intervalMs, every] of [
        [undefined, 60_000],
        [5_000, 5_000],
      ] as const) {
        const { fetcher, asked } = server({ latest: { id: "b1", timestamp: 1 }, metas: ["b1"] });
        const watcher = watchForNewBuild({
          currentBuildId: "b1",
          fetcher,
          document: fakeDocument(),
          ...(intervalMs ? { intervalMs } : {}),
        });
        await vi.advanceTimersByTimeAsync(every - 1);
        expect(asked, `before ${every} ms`).toEqual([]);
        await vi.advanceTimersByTimeAsync(1);
        expect(asked.filter((path) => path.startsWith("/builds/latest.json"))).toHaveLength(1);
        await vi.advanceTimersByTimeAsync(every);
        expect(asked.filter((path) => path.startsWith("/builds/latest.json"))).toHaveLength(2);
        watcher.stop();
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it("ask for builds/latest.json with a timestamp, then the build's meta file (spec §7)", async () => {
    const { fetcher, asked } = server({ latest: { id: "b2", timestamp: 2 }, metas: ["b2"] });
    expect(await fetchLatestBuild(fetcher, 1234)).toEqual({ id: "b2", timestamp: 2 });
    expect(asked).toEqual(["/builds/latest.json?t=1234", "/builds/meta/b2.json"]);
  });

  it("do not announce a build whose meta file is missing, or a malformed answer", async () => {
    expect(await fetchLatestBuild(server({ latest: { id: "b2", timestamp: 2 }, metas: [] }).fetcher)).toBeNull();
    expect(
      await fetchLatestBuild(server({ latest: { id: "../x", timestamp: 2 }, metas: ["../x"] }).fetcher),
    ).toBeNull();
    expect(await fetchLatestBuild(server({ latest: "nope", metas: [] }).fetcher)).toBeNull();
  });

  it("mark an update ready when the interval finds a newer build, and when the tab comes back", async () => {
    let tick: () => void = () => undefined;
    const doc = fakeDocument();
    const builds = { latest: { id: "b1", timestamp: 1 }, metas: ["b1", "b2"] };
    const seen: string[] = [];
    const watcher = watchForNewBuild({
      currentBuildId: "b1",
      fetcher: server(builds).fetcher,
      document: doc,
      setInterval: (fn) => {
        tick = fn;
        return 1;
      },
      clearInterval: () => undefined,
      onUpdateReady: (build) => seen.push(build.id),
    });
    tick();
    await watcher.check();
    expect(watcher.updateReady).toBe(false);
    builds.latest = { id: "b2", timestamp: 2 };
    doc.fire();
    await watcher.check();
    expect(watcher.updateReady).toBe(true);
    expect(seen).toEqual(["b2"]);
    watcher.stop();
    expect(doc.listeners.size).toBe(0);
  });

  it("stay quiet when the server cannot be reached", async () => {
    const watcher = watchForNewBuild({
      currentBuildId: "b1",
      fetcher: () => Promise.reject(new TypeError("offline")),
      document: fakeDocument(),
      setInterval: () => 1,
      clearInterval: () => undefined,
    });
    await watcher.check();
    expect(watcher.updateReady).toBe(false);
  });

  it("recognise a failed route chunk in each browser's words", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/assets/a.js"))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Something else"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });
});
