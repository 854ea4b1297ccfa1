import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  collectStartupGarbage,
  missingAllocatorSettings,
  missingNodeFlags,
  serverEnvironment,
  serverNodeFlags,
  serverStartCommand,
} from "./node-flags.ts";

describe("the server's Node flags", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it("are what npm start gives node", () => {
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.start).toBe(serverStartCommand);
    expect(serverStartCommand).toBe(
      `MALLOC_ARENA_MAX=2 MALLOC_TRIM_THRESHOLD_=131072 MALLOC_MMAP_THRESHOLD_=131072 node ${serverNodeFlags.join(" ")} server/main.ts`,
    );
  });

  it("are missing unless node's command line or NODE_OPTIONS names each, at any value", () => {
    vi.stubEnv("NODE_OPTIONS", "");
    expect(missingNodeFlags([])).toEqual([...serverNodeFlags]);
    expect(missingNodeFlags([...serverNodeFlags])).toEqual([]);
    expect(missingNodeFlags(["--max-semi-space-size=4", "--expose-gc"])).toEqual([]);
    expect(missingNodeFlags(["--max-semi-space-size=4"])).toEqual(["--expose-gc"]);
    expect(missingNodeFlags(["--max-old-space-size=512"])).toEqual([...serverNodeFlags]);
    vi.stubEnv("NODE_OPTIONS", "--enable-source-maps --max-semi-space-size=32 --expose-gc");
    expect(missingNodeFlags([])).toEqual([]);
  });

  it("count an allocator setting as missing only when the environment does not name it", () => {
    expect(missingAllocatorSettings({})).toEqual(Object.keys(serverEnvironment));
    expect(missingAllocatorSettings({ ...serverEnvironment })).toEqual([]);
    expect(missingAllocatorSettings({ ...serverEnvironment, MALLOC_ARENA_MAX: "4" })).toEqual([]);
    expect(missingAllocatorSettings({ MALLOC_ARENA_MAX: "2" })).toEqual([
      "MALLOC_TRIM_THRESHOLD_",
      "MALLOC_MMAP_THRESHOLD_",
    ]);
  });

  it("ask, once started, for the collection that gives memory back, and for nothing without --expose-gc", () => {
    const gc = vi.fn();
    vi.stubGlobal("gc", gc);
    collectStartupGarbage();
    expect(gc).toHaveBeenCalledExactlyOnceWith({ type: "major", execution: "sync", flavor: "last-resort" });
    vi.stubGlobal("gc", undefined);
    expect(() => collectStartupGarbage()).not.toThrow();
  });
});
