/**
 * Server CPU time per request: the CPU the server's processes spent (user and system, all
 * threads, from /proc) over a fixed number of requests, divided by that number. A figure
 * independent of the client's speed and of the machine's other load, as long as nothing
 * else runs in the server.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";

const ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** A process and its descendants (WEB_CONCURRENCY's workers). */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let index = 0; index < tree.length; index += 1) {
    const parent = tree[index] ?? 0;
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${parent}/task`);
    } catch {
      continue; // It ended.
    }
    for (const task of tasks) {
      try {
        const children = readFileSync(`/proc/${parent}/task/${task}/children`, "utf8").trim();
        if (children) tree.push(...children.split(/\s+/).map(Number));
      } catch {
        // The thread ended between listing and reading.
      }
    }
  }
  return tree;
}

/** CPU milliseconds a process tree has used so far (utime + stime of each process, all its threads). */
export function cpuMsOf(pid: number): number {
  let ticks = 0;
  for (const each of processTree(pid)) {
    try {
      // The command name (field 2) may hold spaces: the fields after its closing parenthesis.
      const stat = readFileSync(`/proc/${each}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime and stime (fields 14 and 15).
    } catch {
      // It ended.
    }
  }
  return (ticks / ticksPerSecond) * 1000;
}

export type Exchange = { method: "GET" | "POST"; path: string; headers: Record<string, string>; body?: string };

/** One request over a keep-alive agent: its status and body. */
export function send(origin: string, agent: Agent, exchange: Exchange): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${origin}${exchange.path}`,
      {
        method: exchange.method,
        agent,
        headers: {
          "accept-encoding": "identity",
          ...exchange.headers,
          ...(exchange.body === undefined ? {} : { "content-length": Buffer.byteLength(exchange.body) }),
        },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(exchange.body);
  });
}

/**
 * The server's CPU per request for one exchange: `warmUp` requests first (compilation,
 * caches), then `requests` of them, `concurrency` at a time, each checked to answer
 * 200 and to hold `expect`.
 */
export async function cpuPerRequest(options: {
  origin: string;
  pid: number;
  exchange: Exchange;
  expect: string;
  requests: number;
  warmUp: number;
  concurrency: number;
}): Promise<{ msPerRequest: number; requests: number; seconds: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const batch = async (count: number) => {
    let next = 0;
    const worker = async () => {
      while (next < count) {
        next += 1;
        const answer = await send(options.origin, agent, options.exchange);
        if (answer.status !== 200 || !answer.body.includes(options.expect)) {
          throw new Error(
            `${options.exchange.method} ${options.exchange.path} answered ${answer.status} without “${options.expect}”: ${answer.body.slice(0, 200)}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  };
  try {
    await batch(options.warmUp);
    const before = cpuMsOf(options.pid);
    const started = performance.now();
    await batch(options.requests);
    const seconds = (performance.now() - started) / 1000;
    return { msPerRequest: (cpuMsOf(options.pid) - before) / options.requests, requests: options.requests, seconds };
  } finally {
    agent.destroy();
  }
}
