/**
 * The Node flags and the C allocator's settings the server runs with: `npm start` gives
 * them on its command line (neither can be set from inside a running process), and the
 * benchmarks and tests start the server with the same ones
 * (docs/decisions/025-the-servers-young-generation.md and
 * docs/decisions/027-the-servers-c-heap-and-first-start.md).
 *
 * `--max-semi-space-size=16`: V8 sizes the young generation from the machine's memory
 * (64 MB semi-spaces, 128 MB of new space held for good, on a 24 GB machine). 16 MB
 * semi-spaces keep 32 MB: about 100 MB less resident at idle, for a few more, shorter
 * young-generation collections.
 *
 * `--expose-gc`: once the server has started it asks V8 for one collection that gives
 * memory back (`collectStartupGarbage`). Without traffic V8's memory reducer never runs,
 * and start-up's garbage and grown young generation stayed resident: about 50 MB.
 */
export const serverNodeFlags: readonly string[] = ["--max-semi-space-size=16", "--expose-gc"];

/**
 * glibc's allocator (Debian's, and most Linux images'; others ignore these): two arenas
 * instead of eight per core, each kept by the thread that used it (V8's compiler and
 * collector threads, libuv's pool, PGlite's WebAssembly compiles), and memory above
 * 128 KB given back when freed instead of kept for a next time. About 30 MB less at
 * idle on PostgreSQL and 70 MB on PGlite, with no speed lost that the benchmarks show.
 */
export const serverEnvironment: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_TRIM_THRESHOLD_: "131072",
  MALLOC_MMAP_THRESHOLD_: "131072",
};

/** `npm start`'s command: the settings above, then node with the flags. */
export const serverStartCommand = [
  ...Object.entries(serverEnvironment).map(([name, value]) => `${name}=${value}`),
  "node",
  ...serverNodeFlags,
  "server/main.ts",
].join(" ");

/** The flags from `serverNodeFlags` this process was started without. */
export function missingNodeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  const given = [...execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
  return serverNodeFlags.filter((flag) => !given.some((each) => each.split("=")[0] === flag.split("=")[0]));
}

/** The names from `serverEnvironment` this process was started without (at any value: an operator's own wins). */
export function missingAllocatorSettings(environment: NodeJS.ProcessEnv = process.env): string[] {
  return Object.keys(serverEnvironment).filter((name) => !environment[name]);
}

/**
 * One full collection that hands memory back (V8's "last resort" flavour: it shrinks the
 * young generation and releases free pages), run once the server has started. Without
 * `--expose-gc` it does nothing.
 */
export function collectStartupGarbage(): void {
  globalThis.gc?.({ type: "major", execution: "sync", flavor: "last-resort" });
}
