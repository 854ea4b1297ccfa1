import { spawn, type ChildProcess } from "node:child_process";
import { request } from "node:http";
import { createServer } from "node:net";
import { afterAll, afterEach, expect } from "vitest";
import { locationOf, type TestBrowser } from "./auth-harness.ts";

/**
 * The real process, `node server/main.ts` on the production build, as `npm start` runs it,
 * for the tests of the process itself (server/process.test.ts), of two machines on one
 * database (server/two-instances.test.ts) and of faults (server/faults.test.ts). Every
 * wait is for something the process says or does, never for a length of time.
 */

export type LogEvent = { level: string; message: string } & Record<string, unknown>;

export type ServerProcess = {
  child: ChildProcess;
  events: LogEvent[];
  /** Resolves with the first event (counting those already seen, from `after` on) that `match` accepts. */
  next: (match: (event: LogEvent) => boolean, after?: number) => Promise<LogEvent>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const started = { test: [] as ServerProcess[], file: [] as ServerProcess[] };

function killAll(running: ServerProcess[]): void {
  for (const { child } of running.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

// A test that fails midway leaves no server behind; nor does a file.
afterEach(() => killAll(started.test));
afterAll(() => killAll(started.file));

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== "object" || address === null) throw new Error("no port");
  return address.port;
}

/**
 * Starts `server/main.ts` with this environment (over a small default one: no demo data,
 * an administrator). It is killed, if still running, after the test, or with `for: "file"`
 * (a server started in `beforeAll`) after the file's last test.
 */
export function startServerProcess(
  env: Record<string, string>,
  options: { for?: "test" | "file" } = {},
): ServerProcess {
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      DEMO_DATA: "false",
      ADMIN_EMAIL: "admin@densara.test",
      ADMIN_PASSWORD: "process-test-password-1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const events: LogEvent[] = [];
  const waiting = new Set<() => void>();
  const read = (stream: NodeJS.ReadableStream | null) => {
    let buffered = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        if (line.trim() === "") continue;
        // What is not a log line (a crash's stack on stderr) is kept too, as it came.
        events.push(line.startsWith("{") ? (JSON.parse(line) as LogEvent) : { level: "raw", message: line });
        for (const wake of waiting) wake();
      }
    });
  };
  read(child.stdout);
  read(child.stderr);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      resolve({ code, signal });
      for (const wake of waiting) wake();
    }),
  );
  const next = (match: (event: LogEvent) => boolean, after = 0) =>
    new Promise<LogEvent>((resolve, reject) => {
      const check = () => {
        const found = events.slice(after).find(match);
        if (found) {
          waiting.delete(check);
          resolve(found);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          waiting.delete(check);
          reject(new Error(`the server exited first; it said:\n${events.map((e) => JSON.stringify(e)).join("\n")}`));
        }
      };
      waiting.add(check);
      check();
    });
  const running = { child, events, next, exited };
  started[options.for ?? "test"].push(running);
  return running;
}

export const saying = (message: string) => (event: LogEvent) => event.message === message;

/** A GET on a connection of its own: the status, or a rejection when the connection fails. */
export function getStatus(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * A POST that waits, with `Expect: 100-continue`, for the server to take it in before
 * sending its body: `arrived` resolves when the request is in the server's hands (the
 * server has answered "100 Continue"), and the body goes when `finish` is called.
 */
export function heldPost(port: number, path: string, body: string) {
  let finish: () => void = () => undefined;
  let arrived: () => void = () => undefined;
  const inServer = new Promise<void>((resolve) => (arrived = resolve));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          expect: "100-continue",
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("continue", () => arrived());
    req.on("error", reject);
    req.flushHeaders();
    finish = () => req.end(body);
  });
  return { arrived: inServer, answer, finish: () => finish() };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The same address at another origin (a redirect names the site's one PUBLIC_URL; a machine has its own port). */
export function atOrigin(origin: string, address: string | URL): URL {
  const url = new URL(address, origin);
  return new URL(`${url.pathname}${url.search}`, origin);
}

/**
 * Signs a browser in with a password at the embedded provider of a running server, the
 * way a person does: /auth/login, the provider, its login form, the resume, the callback
 * and the page header's session check. Each step goes to the origin `originOf(step)`
 * names (steps 0 to 5): one server, or, behind a load balancer, another at each step.
 */
export async function signInWithPassword(
  browser: TestBrowser,
  account: { email: string; password: string },
  originOf: (step: number) => string = () => browser.origin,
): Promise<{ csrfToken: string; token: string }> {
  const at = (step: number, address: string | URL) => atOrigin(originOf(step), address);
  const begun = await browser.fetch(at(0, "/auth/login?returnTo=/dashboard"));
  const authorization = locationOf(begun, browser.origin);
  const interaction = locationOf(await browser.fetch(at(1, authorization)), authorization);
  const uid = /\/idp\/interaction\/([^/?]+)/.exec(interaction.pathname)?.[1];
  if (!uid) throw new Error(`the provider sent the browser to ${interaction.href}`);
  const submitted = await browser.post(at(2, `/idp/interaction/${uid}`), account);
  expect(submitted.status).toBe(303);
  const resume = locationOf(submitted, browser.origin);
  const callback = locationOf(await browser.fetch(at(3, resume)), resume);
  expect(callback.pathname).toBe("/auth/logged-in");
  const finished = await browser.fetch(at(4, callback));
  expect(finished.status).toBe(303);
  expect(finished.headers.get("location")).toBe("/dashboard");
  const session = (await (await browser.fetch(at(5, "/auth/session"))).json()) as { csrfToken?: string };
  if (!session.csrfToken) throw new Error(`${account.email} signed in, but the session check says otherwise`);
  return { csrfToken: session.csrfToken, token: browser.cookie("densara_session") ?? "" };
}
