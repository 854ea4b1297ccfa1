/**
 * The unit tests (`npm run test:unit`): every test file but the render budget, then the
 * render budget alone (it measures CPU and wants the machine to itself). A file whose
 * worker Node's engine killed with its wasm check runs once more (unit-tests-crashes.ts,
 * ADR 046); the run says so.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { filesToRunAgain, type VitestReport } from "./unit-tests-crashes.ts";

const work = mkdtempSync(join(tmpdir(), "densara-unit-"));

/** One vitest run, its output passed through as it comes and kept, with its JSON report. */
function vitest(args: string[]): Promise<{ code: number; output: string; report: VitestReport | null }> {
  const reportFile = join(work, `report-${Date.now()}.json`);
  const child = spawn(
    "vitest",
    ["run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${reportFile}`],
    {
      stdio: ["inherit", "pipe", "pipe"],
    },
  );
  const chunks: string[] = [];
  child.stdout.on("data", (chunk: Buffer) => {
    process.stdout.write(chunk);
    chunks.push(chunk.toString());
  });
  child.stderr.on("data", (chunk: Buffer) => {
    process.stderr.write(chunk);
    chunks.push(chunk.toString());
  });
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      const report = existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, "utf8")) as VitestReport) : null;
      resolve({ code: code ?? (signal ? 1 : 0), output: chunks.join(""), report });
    });
  });
}

/** A run, and once more for the files the engine's wasm check killed, if that is all that failed. */
async function runTests(args: string[]): Promise<number> {
  const first = await vitest(args);
  if (first.code === 0) return 0;
  const again = filesToRunAgain(first.output, first.report);
  if (!again) return first.code;
  const files = again.map((file) => relative(process.cwd(), file));
  console.error(
    `\nNode's engine aborted the worker of ${files.join(", ")} (its wasm check, not a test; ADR 046). Running ${files.length === 1 ? "it" : "them"} once more.\n`,
  );
  return (await vitest(files)).code;
}

// `npm run test:unit -- server/http` runs what it names, the same way.
const named = process.argv.slice(2);
let code = await runTests(named.length > 0 ? named : ["--exclude", "server/render-budget.test.ts"]);
if (code === 0 && named.length === 0) code = await runTests(["server/render-budget.test.ts"]);
rmSync(work, { recursive: true, force: true });
process.exit(code);
