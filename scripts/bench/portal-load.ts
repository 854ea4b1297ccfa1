/**
 * The signed-in portal's server costs, on PGlite and then on PostgreSQL (TEST_DATABASE_URL).
 * Figures only: nothing here passes or fails.
 *
 * 1. Server CPU per request (issue 17's budget: 3 ms a page, 1.5 ms a GraphQL query): the
 *    CPU time of the server's processes over a fixed number of requests, divided by it,
 *    for /dashboard, /dashboard/admin/users, /dashboard/settings and a 5,000-word docs
 *    page with 20 code blocks, each signed in as an admin, and for the first page of users
 *    asked of /graphql with a personal access token.
 *    Beside each page, its floor (scripts/bench/floor.ts): the same React tree rendered by
 *    renderToString from its loaded data, with no middleware, loaders, GraphQL or database.
 * 2. A page at a steady 200 requests per second: the latency each request saw, counted
 *    from when it was due to be sent (an open-loop schedule, so a slow answer cannot hide
 *    the requests queued behind it).
 *
 *   npm run bench:portal                              both, /dashboard at 200 req/s for 10 s
 *   npm run bench:portal -- --cpu-requests 2000       more requests per CPU figure
 *   npm run bench:portal -- --no-cpu                  the latency run only
 *   npm run bench:portal -- --rate 300 --seconds 20 --path /dashboard/admin/users
 *   WEB_CONCURRENCY=2 npm run bench:portal            PostgreSQL with two workers
 *
 * At these rates one Node client is far from its own limit (wrk, a closed loop, drives the
 * throughput runs of bench:load).
 */
import { readFileSync } from "node:fs";
import { Agent, get } from "node:http";
import { sessionCookieName } from "../../server/auth/cookies.ts";
import { cpuPerRequest, processTree, send, type Exchange } from "./cpu.ts";
import { longDoc } from "./docs-corpus.ts";
import type { FloorFigure } from "./floor.ts";
import { numberOption, prepareSignedInDatabase, startServer } from "./server.ts";

// React's production build, as the server runs it, for the floor rendered in this process.
// floor.ts is imported after this line, and nothing imported above loads React.
process.env.NODE_ENV ??= "production";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => numberOption(args, name, fallback);
const rate = option("--rate", 200);
const seconds = option("--seconds", 10);
const path = args.includes("--path") ? (args[args.indexOf("--path") + 1] ?? "/dashboard") : "/dashboard";
const cpuRequests = option("--cpu-requests", 1000);
const measureCpu = !args.includes("--no-cpu");
const pageBudgetMs = 3;
const floorPaths = ["/dashboard", "/dashboard/admin/users", "/dashboard/settings", "/docs/bench-reference"] as const;
const queryBudgetMs = 1.5;

/** A GraphQL request with the personal access token (no cookie, so no CSRF token). */
function graphql(apiToken: string, query: string, variables: Record<string, unknown> = {}): Exchange {
  return {
    method: "POST",
    path: "/graphql",
    headers: { authorization: `Bearer ${apiToken}`, "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  };
}

/** The long docs page the CPU figures read: written and published through the API, as a script would. */
async function writeLongDoc(origin: string, apiToken: string): Promise<string> {
  const agent = new Agent({ keepAlive: false });
  const call = async (query: string, variables: Record<string, unknown>) => {
    const answer = await send(origin, agent, graphql(apiToken, query, variables));
    const parsed = JSON.parse(answer.body) as {
      data?: Record<string, { id: string; version: number; path: string }>;
      errors?: unknown;
    };
    if (answer.status !== 200 || parsed.errors)
      throw new Error(`the docs page was not written: ${answer.body.slice(0, 300)}`);
    return parsed.data ?? {};
  };
  const { createDoc: created } = await call(
    "mutation ($input: CreateDocInput!) { createDoc(input: $input) { id version path } }",
    {
      input: {
        title: "Site network, export and calibration reference",
        slug: "bench-reference",
        body: longDoc({ words: 5000, codeBlocks: 20, seed: 16 }).markdown,
      },
    },
  );
  if (!created) throw new Error("createDoc gave nothing");
  await call("mutation ($input: PublishDocInput!) { publishDoc(input: $input) { id version path } }", {
    input: { id: created.id, version: created.version },
  });
  agent.destroy();
  return `/docs/${created.path}`;
}

async function cpuFigures(kind: "pglite" | "postgres", origin: string, pid: number, cookie: string, apiToken: string) {
  const docPath = await writeLongDoc(origin, apiToken);
  const page = (at: string): Exchange => ({ method: "GET", path: at, headers: { cookie } });
  const measured: { label: string; exchange: Exchange; expect: string; budget: number }[] = [
    { label: "/dashboard", exchange: page("/dashboard"), expect: "Bench Admin", budget: pageBudgetMs },
    {
      label: "/dashboard/admin/users",
      exchange: page("/dashboard/admin/users"),
      expect: "Bench Admin",
      budget: pageBudgetMs,
    },
    {
      label: "/dashboard/settings",
      exchange: page("/dashboard/settings"),
      expect: "Bench Admin",
      budget: pageBudgetMs,
    },
    { label: `${docPath} (5,000 words)`, exchange: page(docPath), expect: 'class="code"', budget: pageBudgetMs },
    {
      label: "POST /graphql, users, first 20 (token)",
      exchange: graphql(
        apiToken,
        "{ users(first: 20) { nodes { id name email role status } pageInfo { hasNextPage endCursor } } }",
      ),
      expect: '"nodes"',
      budget: queryBudgetMs,
    },
  ];
  console.log(
    `${kind === "pglite" ? "PGlite" : "PostgreSQL"}: server CPU per request, ${cpuRequests} requests each after 200 to warm up, 2 at a time`,
  );
  for (const each of measured) {
    const floor = floors.get(each.exchange.path);
    const figure = await cpuPerRequest({
      origin,
      pid,
      exchange: each.exchange,
      expect: each.expect,
      requests: cpuRequests,
      warmUp: 200,
      concurrency: 2,
    });
    const mark = figure.msPerRequest <= each.budget ? "✓" : "✗ over budget";
    const beside = floor ? `, ${(figure.msPerRequest / floor.floorMs).toFixed(1)}× its floor` : "";
    console.log(
      `  ${each.label.padEnd(52)} ${figure.msPerRequest.toFixed(2).padStart(6)} ms CPU  (${(figure.requests / figure.seconds).toFixed(0)} req/s; budget ${each.budget} ms${beside}) ${mark}`,
    );
  }
}

/** The server's resident memory: every process of its tree (the primary and its workers with WEB_CONCURRENCY). */
function rssMb(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  let kb = 0;
  for (const each of processTree(pid)) {
    try {
      kb += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${each}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // It ended between listing and reading.
    }
  }
  return Math.round(kb / 1024);
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
  }).catch(async (error: unknown) => {
    // A server that did not start leaves no database behind either.
    await prepared.drop();
    throw error;
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
    if (measureCpu && server.child.pid)
      await cpuFigures(kind, server.origin, server.child.pid, cookie, prepared.apiToken);
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

// The floor under each page (React alone, from loaded data), measured once in this process.
const floors = new Map<string, FloorFigure>();
if (measureCpu) {
  const { measureFloor } = await import("./floor.ts");
  const figures = await measureFloor({ paths: [...floorPaths], runs: 300 });
  console.log(
    "The floor: each page's React tree by renderToString from its loaded data (no middleware, loaders, GraphQL or database), ms of CPU per render; beside it the whole app in this process without HTTP (PGlite):",
  );
  for (const figure of figures) {
    floors.set(figure.path, figure);
    console.log(
      `  ${figure.path.padEnd(52)} ${figure.floorMs.toFixed(2).padStart(6)} ms  (the app in process ${figure.inProcessMs.toFixed(2)} ms; ${Math.round(figure.htmlBytes / 1024)} KB of HTML)`,
    );
  }
}

await run("pglite");
if (process.env.TEST_DATABASE_URL) await run("postgres");
else console.log("PostgreSQL: not measured (set TEST_DATABASE_URL to a server the bench may create a database on)");
