/**
 * A server-rendered portal page for a signed-in person, at a steady 200 requests per
 * second: the latency each request saw, counted from when it was due to be sent (an
 * open-loop schedule, so a slow answer cannot hide the requests queued behind it).
 * Figures only: nothing here passes or fails.
 *
 *   npm run bench:portal                              /dashboard at 200 req/s for 10 s
 *   npm run bench:portal -- --rate 300 --seconds 20 --path /dashboard/admin/users
 *   WEB_CONCURRENCY=2 npm run bench:portal            PostgreSQL with two workers
 *
 * At these rates one Node client is far from its own limit (wrk, a closed loop, drives the
 * throughput runs of bench:load).
 */
import { readFileSync } from "node:fs";
import { Agent, get } from "node:http";
import { sessionCookieName } from "../../server/auth/cookies.ts";
import { numberOption, prepareSignedInDatabase, startServer } from "./server.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => numberOption(args, name, fallback);
const rate = option("--rate", 200);
const seconds = option("--seconds", 10);
const path = args.includes("--path") ? (args[args.indexOf("--path") + 1] ?? "/dashboard") : "/dashboard";

function rssMb(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match?.[1] ? Math.round(Number(match[1]) / 1024) : Number.NaN;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function run(kind: "pglite" | "postgres") {
  const prepared = await prepareSignedInDatabase(kind);
  // WEB_CONCURRENCY (say, 2) applies to PostgreSQL; the embedded database serves one process.
  const server = await startServer({
    ...prepared.env,
    LOG_LEVEL: "error",
    ...(kind === "pglite" ? { WEB_CONCURRENCY: "1" } : {}),
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const cookie = `${sessionCookieName(false)}=${prepared.token}`;

  /** One GET with the session cookie: its status and body. */
  function fetchPage(): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      get(`${server.origin}${path}`, { agent, headers: { cookie, "accept-encoding": "identity" } }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        response.on("error", reject);
      }).on("error", reject);
    });
  }

  try {
    const first = await fetchPage();
    if (first.status !== 200 || !first.body.includes("Bench Admin")) {
      throw new Error(`${path} answered ${first.status} without the signed-in page`);
    }
    // Warm-up, then the measured run.
    for (const phase of ["warm-up", "measured"] as const) {
      const duration = phase === "warm-up" ? 2 : seconds;
      const total = Math.round(rate * duration);
      const interval = 1000 / rate;
      const latencies: number[] = [];
      let failed = 0;
      const start = performance.now() + 50;
      const inFlight: Promise<void>[] = [];
      for (let index = 0; index < total; index += 1) {
        const due = start + index * interval;
        const wait = due - performance.now();
        if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
        inFlight.push(
          fetchPage()
            .then((response) => {
              if (response.status !== 200) failed += 1;
              latencies.push(performance.now() - due);
            })
            .catch(() => {
              failed += 1;
            }),
        );
      }
      await Promise.all(inFlight);
      if (phase === "warm-up") continue;
      const elapsed = (performance.now() - start) / 1000;
      latencies.sort((a, b) => a - b);
      console.log(
        `${kind === "pglite" ? "PGlite    " : "PostgreSQL"} GET ${path} signed in, ${rate} req/s for ${seconds} s (${(latencies.length / elapsed).toFixed(0)} req/s achieved): ` +
          `p50 ${percentile(latencies, 50).toFixed(1)} ms  p95 ${percentile(latencies, 95).toFixed(1)} ms  ` +
          `p99 ${percentile(latencies, 99).toFixed(1)} ms  max ${(latencies.at(-1) ?? 0).toFixed(1)} ms  ` +
          `errors ${failed}  server RSS ${rssMb(server.child.pid)} MB`,
      );
    }
  } finally {
    agent.destroy();
    await server.stop();
    await prepared.drop();
  }
}

await run("pglite");
if (process.env.TEST_DATABASE_URL) await run("postgres");
else console.log("PostgreSQL: not measured (set TEST_DATABASE_URL to a server the bench may create a database on)");
