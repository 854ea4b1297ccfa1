/**
 * Prints throughput and latency of the production server under a steady load, and its
 * memory before and after. Figures only: nothing here passes or fails.
 *
 *   npm run bench:load                          default paths, 5 s each, 32 connections
 *   npm run bench:load -- --seconds 10 --connections 64
 */
import { readFileSync } from "node:fs";
import { startServer } from "./server.ts";

const args = process.argv.slice(2);
function option(name: string, fallback: number): number {
  const index = args.indexOf(name);
  const value = index === -1 ? Number.NaN : Number(args[index + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
const seconds = option("--seconds", 5);
const connections = option("--connections", 32);

/** What a visitor's browser asks for most: a prerendered page, the header's session check, a 404, a sign-in start. */
const targets = [
  { label: "prerendered page  GET /products/v5", path: "/products/v5", init: {} },
  { label: "session check     GET /auth/session", path: "/auth/session", init: {} },
  { label: "server-rendered   GET /no-such-page (404)", path: "/no-such-page", init: {} },
  { label: "portal, signed out GET /dashboard (redirect)", path: "/dashboard", init: { redirect: "manual" as const } },
];

function rssMb(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match?.[1] ? Math.round(Number(match[1]) / 1024) : Number.NaN;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function load(url: string, init: RequestInit) {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          const response = await fetch(url, { ...init, headers: { "Accept-Encoding": "gzip, br" } });
          await response.arrayBuffer();
          if (response.status >= 500) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, errors, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

const server = await startServer({ DATA_DIR: "memory://", LOG_LEVEL: "error" });
try {
  console.log(`${seconds} s per path, ${connections} connections, server RSS at start ${rssMb(server.child.pid)} MB`);
  for (const target of targets) {
    const result = await load(`${server.origin}${target.path}`, target.init);
    const perSecond = Math.round(result.requests / seconds);
    console.log(
      `${target.label.padEnd(46)} ${String(perSecond).padStart(6)} req/s  p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  errors ${result.errors}  RSS ${rssMb(server.child.pid)} MB`,
    );
  }
} finally {
  await server.stop();
}
