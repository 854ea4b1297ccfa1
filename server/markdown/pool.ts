import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import type { RenderedDoc } from "./docs.ts";
import type { RenderedMarkdown } from "./render.ts";
import type { RenderAnswer, RenderTask } from "./worker.ts";

/**
 * Markdown is rendered off the event loop (ADR 037): a small pool of worker threads
 * (piscina), each render with a time budget and limits on size and nesting, so no text,
 * however it is written, can keep the server from answering. A render that passes its
 * budget is stopped (its thread is ended and another started) and refused with a
 * sentence; so is one that nests deeper than a page ever needs, or one that waits too
 * long behind others.
 */

/** Why a render was refused; `message` is a sentence for the writer. */
export type RenderRefusalReason = "slow" | "deep" | "large" | "busy";

export class RenderRefusal extends Error {
  override name = "RenderRefusal";
  readonly reason: RenderRefusalReason;
  constructor(reason: RenderRefusalReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** What the domain renders with (a port: `DomainPorts.markdown`). */
export type MarkdownRenderer = {
  /** A doc's markdown as readers see it (its library images placed when it is served: `showImages`). */
  renderDoc: (markdown: string) => Promise<RenderedDoc>;
  /** Release notes. */
  renderNotes: (markdown: string) => Promise<RenderedMarkdown>;
  /** Renders under way or waiting, for `/metrics` and the tests. */
  stats: () => { running: number; waiting: number; refused: Record<RenderRefusalReason, number> };
  close: () => Promise<void>;
};

export type RenderPoolOptions = {
  /** Worker threads at most; they start on demand and end after a minute without work. */
  threads?: number;
  /** How long one render may run. */
  budgetMs?: number;
  /** How long a render may wait for a thread before it is refused as "busy". */
  waitMs?: number;
  /** Renders waiting at most; one more is refused at once. */
  queue?: number;
};

/** Characters at most (the docs allow 200,000; the margin is for what the domain never sends). */
const sizeLimit = 1_000_000;
/** Quotes and lists inside each other, at most: far past any page, far below a stack's reach. */
export const nestingLimit = 48;

/**
 * How deeply the text nests quotes and lists, as written at the start of its lines: each
 * `>` and each list marker counts a level, and so does each two spaces of indentation
 * before a marker. A cheap upper bound, read before the text goes to a thread.
 */
export function nestingDepth(markdown: string): number {
  let deepest = 0;
  const prefix = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])(?:[ \t][ \t>]*|$))*/;
  for (const line of markdown.split("\n")) {
    const lead = prefix.exec(line)?.[0] ?? "";
    if (!/[>\-*+.)]/.test(lead)) continue;
    const quotes = lead.split(">").length - 1;
    const markers = lead.match(/(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/g)?.length ?? 0;
    // The space that follows a marker is part of it; the rest is indentation.
    const spacing = lead.replace(/(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/g, "");
    const indent = Math.floor(spacing.replace(/[^ ]/g, "").length / 2) + (spacing.split("\t").length - 1) * 2;
    deepest = Math.max(deepest, quotes + markers + indent);
  }
  return deepest;
}

/** A worker ended by its heap limit (Node's ERR_WORKER_OUT_OF_MEMORY). */
function outOfMemory(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ERR_WORKER_OUT_OF_MEMORY";
}

/** A render that has had this many budgets of wall time, however little CPU it was given, is stopped too. */
const starvedAfter = 6;

/**
 * The CPU time the render's thread has used since it started, in ms, read from the kernel
 * (Linux's schedstat of the thread the worker named in `clock`); undefined elsewhere.
 */
function cpuMsSince(clock: Float64Array): number | undefined {
  const tid = clock[1] ?? 0;
  const start = clock[2] ?? 0;
  if (tid === 0) return undefined;
  try {
    const ran = Number(readFileSync(`/proc/self/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    return Number.isFinite(ran) ? (ran - start) / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} seconds`;

let shared: MarkdownRenderer | undefined;
let sharedOptions: RenderPoolOptions = {};

/** Sets the process's pool's options (the server, from its configuration) before its first render. */
export function configureRenderPool(options: RenderPoolOptions): void {
  if (shared) throw new Error("the render pool is already running: configure it before the first render");
  sharedOptions = options;
}

/** The process's render pool, started with its first render; its threads end when idle. */
export function renderPool(): MarkdownRenderer {
  shared ??= createRenderPool(sharedOptions);
  return shared;
}

/** Ends the process's pool (at shutdown); a later render starts a new one. */
export async function closeRenderPool(): Promise<void> {
  const closing = shared;
  shared = undefined;
  await closing?.close();
}

export function createRenderPool(options: RenderPoolOptions = {}): MarkdownRenderer {
  const budgetMs = options.budgetMs ?? 5_000;
  const waitMs = options.waitMs ?? 30_000;
  const threads = options.threads ?? Math.max(1, Math.min(2, availableParallelism() - 1));
  const pool = new Piscina<RenderTask, RenderAnswer>({
    filename: new URL("./worker.ts", import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    maxQueue: options.queue ?? 32,
    // A render's tree of a 200,000-character page fits in far less; a runaway one is ended.
    resourceLimits: { maxOldGenerationSizeMb: 256, stackSizeMb: 4 },
    // `Atomics.wait` between tasks is fine: a worker holds no handle of its own.
    atomics: "sync",
  });
  let running = 0;
  const refused: Record<RenderRefusalReason, number> = { slow: 0, deep: 0, large: 0, busy: 0 };

  const refuse = (reason: RenderRefusalReason, message: string): never => {
    refused[reason] += 1;
    throw new RenderRefusal(reason, message);
  };

  function check(markdown: string): void {
    if (markdown.length > sizeLimit) {
      refuse(
        "large",
        `This text is too long to lay out: keep it under ${sizeLimit.toLocaleString("en-US")} characters.`,
      );
    }
    const depth = nestingDepth(markdown);
    if (depth > nestingLimit) {
      refuse(
        "deep",
        `This text nests quotes or lists ${depth} levels deep; a page may nest ${nestingLimit} at most. Remove the extra > marks or list levels.`,
      );
    }
  }

  async function run(task: RenderTask): Promise<RenderAnswer> {
    check(task.markdown);
    if (pool.queueSize >= pool.options.maxQueue) {
      refuse("busy", "The server is laying out many pages just now: nothing was lost. Try again in a few seconds.");
    }
    const submitted = Date.now();
    const stop = new AbortController();
    let late: "slow" | "busy" | undefined;
    // The budget counts the render's own work from when a thread takes it (it stamps
    // `clock`): not its wait behind another, nor the time a busy machine gives to others.
    const watch = () => {
      const started = task.clock[0] ?? 0;
      const now = Date.now();
      if (started === 0) {
        if (now - submitted >= waitMs) {
          late = "busy";
          stop.abort();
        } else timer = setTimeout(watch, Math.min(budgetMs, waitMs - (now - submitted)));
        return;
      }
      const worked = cpuMsSince(task.clock) ?? now - started;
      if (worked >= budgetMs || now - started >= budgetMs * starvedAfter) {
        late = "slow";
        stop.abort();
      } else timer = setTimeout(watch, Math.max(20, budgetMs - worked));
    };
    let timer = setTimeout(watch, budgetMs);
    running += 1;
    try {
      const answer = await pool.run(task, { signal: stop.signal });
      if (!answer.ok) {
        refuse(
          "deep",
          `This text nests marks or brackets too deeply to lay out. Simplify the deepest part (long runs of *, _, [ or >).`,
        );
      }
      return answer;
    } catch (error) {
      if (late === "slow") {
        refuse(
          "slow",
          `This text takes too long to lay out (more than ${seconds(budgetMs)} of work): look for long runs of *, _, [, ] or backticks, or split a very large table or page.`,
        );
      }
      if (late === "busy") {
        refuse("busy", "The server is laying out many pages just now: nothing was lost. Try again in a few seconds.");
      }
      if (outOfMemory(error)) {
        refuse("large", "This text needs too much memory to lay out: split it into smaller pages.");
      }
      throw error;
    } finally {
      clearTimeout(timer);
      running -= 1;
    }
  }

  const clock = () => new Float64Array(new SharedArrayBuffer(3 * Float64Array.BYTES_PER_ELEMENT));

  return {
    async renderDoc(markdown) {
      const answer = await run({ kind: "doc", markdown, clock: clock() });
      if (!answer.ok || answer.kind !== "doc") throw new Error("the render pool answered a doc with another kind");
      return answer.rendered;
    },
    async renderNotes(markdown) {
      const answer = await run({ kind: "notes", markdown, clock: clock() });
      if (!answer.ok || answer.kind !== "notes") throw new Error("the render pool answered notes with another kind");
      return answer.rendered;
    },
    stats: () => ({ running, waiting: pool.queueSize, refused: { ...refused } }),
    close: () => pool.destroy(),
  };
}
