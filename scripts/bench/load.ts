/**
 * The server against Node's own limit, side by side in one run (issue 8). Figures only:
 * nothing here passes or fails.
 *
 * For each request a visitor's browser makes most (a prerendered page, the locations page
 * kept in memory, a hashed asset, a 404, the header's session check without and with a
 * session), the same client (wrk, Debian's) drives, interleaved:
 *   - the app (production build);
 *   - a bare node:http server replaying the app's exact answer (bytes and headers);
 *   - nginx (one worker) sending the same bytes, for the build files.
 * It prints requests/s, the ratio app / bare replay, each server's CPU time per request
 * (steadier than the rates on a shared host), and the app's memory at idle: on
 * PGlite with one process, and, when TEST_DATABASE_URL names a PostgreSQL server, on
 * PostgreSQL with one worker and with two (WEB_CONCURRENCY=2).
 *
 * Then what observability costs (issue 19's budget: at most 5%): the same app on PGlite
 * with its metrics on (METRICS_TOKEN set, every answer counted: ADR 032) and off, driven
 * in A-B-B-A order per round so the machine's drift falls on both alike. Both log as
 * production does and give every request that reaches the middleware its id (ADR 031);
 * a rendered search (React Router and the database) is among the requests.
 *
 *   npm run bench:load                       4 s per run, 50 connections, 2 rounds
 *   npm run bench:load -- --seconds 8 --connections 100 --rounds 3
 *   npm run bench:load -- --cost-only --cost-rounds 5     only the metrics' cost
 *   npm run bench:load -- --cost-only --cost-path /auth/session   … of one request
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sessionCookieName } from "../../server/auth/cookies.ts";
import { cpuMsOf } from "./cpu.ts";
import { freePort, numberOption, prepareSignedInDatabase, startServer } from "./server.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => numberOption(args, name, fallback);
const seconds = option("--seconds", 4);
const connections = option("--connections", 50);
const rounds = option("--rounds", 2);
const costRounds = option("--cost-rounds", 3);

function asRoot(command: string, commandArgs: string[]): void {
  const root = process.getuid?.() === 0;
  execFileSync(root ? command : "sudo", root ? commandArgs : [command, ...commandArgs], { stdio: "inherit" });
}

/** wrk and nginx from Debian, installed when missing (as .ci/run does for Chromium). */
function ensureTools(): void {
  const missing = ["wrk", "nginx"].filter(
    (tool) => spawnSync("sh", ["-c", `command -v ${tool} || test -x /usr/sbin/${tool}`]).status !== 0,
  );
  if (missing.length === 0) return;
  console.log(`Installing ${missing.join(" and ")} with apt…`);
  asRoot("apt-get", ["update", "-qq"]);
  asRoot("apt-get", ["install", "-y", "-qq", ...missing]);
}

function rssMb(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match?.[1] ? Math.round(Number(match[1]) / 1024) : Number.NaN;
}

type Captured = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** The app's exact answer, raw (not decompressed), as a browser asks for it. */
function capture(url: string, headers: Record<string, string>): Promise<Captured> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    }).on("error", reject);
  });
}

const hopByHop = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/**
 * One wrk run: requests/s, and the server's CPU per request (user and system time of
 * `pid`'s process tree over the run, from /proc, divided by the requests wrk counted), or
 * NaN when it failed. The CPU figure is the steadier of the two on a shared host: another
 * tenant's load slows the rate of both servers unevenly, but hardly the CPU each request
 * costs.
 */
function wrk(url: string, headers: Record<string, string>, pid: number | undefined): { rps: number; cpuUs: number } {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const cpuBefore = pid ? cpuMsOf(pid) : Number.NaN;
  const run = spawnSync("wrk", ["-t1", `-c${connections}`, `-d${seconds}s`, ...headerArgs, url], { encoding: "utf8" });
  const cpuMs = pid ? cpuMsOf(pid) - cpuBefore : Number.NaN;
  const match = /Requests\/sec:\s+([\d.]+)/.exec(run.stdout);
  const requests = /(\d+) requests in/.exec(run.stdout);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(run.stdout);
  if (non2xx && !url.includes("no-such-page")) console.warn(`  (${non2xx[1]} answers were not 2xx/3xx from ${url})`);
  return {
    rps: match?.[1] ? Number(match[1]) : Number.NaN,
    cpuUs: requests?.[1] ? (cpuMs * 1000) / Number(requests[1]) : Number.NaN,
  };
}

/** RSS of a process and its children (the workers of WEB_CONCURRENCY), in MB. */
function treeRssMb(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const children = spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
    .stdout.split("\n")
    .filter(Boolean)
    .map(Number);
  return [pid, ...children].reduce((total, each) => total + rssMb(each), 0);
}

/** One configuration of the app, driven side by side with the bare replay and nginx. */
async function measure(kind: "pglite" | "postgres", workers: number): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "densara-bench-load-"));
  const prepared = await prepareSignedInDatabase(kind);
  const app = await startServer({ ...prepared.env, LOG_LEVEL: "error", WEB_CONCURRENCY: String(workers) });
  const children: ChildProcess[] = [];
  try {
    // Idle memory: after start and a few seconds of rest (the demo data was seeded beforehand, as npm start does in a process of its own).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleRss = treeRssMb(app.child.pid);

    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(
      (await capture(`${app.origin}/`, { "accept-encoding": "identity" })).body.toString(),
    )?.[1];
    if (!asset) throw new Error("no stylesheet linked from /");
    const browser = { "accept-encoding": "gzip, br" };
    const cookie = `${sessionCookieName(false)}=${prepared.token}`;
    const targets = [
      { label: "prerendered page  /products/v5", path: "/products/v5", headers: browser, nginx: true },
      // Rendered by the server from the database, kept as fixed bytes (ADR 029): not on disk for nginx.
      { label: "live page         /locations", path: "/locations", headers: browser, nginx: false },
      { label: "hashed asset      /assets/….css", path: asset, headers: browser, nginx: true },
      { label: "404               /no-such-page-xyz", path: "/no-such-page-xyz", headers: browser, nginx: false },
      { label: "session check, no cookie", path: "/auth/session", headers: browser, nginx: false },
      { label: "session check, signed in", path: "/auth/session", headers: { ...browser, cookie }, nginx: false },
    ];

    // The bare replay: one node:http process answering each target with the app's exact bytes.
    const answers = await Promise.all(targets.map((target) => capture(`${app.origin}${target.path}`, target.headers)));
    const replayPort = await freePort();
    const replayScript = join(work, "replay.mjs");
    writeFileSync(
      join(work, "answers.json"),
      JSON.stringify(answers.map((a) => ({ ...a, body: a.body.toString("base64") }))),
    );
    writeFileSync(
      replayScript,
      `import http from "node:http";
import { readFileSync } from "node:fs";
const answers = JSON.parse(readFileSync(${JSON.stringify(join(work, "answers.json"))}, "utf8")).map((a) => {
  const headers = Object.fromEntries(Object.entries(a.headers).filter(([name]) => !${JSON.stringify([...hopByHop])}.includes(name)));
  const body = Buffer.from(a.body, "base64");
  headers["content-length"] = body.length;
  return { status: a.status, headers, body };
});
http.createServer((req, res) => {
  const a = answers[Number(req.headers["x-answer"])];
  res.writeHead(a.status, a.headers);
  res.end(a.body);
}).listen(${replayPort}, "127.0.0.1", () => console.log("ready"));
`,
    );
    const replay = spawn(process.execPath, [replayScript], { stdio: ["ignore", "pipe", "inherit"] });
    children.push(replay);
    await new Promise((resolve) => replay.stdout.once("data", resolve));

    // nginx, one worker, sending the same bytes with the same headers for the build files.
    const nginxPort = await freePort();
    const locations = targets
      .map((target, index) => {
        if (!target.nginx) return "";
        const answer = answers[index] as Captured;
        const file = join(work, `answer-${index}`);
        writeFileSync(file, answer.body);
        const added = Object.entries(answer.headers)
          .filter(([name]) => !hopByHop.has(name) && !["content-length", "content-type", "etag"].includes(name))
          .map(([name, value]) => `add_header ${name} ${JSON.stringify(String(value))} always;`)
          .join("\n      ");
        return `location = ${target.path} {
      alias ${file};
      default_type ${JSON.stringify(String(answer.headers["content-type"]))};
      etag off;
      ${added}
    }`;
      })
      .join("\n    ");
    writeFileSync(
      join(work, "nginx.conf"),
      `worker_processes 1;
daemon off;
pid ${join(work, "nginx.pid")};
error_log ${join(work, "error.log")} crit;
events { worker_connections 1024; }
http {
  access_log off;
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${work};
  proxy_temp_path ${work};
  fastcgi_temp_path ${work};
  uwsgi_temp_path ${work};
  scgi_temp_path ${work};
  server {
    listen 127.0.0.1:${nginxPort};
    ${locations}
  }
}
`,
    );
    const nginxBinary = spawnSync("sh", ["-c", "command -v nginx || echo /usr/sbin/nginx"], {
      encoding: "utf8",
    }).stdout.trim();
    const nginx = spawn(nginxBinary, ["-c", join(work, "nginx.conf"), "-p", work], { stdio: "inherit" });
    children.push(nginx);
    await new Promise((resolve) => setTimeout(resolve, 500));

    console.log(
      `\n${kind === "pglite" ? "PGlite" : "PostgreSQL"}, ${workers} worker${workers === 1 ? "" : "s"}: wrk -t1 -c${connections} -d${seconds}s, Accept-Encoding: gzip, br; best of ${rounds} interleaved rounds. App RSS at idle: ${idleRss} MB`,
    );
    console.log(
      `${"request".padEnd(34)} ${"app".padStart(8)} ${"bare".padStart(8)} ${"app/bare".padStart(9)} ${"nginx".padStart(8)} ${"app µs".padStart(8)} ${"bare µs".padStart(8)}`,
    );
    for (const [index, target] of targets.entries()) {
      // Rates: the best round; CPU per request: the least (a round another tenant disturbed costs more).
      const best = { app: 0, bare: 0, nginx: 0, appUs: Infinity, bareUs: Infinity };
      for (let round = 0; round < rounds; round += 1) {
        const ours = wrk(`${app.origin}${target.path}`, target.headers, app.child.pid);
        const bare = wrk(
          `http://127.0.0.1:${replayPort}${target.path}`,
          { ...target.headers, "x-answer": String(index) },
          replay.pid,
        );
        best.app = Math.max(best.app, ours.rps);
        best.bare = Math.max(best.bare, bare.rps);
        best.appUs = Math.min(best.appUs, ours.cpuUs);
        best.bareUs = Math.min(best.bareUs, bare.cpuUs);
        if (target.nginx)
          best.nginx = Math.max(
            best.nginx,
            wrk(`http://127.0.0.1:${nginxPort}${target.path}`, target.headers, undefined).rps,
          );
      }
      console.log(
        `${target.label.padEnd(34)} ${best.app.toFixed(0).padStart(8)} ${best.bare.toFixed(0).padStart(8)} ${(best.app / best.bare).toFixed(2).padStart(9)} ${(target.nginx ? best.nginx.toFixed(0) : "–").padStart(8)} ${best.appUs.toFixed(1).padStart(8)} ${best.bareUs.toFixed(1).padStart(8)}`,
      );
    }
    console.log("µs: the server's CPU time per request (user + system, all threads), the least of the rounds.");
    console.log(`App RSS after the load: ${treeRssMb(app.child.pid)} MB`);
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await app.stop();
    await prepared.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Metrics on against metrics off, A-B-B-A, on PGlite with one process. */
async function measureObservabilityCost(): Promise<void> {
  const preparedOff = await prepareSignedInDatabase("pglite");
  const preparedOn = await prepareSignedInDatabase("pglite");
  const off = await startServer({ ...preparedOff.env, LOG_LEVEL: "info" });
  const on = await startServer({
    ...preparedOn.env,
    LOG_LEVEL: "info",
    METRICS_TOKEN: "bench-load-metrics-token-0123456789",
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const browser = { "accept-encoding": "gzip, br" };
    const onlyPath = args[args.indexOf("--cost-path") + 1];
    const targets = [
      { label: "prerendered page  /products/v5", path: "/products/v5" },
      { label: "live page         /locations", path: "/locations" },
      { label: "404               /no-such-page-xyz", path: "/no-such-page-xyz" },
      { label: "session check, no cookie", path: "/auth/session" },
      { label: "rendered search   /locations?place=WI", path: "/locations?place=WI" },
    ].filter((target) => !args.includes("--cost-path") || target.path === onlyPath);
    console.log(
      `\nObservability's cost, PGlite, 1 worker: metrics off (A) and on (B), ${costRounds} rounds of A-B-B-A, wrk -t1 -c${connections} -d${seconds}s`,
    );
    console.log(`${"request".padEnd(40)} ${"off".padStart(8)} ${"on".padStart(8)} ${"cost".padStart(7)}`);
    const costs: number[] = [];
    for (const target of targets) {
      let sumOff = 0;
      let sumOn = 0;
      for (let round = 0; round < costRounds; round += 1) {
        sumOff += wrk(`${off.origin}${target.path}`, browser, undefined).rps;
        sumOn += wrk(`${on.origin}${target.path}`, browser, undefined).rps;
        sumOn += wrk(`${on.origin}${target.path}`, browser, undefined).rps;
        sumOff += wrk(`${off.origin}${target.path}`, browser, undefined).rps;
      }
      const cost = 1 - sumOn / sumOff;
      costs.push(cost);
      const runs = costRounds * 2;
      console.log(
        `${target.label.padEnd(40)} ${(sumOff / runs).toFixed(0).padStart(8)} ${(sumOn / runs).toFixed(0).padStart(8)} ${`${(cost * 100).toFixed(1)}%`.padStart(7)}`,
      );
    }
    const mean = costs.reduce((total, each) => total + each, 0) / costs.length;
    console.log(
      `Mean cost ${(mean * 100).toFixed(1)}% (budget 5%; a negative figure is the machine's noise). Scraped: ${(await (await fetch(`${on.origin}/metrics`, { headers: { authorization: "Bearer bench-load-metrics-token-0123456789" } })).text()).split("\n").length} lines`,
    );
  } finally {
    await off.stop();
    await on.stop();
    await preparedOff.drop();
    await preparedOn.drop();
  }
}

ensureTools();
if (args.includes("--cost-only")) {
  await measureObservabilityCost();
  process.exit(0);
}
await measure("pglite", 1);
// More than one worker needs PostgreSQL: with a server to hand (as in the tests), 1 and 2 workers there.
if (process.env.TEST_DATABASE_URL) {
  await measure("postgres", 1);
  await measure("postgres", 2);
}
await measureObservabilityCost();
