/**
 * The server's idle memory on the embedded database (PGlite), against its budget of 250 MB
 * RSS. Figures only: nothing here passes or fails (the exit code is 0 either way).
 *
 * Each run starts the production server (`node server/main.ts`, as `npm start` does) over a
 * fresh data directory (the first start: initdb, migrations, demo data), waits until `/`
 * answers, sends a few warm-up requests (public pages, /auth/session, a 404, the sign-in
 * page), lets it rest and samples the RSS of its process tree from /proc; then it stops the
 * server and starts it again over the same directory (a restart) and does the same. It
 * prints the median and the peak of the samples per run, and the median over the runs.
 *
 *   npm run bench:memory                                   3 runs, 10 s of rest before sampling
 *   npm run bench:memory -- --runs 5 --settle 20
 *   npm run bench:memory -- --node-flags "--liftoff-only"  Node flags for the server's process
 *
 * It needs a production build ("npm run build"; BUILD_DIR picks another one).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, queryRows } from "../../server/db/client.ts";
import { sql } from "drizzle-orm";
import { serverNodeFlags } from "../../server/node-flags.ts";
import { processTree } from "./cpu.ts";
import { freePort, numberOption } from "./server.ts";

const budgetMb = 250;
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => numberOption(args, name, fallback);
const runs = option("--runs", 3);
const settleS = option("--settle", 10);
const samples = 10;
const sampleEveryMs = 500;
const nodeFlagsIndex = args.indexOf("--node-flags");
const nodeFlags = nodeFlagsIndex === -1 ? [] : (args[nodeFlagsIndex + 1] ?? "").split(/\s+/).filter(Boolean);

const buildDir = process.env.BUILD_DIR ?? "build";
if (!existsSync(`${buildDir}/server/index.js`)) {
  console.error('No production build. Run "npm run build" first.');
  process.exit(1);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssKb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match?.[1] ? Number(match[1]) : 0;
  } catch {
    return 0; // It ended between listing and reading.
  }
}

function treeRssMb(pid: number): { mb: number; processes: number } {
  const tree = processTree(pid);
  return { mb: tree.reduce((total, each) => total + rssKb(each), 0) / 1024, processes: tree.length };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** GET without following redirects, with a small cookie jar (the sign-in flow sets cookies on the way). */
async function get(url: string, jar: Map<string, string>): Promise<Response> {
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const response = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const at = pair?.indexOf("=") ?? -1;
    if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return response;
}

/** The requests a first visitor makes; what did not answer as expected (the figures are printed anyway). */
async function warmUp(origin: string): Promise<string[]> {
  const problems: string[] = [];
  const expect = async (path: string, status: number) => {
    const response = await get(`${origin}${path}`, new Map());
    await response.arrayBuffer();
    if (response.status !== status) problems.push(`GET ${path} answered ${response.status}, not ${status}`);
  };
  for (let round = 0; round < 3; round += 1) {
    await expect("/", 200);
    await expect("/about", 200);
    await expect("/auth/session", 200);
    await expect(`/no-such-page-${round}`, 404);
  }
  // Sign-in: /auth/login → the provider's authorization endpoint → its sign-in page.
  const jar = new Map<string, string>();
  let url = `${origin}/auth/login`;
  for (let hop = 0; hop < 5; hop += 1) {
    const response = await get(url, jar);
    const location = response.headers.get("location");
    const body = await response.text();
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url).toString();
      continue;
    }
    if (response.status !== 200 || !new URL(url).pathname.startsWith("/idp/interaction/") || !/sign in/i.test(body))
      problems.push(`the sign-in flow ended at ${new URL(url).pathname} with ${response.status}, not the sign-in page`);
    return problems;
  }
  return [...problems, "the sign-in flow redirected more than 5 times"];
}

type Measure = { medianMb: number; maxMb: number; processes: number; startS: number; problems: string[] };

/** Starts the server over `dataDir`, warms it up, lets it rest, samples its memory and stops it. */
async function measureStart(dataDir: string): Promise<Measure> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // The embedded database in one process, whatever this shell's environment says.
  const { DATABASE_URL: _url, WEB_CONCURRENCY: _workers, ...environment } = process.env;
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags, ...nodeFlags, "server/main.ts"], {
    env: {
      ...environment,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    const pid = child.pid;
    if (!pid) throw new Error("the server did not start");
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error("the server did not answer / within 180 s");
      try {
        const response = await fetch(`${origin}/`);
        await response.arrayBuffer();
        if (response.status === 200) break;
      } catch {
        // Not listening yet.
      }
      await sleep(200);
    }
    const startS = (performance.now() - started) / 1000;
    const problems = await warmUp(origin);
    await sleep(settleS * 1000);
    const sampled: number[] = [];
    let processes = 1;
    for (let index = 0; index < samples; index += 1) {
      const tree = treeRssMb(pid);
      sampled.push(tree.mb);
      processes = Math.max(processes, tree.processes);
      await sleep(sampleEveryMs);
    }
    return { medianMb: median(sampled), maxMb: Math.max(...sampled), processes, startS, problems };
  } finally {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  }
}

/** The PostgreSQL settings the embedded database runs with (opened as the server opens it). */
async function postgresSettings(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  try {
    const rows = await queryRows<{ name: string; value: string }>(
      database.db,
      sql`select name, current_setting(name) as value from pg_settings
          where name in ('shared_buffers', 'wal_buffers', 'max_connections', 'work_mem', 'maintenance_work_mem', 'temp_buffers')
          order by name`,
    );
    return rows.map((row) => `${row.name}=${row.value}`);
  } finally {
    await database.close();
  }
}

const firstStarts: Measure[] = [];
const restarts: Measure[] = [];
let settings: string[] = [];
const format = (mb: number) => mb.toFixed(0).padStart(5);
const verdict = (mb: number) => (mb <= budgetMb ? "within" : "OVER");

console.log(
  `PGlite idle RSS, budget ${budgetMb} MB: ${runs} run(s), ${settleS} s of rest, then ${samples} samples ${sampleEveryMs} ms apart` +
    (nodeFlags.length ? `; node ${nodeFlags.join(" ")}` : ""),
);
// What else shapes the figures: glibc's malloc tunables and Node's options from the environment.
const tuning = Object.entries(process.env).filter(([name]) => /^(MALLOC_|GLIBC_TUNABLES$|NODE_OPTIONS$)/.test(name));
if (tuning.length) console.log(`tuning: ${tuning.map(([name, value]) => `${name}=${value ?? ""}`).join(" ")}`);
console.log("run  start        rest-median  peak  processes  started in");
for (let run = 1; run <= runs; run += 1) {
  const dataDir = mkdtempSync(join(tmpdir(), "densara-bench-memory-"));
  try {
    for (const [label, list] of [
      ["first", firstStarts],
      ["restart", restarts],
    ] as const) {
      const measure = await measureStart(dataDir);
      list.push(measure);
      console.log(
        `${String(run).padStart(3)}  ${label.padEnd(12)} ${format(measure.medianMb)} MB ${format(measure.maxMb)} MB` +
          `  ${String(measure.processes).padStart(9)}  ${measure.startS.toFixed(1)} s`,
      );
      for (const problem of measure.problems) console.log(`     warm-up: ${problem}`);
    }
    if (run === runs) settings = await postgresSettings(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log("\nstart         median of runs  worst peak  budget");
for (const [label, list] of [
  ["first start", firstStarts],
  ["restart", restarts],
] as const) {
  const medianMb = median(list.map((each) => each.medianMb));
  const peakMb = Math.max(...list.map((each) => each.maxMb));
  console.log(
    `${label.padEnd(13)} ${format(medianMb)} MB        ${format(peakMb)} MB   ${verdict(medianMb)} ${budgetMb} MB`,
  );
}
console.log(`\nPostgreSQL settings (pg_settings): ${settings.join(", ")}`);
