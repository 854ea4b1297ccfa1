/**
 * The server's idle memory, against issue 17's budgets: 250 MB RSS on the embedded database
 * (PGlite), 150 MB on PostgreSQL. Figures only: nothing here passes or fails (the exit code
 * is 0 either way).
 *
 * Each PGlite run starts the production server (with the server's Node flags, as `npm
 * start` does) over a fresh data directory (the first start: initdb, migrations, demo
 * data), waits until `/` answers, sends warm-up requests (public pages, /auth/session, a
 * 404, the sign-in page), lets it rest and samples the RSS of its process tree from /proc;
 * then it stops the server, makes an admin session in the directory and starts it again
 * (a restart), warmed up with the portal's pages signed in as well. With TEST_DATABASE_URL
 * set, each run then does the same on PostgreSQL (a database of its own with the demo
 * data, one worker, signed in). It prints the median and the peak of the samples per run,
 * and the median over the runs.
 *
 *   npm run bench:memory                                   3 runs, 10 s of rest before sampling
 *   npm run bench:memory -- --runs 5 --settle 20
 *   npm run bench:memory -- --node-flags "--liftoff-only"  more Node flags for the server
 *
 * It needs a production build ("npm run build"; BUILD_DIR picks another one).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, queryRows } from "../../server/db/client.ts";
import { sql } from "drizzle-orm";
import { serverEnvironment, serverNodeFlags } from "../../server/node-flags.ts";
import { processTree } from "./cpu.ts";
import { sessionCookieName } from "../../server/auth/cookies.ts";
import { benchAdmin, freePort, numberOption, prepareSignedInDatabase } from "./server.ts";

const budgetMb = 250;
const postgresBudgetMb = 150;
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

/** The portal pages a signed-in admin opens in the warm-up. */
const signedInPages = ["/dashboard", "/dashboard/admin/users", "/dashboard/settings", "/docs"];

/**
 * The requests a first visitor makes and, given a session's cookie, the portal pages an
 * admin opens; what did not answer as expected (the figures are printed anyway).
 */
async function warmUp(origin: string, session: string | undefined): Promise<string[]> {
  const problems: string[] = [];
  const expect = async (path: string, status: number, cookie?: string) => {
    const response = await get(`${origin}${path}`, new Map(cookie ? [[sessionCookieName(false), cookie]] : []));
    await response.arrayBuffer();
    if (response.status !== status) problems.push(`GET ${path} answered ${response.status}, not ${status}`);
  };
  for (let round = 0; round < 3; round += 1) {
    await expect("/", 200);
    await expect("/about", 200);
    await expect("/auth/session", 200);
    await expect(`/no-such-page-${round}`, 404);
    if (session) for (const page of signedInPages) await expect(page, 200, session);
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

/**
 * Starts the server with `database` (DATA_DIR, and DATABASE_URL for PostgreSQL), warms it
 * up (signed in too, given a session's token), lets it rest, samples its memory and stops it.
 */
async function measureStart(database: Record<string, string>, session?: string): Promise<Measure> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // One process, on the database given, whatever this shell's environment says.
  const { DATABASE_URL: _url, WEB_CONCURRENCY: _workers, ...environment } = process.env;
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags, ...nodeFlags, "server/main.ts"], {
    env: {
      ...serverEnvironment,
      ...environment,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      LOG_LEVEL: "error",
      ...database,
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
    const problems = await warmUp(origin, session);
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

/** A live admin session in the embedded database at `dataDir` (the server must be stopped). */
async function sessionIn(dataDir: string): Promise<string> {
  const database = await openDatabase({ dataDir });
  try {
    return (await benchAdmin(database.db)).token;
  } finally {
    await database.close();
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

/** One run's line, and what its warm-up did not get as expected. */
function printRun(run: number, label: string, measure: Measure): void {
  console.log(
    `${String(run).padStart(3)}  ${label.padEnd(12)} ${format(measure.medianMb)} MB ${format(measure.maxMb)} MB` +
      `  ${String(measure.processes).padStart(9)}  ${measure.startS.toFixed(1)} s`,
  );
  for (const problem of measure.problems) console.log(`     warm-up: ${problem}`);
}

console.log(
  `PGlite idle RSS, budget ${budgetMb} MB: ${runs} run(s), ${settleS} s of rest, then ${samples} samples ${sampleEveryMs} ms apart` +
    (nodeFlags.length ? `; node ${nodeFlags.join(" ")}` : ""),
);
// What else shapes the figures: glibc's malloc tunables and Node's options from the environment.
console.log(
  `the server's settings (as npm start): ${[...serverNodeFlags, ...nodeFlags].join(" ")} ${Object.entries(
    serverEnvironment,
  )
    .map(([name, value]) => `${name}=${value}`)
    .join(" ")}`,
);
const tuning = Object.entries(process.env).filter(([name]) => /^(MALLOC_|GLIBC_TUNABLES$|NODE_OPTIONS$)/.test(name));
if (tuning.length)
  console.log(`this shell's own, which win: ${tuning.map(([name, value]) => `${name}=${value ?? ""}`).join(" ")}`);
console.log("run  start        rest-median  peak  processes  started in");
for (let run = 1; run <= runs; run += 1) {
  const dataDir = mkdtempSync(join(tmpdir(), "densara-bench-memory-"));
  try {
    for (const [label, list] of [
      ["first", firstStarts],
      ["restart", restarts],
    ] as const) {
      // The restart is warmed up signed in as well: a session made while the server was stopped.
      const session = label === "restart" ? await sessionIn(dataDir) : undefined;
      const measure = await measureStart({ DATA_DIR: dataDir }, session);
      list.push(measure);
      printRun(run, label, measure);
    }
    if (run === runs) settings = await postgresSettings(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const postgresStarts: Measure[] = [];
const server = process.env.TEST_DATABASE_URL;
if (server) {
  console.log(
    `\nPostgreSQL (a database made on TEST_DATABASE_URL per run, with the demo data), one worker, budget ${postgresBudgetMb} MB, warmed up signed in:`,
  );
  for (let run = 1; run <= runs; run += 1) {
    const prepared = await prepareSignedInDatabase("postgres");
    try {
      const measure = await measureStart(prepared.env, prepared.token);
      postgresStarts.push(measure);
      printRun(run, "start", measure);
    } finally {
      await prepared.drop();
    }
  }
}

console.log("\nstart                   median of runs  worst peak  budget");
for (const [label, list, budget] of [
  ["PGlite, first start", firstStarts, budgetMb],
  ["PGlite, restart", restarts, budgetMb],
  ["PostgreSQL", postgresStarts, postgresBudgetMb],
] as const) {
  if (list.length === 0) continue;
  const medianMb = median(list.map((each) => each.medianMb));
  const peakMb = Math.max(...list.map((each) => each.maxMb));
  console.log(
    `${label.padEnd(23)} ${format(medianMb)} MB        ${format(peakMb)} MB   ${medianMb <= budget ? "within" : "OVER"} ${budget} MB`,
  );
}
if (!server)
  console.log("PostgreSQL: not measured (set TEST_DATABASE_URL to a server the bench may create a database on)");
console.log(`\nPGlite's PostgreSQL settings (pg_settings): ${settings.join(", ")}`);
