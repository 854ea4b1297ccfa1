/**
 * The Node flags the server runs with: `npm start` gives them on node's command line
 * (they cannot be set from inside a running process), and the benchmarks and tests start
 * the server with the same ones (docs/decisions/025-the-servers-young-generation.md).
 *
 * `--max-semi-space-size=16`: V8 sizes the young generation from the machine's memory
 * (64 MB semi-spaces, 128 MB of new space held for good, on a 24 GB machine). 16 MB
 * semi-spaces keep 32 MB: about 100 MB less resident at idle, for a few more, shorter
 * young-generation collections.
 */
export const serverNodeFlags: readonly string[] = ["--max-semi-space-size=16"];

/** The flags from `serverNodeFlags` this process was started without. */
export function missingNodeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  const given = [...execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
  return serverNodeFlags.filter((flag) => !given.some((each) => each.split("=")[0] === flag.split("=")[0]));
}
