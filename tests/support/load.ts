import { Agent, request } from "node:http";

/** One request the load sends: a name to count it by, and what to send. */
export type LoadRequest = {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

/** What came of one request: its status and the start of its body, or the error that ended it. */
export type LoadOutcome = {
  name: string;
  status?: number;
  body?: string;
  /** `ECONNREFUSED` (the port was closed: nothing was sent), `ECONNRESET`, `socket hang up`… */
  error?: string;
  /** Milliseconds since the load started, when the answer (or the error) came. */
  at: number;
};

/**
 * Steady load from `concurrency` loops, each sending its next request as soon as the last
 * one is answered, over keep-alive connections (as a load balancer's would be), until
 * stopped. Every outcome is kept, in order, for the test to count.
 */
export function startLoad(options: {
  port: number;
  concurrency: number;
  /** The next request of loop `loop` (its `count`th). */
  next: (loop: number, count: number) => LoadRequest;
}) {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const outcomes: LoadOutcome[] = [];
  const started = performance.now();
  let stopped = false;

  function send(spec: LoadRequest): Promise<LoadOutcome> {
    return new Promise((resolve) => {
      const at = () => Math.round(performance.now() - started);
      const req = request(
        {
          host: "127.0.0.1",
          port: options.port,
          path: spec.path,
          method: spec.method ?? "GET",
          agent,
          headers: {
            ...spec.headers,
            ...(spec.body === undefined ? {} : { "content-length": Buffer.byteLength(spec.body) }),
          },
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            if (body.length < 500_000) body += chunk;
          });
          res.on("end", () => resolve({ name: spec.name, status: res.statusCode ?? 0, body, at: at() }));
          res.on("error", (error) =>
            resolve({
              name: spec.name,
              error: (error as NodeJS.ErrnoException).code ?? error.message,
              at: at(),
            }),
          );
        },
      );
      req.on("error", (error: NodeJS.ErrnoException) =>
        resolve({ name: spec.name, error: error.code ?? error.message, at: at() }),
      );
      req.end(spec.body);
    });
  }

  const loops = Array.from({ length: options.concurrency }, async (_, loop) => {
    for (let count = 0; !stopped; count += 1) outcomes.push(await send(options.next(loop, count)));
  });

  return {
    outcomes,
    /** Stops sending; resolves once every request in flight has its outcome. */
    async stop(): Promise<void> {
      stopped = true;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

/** Outcomes counted by `name status` (or `name error`), for a test's message and the closing note; `nameOf` groups names. */
export function tally(
  outcomes: readonly LoadOutcome[],
  nameOf: (outcome: LoadOutcome) => string = (outcome) => outcome.name,
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) {
    const key = `${nameOf(outcome)} ${outcome.status ?? outcome.error ?? "?"}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
