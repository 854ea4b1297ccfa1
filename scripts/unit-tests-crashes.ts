import { stripVTControlCharacters } from "node:util";

/**
 * Node 24's V8 sometimes aborts a process with a failed internal check while it frees
 * WebAssembly code (`Check failed: jit_page_->allocations_.erase(addr) == 1`, in
 * `UnregisterWasmAllocation`, SIGTRAP): about once in 150 test files here, each of which
 * starts its own PGlite. It is the engine's fault, not a test's, and it says nothing about
 * the code under test; but it ends the whole run. So a file whose worker the engine killed
 * that way, and only that way, runs once more (ADR 046). Everything else fails as before:
 * a failed test, another signal, another error, or the same crash twice.
 */

/** What vitest's JSON reporter says of the run (the fields read here). */
export type VitestReport = {
  numFailedTests: number;
  testResults: { name: string; status: string }[];
};

const crashLine = /Worker exited unexpectedly with signal SIGTRAP during \w+ state while running test file (\S+)/g;
const engineCheck = "Check failed: jit_page_->allocations_.erase(addr) == 1";

/**
 * The test files to run again after a failed run, or null when the run failed for any
 * other reason (then nothing is run again). `output` is everything the run printed.
 */
export function filesToRunAgain(printed: string, report: VitestReport | null): string[] | null {
  // Without the terminal's colour codes, which sit right after a file's name.
  const output = stripVTControlCharacters(printed);
  const crashed = [...new Set([...output.matchAll(crashLine)].map((match) => match[1] ?? ""))].filter(Boolean);
  if (crashed.length === 0 || !output.includes(engineCheck)) return null;
  if (!report || report.numFailedTests > 0) return null;
  // Every file that did not pass is one the engine killed.
  const notPassed = report.testResults.filter((result) => result.status !== "passed").map((result) => result.name);
  if (notPassed.some((name) => !crashed.includes(name))) return null;
  // Every error the run printed is one of those crashes.
  const errors = /Errors\s+(\d+) errors?/.exec(output);
  if (errors && Number(errors[1]) !== crashed.length) return null;
  return crashed;
}
