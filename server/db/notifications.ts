import pg from "pg";
import type { DatabaseHandle } from "./client.ts";
import type { Logger } from "../log.ts";

export type NotificationHandlers = {
  /** A notification's payload (`pg_notify(channel, payload)`), after its transaction committed. */
  message: (payload: string) => void;
  /**
   * Listening has started, or started again after it was lost: notifications sent in
   * between were missed, so whatever they would have said must be assumed.
   */
  listening: () => void;
  /** The listening connection is gone; nothing is heard until `listening` is called again. */
  lost: () => void;
};

/** How long to wait before connecting again after the listening connection was lost. */
const relistenDelayMs = 1_000;

/**
 * Listens on one channel of the database (LISTEN / NOTIFY) until stopped. On PostgreSQL it
 * holds a connection of its own, outside the pool (a pooled one would take a request's
 * place); when that connection fails (the server restarts, the network drops) it says so
 * once, connects again every second, and says when it hears again. PGlite is one process's
 * own, so its listener is never lost.
 *
 * Behind PgBouncer in transaction mode LISTEN is accepted and nothing is heard:
 * `DATABASE_URL` must reach PostgreSQL directly or through session pooling.
 */
export function listenForNotifications(
  database: DatabaseHandle,
  channel: string,
  handlers: NotificationHandlers,
  log: Logger,
): { ready: Promise<void>; stop: () => Promise<void> } {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  if (database.kind === "pglite") {
    const listening = database.client.listen(channel, handlers.message);
    const ready = listening.then(() => {
      log.info("hearing database changes", { channel });
      handlers.listening();
    });
    return {
      ready,
      stop: async () => {
        const unlisten = await listening;
        await unlisten();
      },
    };
  }

  const { pool } = database;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let lostSince: number | null = null;
  let settle: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (settle = resolve));

  const lose = (broken: pg.Client, error: Error | undefined) => {
    if (client !== broken) return;
    client = undefined;
    broken.removeAllListeners();
    // An 'error' has been reported; the end of a broken connection may still come.
    broken.on("error", () => undefined);
    broken.end().catch(() => undefined);
    if (stopped) return;
    if (lostSince === null) {
      lostSince = Date.now();
      handlers.lost();
      log.warn("lost the database connection that hears changes; connecting again every second", {
        channel,
        ...(error ? { error: error.message } : {}),
      });
    }
    retry = setTimeout(connect, relistenDelayMs);
    retry.unref();
  };

  function connect(): void {
    retry = undefined;
    if (stopped) return;
    const next = new pg.Client(pool.options);
    client = next;
    next.on("error", (error) => lose(next, error));
    next.on("end", () => lose(next, undefined));
    next.on("notification", (notification) => {
      if (notification.channel === channel) handlers.message(notification.payload ?? "");
    });
    next
      .connect()
      .then(() => next.query(`LISTEN ${channel}`))
      .then(() => {
        if (client !== next) return;
        if (lostSince !== null) {
          log.info("hearing database changes again", {
            channel,
            lostForS: Math.round((Date.now() - lostSince) / 1000),
          });
          lostSince = null;
        } else {
          log.info("hearing database changes", { channel });
        }
        handlers.listening();
        settle();
      })
      .catch((error: unknown) => lose(next, error instanceof Error ? error : new Error(String(error))));
  }

  connect();
  return {
    ready,
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      settle();
      if (current) {
        current.removeAllListeners();
        current.on("error", () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
