/**
 * A server-rendered portal page for a signed-in person, at a steady 200 requests per
 * second: the latency each request saw, counted from when it was due to be sent (an
 * open-loop schedule, so a slow answer cannot hide the requests queued behind it).
 * Figures only: nothing here passes or fails.
 *
 *   npm run bench:portal                              /dashboard at 200 req/s for 10 s
 *   npm run bench:portal -- --rate 300 --seconds 20 --path /dashboard/admin/users
 *
 * At these rates one Node client is far from its own limit (wrk, a closed loop, drives the
 * throughput runs of bench:load).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, get } from "node:http";
import { sessionCookieName } from "../../server/auth/cookies.ts";
import { createSessionStore } from "../../server/auth/sessions.ts";
import { openDatabase } from "../../server/db/client.ts";
import { migrateDatabase } from "../../server/db/migrate.ts";
import { seedDemoData } from "../../server/demo/seed.ts";
import { upsertUserFromClaims } from "../../server/domain/users.ts";
import { startServer } from "./server.ts";

const args = process.argv.slice(2);
function option(name: string, fallback: number): number {
  const value = Number(args[args.indexOf(name) + 1]);
  return args.includes(name) && Number.isFinite(value) && value > 0 ? value : fallback;
}
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

/** A database made beforehand, with an admin and a live session the load uses; and how the server opens it. */
async function prepare(
  kind: "pglite" | "postgres",
): Promise<{ env: Record<string, string>; token: string; drop: () => Promise<void> }> {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let database;
  if (kind === "pglite") {
    const dataDir = mkdtempSync(join(tmpdir(), "densara-bench-"));
    database = await openDatabase({ dataDir });
    env = { DATA_DIR: dataDir };
    drop = () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true }));
  } else {
    const server = process.env.TEST_DATABASE_URL ?? "";
    const name = `bench_portal_${Date.now()}`;
    const admin = await openDatabase({ url: server, dataDir: "" });
    if (admin.kind !== "postgres") throw new Error("expected PostgreSQL");
    await admin.pool.query(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString(), dataDir: "" });
    env = { DATABASE_URL: url.toString() };
    drop = async () => {
      await admin.pool.query(`drop database if exists ${name} with (force)`);
      await admin.close();
    };
  }
  await migrateDatabase(database);
  const user = await upsertUserFromClaims(
    database.db,
    {
      issuer: "https://bench.test",
      subject: "admin",
      email: "admin@bench.test",
      name: "Bench Admin",
      emailVerified: true,
    },
    { adminEmails: ["admin@bench.test"] },
  );
  const { token } = await createSessionStore(database.db, { idleTimeoutS: 28_800, absoluteLifetimeS: 604_800 }).start(
    user.id,
    { userAgent: "bench" },
  );
  // The embedded database gets the demo data at its first start; PostgreSQL the same, here.
  if (kind === "postgres") await seedDemoData(database.db, { publicUrl: new URL("http://127.0.0.1") });
  await database.close();
  return { env, token, drop };
}

async function run(kind: "pglite" | "postgres") {
  const prepared = await prepare(kind);
  const server = await startServer({ ...prepared.env, LOG_LEVEL: "error" });
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
