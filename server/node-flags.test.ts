import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  missingAllocatorSettings,
  missingNodeFlags,
  serverEnvironment,
  serverNodeFlags,
  serverStartCommand,
} from "./node-flags.ts";

describe("the server's Node flags", () => {
  afterEach(() => vi.unstubAllEnvs());

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
    expect(missingNodeFlags(["--max-semi-space-size=4"])).toEqual([]);
    expect(missingNodeFlags(["--max-old-space-size=512"])).toEqual([...serverNodeFlags]);
    vi.stubEnv("NODE_OPTIONS", "--enable-source-maps --max-semi-space-size=32");
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
});
