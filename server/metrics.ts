import cluster from "node:cluster";
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * What the server counts, in Prometheus' text format (ADR 032), through prom-client:
 *
 * - HTTP requests by method, route pattern and status, with latency (time until the answer's
 *   headers are ready; a streamed body's transfer is not in it);
 * - GraphQL operations by name, type and outcome, with timings;
 * - database queries (timings, failures) and the pool's connections;
 * - the outbox: mail sent, failed and abandoned, and how much is waiting;
 * - uploads and downloads broken off before their end, by route pattern;
 * - the process: memory, CPU, event-loop delay, garbage collection (prom-client's defaults).
 *
 * Every label value comes from a bounded set (route patterns from the code, operation
 * names capped), so a visitor cannot grow the series by inventing addresses or names.
 */
export type Metrics = {
  registry: Registry;
  /** One HTTP answer. `route` is a pattern (`/dashboard/devices/:id`), never the address itself. */
  request: (method: string, route: string, status: number, seconds: number) => void;
  /** One executed GraphQL operation. */
  operation: (name: string | undefined, type: string, failed: boolean, seconds: number) => void;
  /** One database query. */
  query: (seconds: number, failed: boolean) => void;
  /**
   * A transfer broken off before its end, under its route pattern: an upload (a request's
   * body) that did not all arrive, or a file's download not all sent.
   */
  brokenOff: (direction: TransferDirection, route: string) => void;
  /** Routes whose broken-off transfers are counted from zero, so a rate is defined from the first scrape. */
  expectTransfers: (direction: TransferDirection, routes: readonly string[]) => void;
  /** An outbox run's deliveries. */
  mail: (outcome: { sent: number; failed: number; abandoned: number }) => void;
  /** Reads the pool's connections at each scrape (PostgreSQL). */
  watchPool: (read: () => { total: number; idle: number; waiting: number; max: number }) => void;
  /** Reads the outbox's waiting mail at each scrape. */
  watchOutbox: (read: () => Promise<{ queued: number; abandoned: number }>) => void;
  /** The text a scraper gets: this process's metrics, or with workers, the whole server's. */
  exposition: () => Promise<string>;
  contentType: string;
};

export type TransferDirection = "upload" | "download";

/** Seconds: from a fast answer from memory (tens of µs) to a slow report. */
const latencyBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const queryBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Operation names kept as labels; more names than this (someone inventing them) count as "(other)". */
export const maxOperationNames = 200;
const operationName = /^[_A-Za-z][_0-9A-Za-z]{0,63}$/;

export function createMetrics(options: { workers?: number } = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  new Gauge({
    name: "densara_server_processes",
    help: "Server processes reporting (with WEB_CONCURRENCY, one per worker).",
    registers: [registry],
    aggregator: "sum",
    collect() {
      this.set(1);
    },
  });

  const requests = new CountedHistogram({
    name: "http_request_duration_seconds",
    help: "HTTP answers by method, route pattern and status: seconds until the answer's headers were ready.",
    labelNames: ["method", "route", "status"],
    buckets: latencyBuckets,
    registers: [registry],
  });

  const operations = new Histogram({
    name: "graphql_operation_duration_seconds",
    help: "Executed GraphQL operations by name, type and outcome, in seconds.",
    labelNames: ["operation", "type", "outcome"] as const,
    buckets: latencyBuckets,
    registers: [registry],
  });
  const seenOperations = new Set<string>();

  const queries = new Histogram({
    name: "db_query_duration_seconds",
    help: "Database queries by outcome, in seconds.",
    labelNames: ["outcome"] as const,
    buckets: queryBuckets,
    registers: [registry],
  });
  const queriesOk = queries.labels("ok");
  const queriesFailed = queries.labels("error");

  let readPool: (() => { total: number; idle: number; waiting: number; max: number }) | undefined;
  new Gauge({
    name: "db_pool_connections",
    help: "The PostgreSQL pool: connections open, idle, requests waiting for one, and the most it opens.",
    labelNames: ["state"] as const,
    registers: [registry],
    aggregator: "sum",
    collect() {
      if (!readPool) return;
      const pool = readPool();
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
      this.set({ state: "max" }, pool.max);
    },
  });

  const mail = new Counter({
    name: "outbox_mail_total",
    help: "Mail the outbox handled: sent, failed (tried again later) and abandoned (after the last try).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  for (const outcome of ["sent", "failed", "abandoned"]) mail.labels(outcome).inc(0);

  const brokenOff: Record<TransferDirection, Counter<"route">> = {
    upload: new Counter({
      name: "http_uploads_aborted_total",
      help: "Request bodies (uploads, forms) that broke off before they were whole, the client gone mid-way, by route pattern. Nothing of them was kept.",
      labelNames: ["route"] as const,
      registers: [registry],
    }),
    download: new Counter({
      name: "http_downloads_aborted_total",
      help: "File downloads that ended before the whole file was sent (the client went away, or the file store stopped giving it), by route pattern.",
      labelNames: ["route"] as const,
      registers: [registry],
    }),
  };

  let readOutbox: (() => Promise<{ queued: number; abandoned: number }>) | undefined;
  new Gauge({
    name: "outbox_mail_waiting",
    help: "Mail in the outbox not sent: queued (to be tried) and abandoned (an operator's to read).",
    labelNames: ["state"] as const,
    registers: [registry],
    // Every worker reads the same table: the whole server's figure is one of them, not their sum.
    aggregator: "max",
    async collect() {
      if (!readOutbox) return;
      try {
        const waiting = await readOutbox();
        this.set({ state: "queued" }, waiting.queued);
        this.set({ state: "abandoned" }, waiting.abandoned);
      } catch {
        // The database is away: the figures are unknown, not zero.
        this.set({ state: "queued" }, Number.NaN);
        this.set({ state: "abandoned" }, Number.NaN);
      }
    },
  });

  const clustered = (options.workers ?? 1) > 1 && cluster.isWorker;
  if (clustered) answerPrimary(registry);

  return {
    registry,
    contentType: registry.contentType,
    request(method, route, status, seconds) {
      requests.observeSeries(`${method} ${route} ${status}`, seconds, () => ({
        method: knownMethods.has(method) ? method : "OTHER",
        route,
        status: String(status),
      }));
    },
    operation(name, type, failed, seconds) {
      let label = name === undefined ? "(anonymous)" : operationName.test(name) ? name : "(other)";
      if (label === name && !seenOperations.has(name)) {
        if (seenOperations.size >= maxOperationNames) label = "(other)";
        else seenOperations.add(name);
      }
      operations.observe({ operation: label, type, outcome: failed ? "error" : "ok" }, seconds);
    },
    query(seconds, failed) {
      (failed ? queriesFailed : queriesOk).observe(seconds);
    },
    brokenOff(direction, route) {
      brokenOff[direction].labels(route).inc();
    },
    expectTransfers(direction, routes) {
      for (const route of routes) brokenOff[direction].labels(route).inc(0);
    },
    mail(outcome) {
      if (outcome.sent > 0) mail.labels("sent").inc(outcome.sent);
      if (outcome.failed > 0) mail.labels("failed").inc(outcome.failed);
      if (outcome.abandoned > 0) mail.labels("abandoned").inc(outcome.abandoned);
    },
    watchPool(read) {
      readPool = read;
    },
    watchOutbox(read) {
      readOutbox = read;
    },
    exposition: clustered ? askPrimary : () => registry.metrics(),
  };
}

type RequestLabel = "method" | "route" | "status";
type Sample = Awaited<ReturnType<Histogram<RequestLabel | "le">["get"]>>["values"][number];

/**
 * A histogram counted in plain arrays, for the answers from memory (some 15 µs of CPU
 * each): prom-client's own hashes the labels and keys its buckets by the bound's text at
 * every observation, about 0.3 µs. Here a series is found by one map lookup and its
 * bucket by a short scan; prom-client still writes it out (and sums it across workers),
 * from `get`, which the registry calls at each scrape.
 */
class CountedHistogram extends Histogram<RequestLabel | "le"> {
  /** Unset, so the registry writes the text from `get` (prom-client's own would read its empty map). */
  readonly getForPromString = undefined;
  readonly #name: string;
  readonly #bounds: readonly number[];
  /** The metric's name, help, type and aggregator as prom-client writes them: from a histogram of its own, never registered. */
  readonly #envelope: ReturnType<Histogram<RequestLabel | "le">["get"]>;
  readonly #series = new Map<
    string,
    { labels: Record<RequestLabel, string>; counts: Float64Array; sum: number; count: number }
  >();

  constructor(options: {
    name: string;
    help: string;
    labelNames: RequestLabel[];
    buckets: number[];
    registers: Registry[];
  }) {
    super(options);
    this.#name = options.name;
    this.#bounds = options.buckets;
    this.#envelope = new Histogram<RequestLabel | "le">({
      name: options.name,
      help: options.help,
      registers: [],
    }).get();
  }

  observeSeries(key: string, seconds: number, labels: () => Record<RequestLabel, string>): void {
    let series = this.#series.get(key);
    if (!series) {
      series = { labels: labels(), counts: new Float64Array(this.#bounds.length), sum: 0, count: 0 };
      this.#series.set(key, series);
    }
    let bucket = 0;
    while (bucket < this.#bounds.length && seconds > (this.#bounds[bucket] ?? Infinity)) bucket += 1;
    if (bucket < this.#bounds.length) series.counts[bucket] = (series.counts[bucket] ?? 0) + 1;
    series.sum += seconds;
    series.count += 1;
  }

  override async get(): Promise<Awaited<ReturnType<Histogram<RequestLabel | "le">["get"]>>> {
    const values: Sample[] = [];
    for (const { labels, counts, sum, count } of this.#series.values()) {
      let cumulative = 0;
      for (const [index, bound] of this.#bounds.entries()) {
        cumulative += counts[index] ?? 0;
        values.push({ labels: { ...labels, le: bound }, value: cumulative, metricName: `${this.#name}_bucket` });
      }
      values.push({ labels: { ...labels, le: "+Inf" }, value: count, metricName: `${this.#name}_bucket` });
      values.push({ labels, value: sum, metricName: `${this.#name}_sum` });
      values.push({ labels, value: count, metricName: `${this.#name}_count` });
    }
    return { ...(await this.#envelope), values };
  }
}

/**
 * With WEB_CONCURRENCY above 1, a scrape reaches one worker: it asks the primary, which
 * gathers every worker's figures (prom-client's AggregatorRegistry) and sends the sum back.
 */
const askType = "densara:metrics-ask";
const answerType = "densara:metrics-answer";
type Answer = { type: typeof answerType; id: number; text?: string; error?: string };

let asked = 0;
const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
let listening = false;

function askPrimary(): Promise<string> {
  if (!listening) {
    listening = true;
    process.on("message", (message: unknown) => {
      if (!isAnswer(message)) return;
      const ask = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.text !== undefined) ask?.resolve(message.text);
      else ask?.reject(new Error(message.error ?? "the primary sent no metrics"));
    });
  }
  asked += 1;
  const id = asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error("the primary did not send the server's metrics within 10 s"));
    }, 10_000);
    waiting.set(id, {
      resolve: (text) => {
        clearTimeout(timer);
        resolve(text);
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
    process.send?.({ type: askType, id });
  });
}

function isAnswer(message: unknown): message is Answer {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === answerType;
}

/** In a worker: the primary may ask for this registry's figures (prom-client's own messages). */
function answerPrimary(registry: Registry): void {
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

/** In the primary: the whole server's figures, for a worker's scrape or the internal port. */
export function gatherWorkers(): { exposition: () => Promise<string>; contentType: string } {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: unknown) => {
    if (typeof message !== "object" || message === null) return;
    const { type, id } = message as { type?: unknown; id?: unknown };
    if (type !== askType || typeof id !== "number") return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: answerType, id, text } satisfies Answer),
      (error: unknown) =>
        worker.send({ type: answerType, id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  return { exposition: () => aggregator.clusterMetrics(), contentType: aggregator.contentType };
}
