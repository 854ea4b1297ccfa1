import { types, type PGlite, type QueryOptions, type Transaction } from "@electric-sql/pglite";

/**
 * The type parsers Drizzle's PGlite driver sends with every query: dates, times and
 * intervals (and their arrays) come back as PostgreSQL wrote them, and Drizzle's columns
 * read the text themselves.
 */
const keepAsText = (value: string) => value;
const drizzleTextTypes: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamp with time zone[]
  1187, // interval[]
  1182, // date[]
];

/** Whether a query's own parsers are Drizzle's: only those types, each kept as text. */
function onlyDrizzleParsers(parsers: NonNullable<QueryOptions["parsers"]>): boolean {
  for (const key in parsers) {
    if (!drizzleTextTypes.includes(Number(key))) return false;
  }
  return true;
}

function withoutParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers || !onlyDrizzleParsers(options.parsers)) return options;
  const { parsers: _, ...rest } = options;
  return rest;
}

/** `query` and `transaction` that leave Drizzle's parsers out of each query (the client has them already). */
function passingQueries<Target extends PGlite | Transaction>(target: Target, onQuery?: QueryObserver): Target {
  return new Proxy(target, {
    get(object, property) {
      if (property === "query") {
        if (!onQuery) {
          return (text: string, params?: unknown[], options?: QueryOptions) =>
            object.query(text, params, withoutParsers(options));
        }
        return async (text: string, params?: unknown[], options?: QueryOptions) => {
          const started = performance.now();
          let failed = true;
          try {
            const result = await object.query(text, params, withoutParsers(options));
            failed = false;
            return result;
          } finally {
            onQuery((performance.now() - started) / 1000, failed);
          }
        };
      }
      if (property === "transaction" && "transaction" in object) {
        const client: PGlite = object;
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          client.transaction((tx) => callback(passingQueries(tx, onQuery)));
      }
      const value: unknown = Reflect.get(object, property, object);
      // PGlite keeps its state in private fields: its methods must run on the client itself.
      if (typeof value !== "function") return value;
      const bound: unknown = value.bind(object);
      return bound;
    },
  });
}

/**
 * The PGlite client to hand Drizzle. Drizzle's driver gives every query its own type
 * parsers, and PGlite then merges them into a copy of its whole table of parsers (over
 * 300 entries, one per type and array type), about 80 µs of CPU per query, 12 times for
 * the dashboard. Here the client's table gets Drizzle's parsers once, and each query
 * runs without its copy: the same parsers read every value, so every result is the same.
 * Call it after `waitReady` (PGlite adds the array types' parsers when it starts).
 * A query whose parsers are not Drizzle's passes as it came. With `onQuery`, each query's
 * time is told to it.
 */
export function clientForDrizzle(client: PGlite, onQuery?: QueryObserver): PGlite {
  for (const type of drizzleTextTypes) client.parsers[type] = keepAsText;
  return passingQueries(client, onQuery);
}

/** Told of each query's seconds and whether it failed (the metrics). */
export type QueryObserver = (seconds: number, failed: boolean) => void;
