import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { queryRows, type Database } from "../db/client.ts";
import { migrationsFolder } from "../db/migrate.ts";
import type { Logger } from "../log.ts";
import type { AppEnv } from "./env.ts";

/** The newest migration this build carries: drizzle records each applied one by this moment (`created_at`). */
export function newestMigrationMillis(folder = migrationsFolder): number {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

export type Readiness = {
  ready: boolean;
  checks: { database: "ok" | "failed"; migrations: "ok" | "missing" | "unknown"; shutdown: "no" | "draining" };
  /** What is wrong, in a sentence, when not ready. */
  reason?: string;
};

/**
 * Whether this process should be sent traffic: the database answers (within `timeoutMs`),
 * it has every migration this build needs, and the process is not shutting down.
 */
export function createReadiness(options: {
  /** The newest applied migration's moment, as the database says. */
  newestApplied: () => Promise<number>;
  wanted: number;
  timeoutMs: number;
}) {
  let draining = false;

  /** One question to the database at a time: probes that come while it is out share it (a hung database piles up nothing). */
  let asking: Promise<Readiness> | null = null;

  function check(): Promise<Readiness> {
    asking ??= ask().finally(() => {
      asking = null;
    });
    return asking;
  }

  async function ask(): Promise<Readiness> {
    const shutdown = draining ? "draining" : "no";
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
    });
    let applied: number;
    try {
      applied = await Promise.race([options.newestApplied(), timedOut]);
    } catch {
      return {
        ready: false,
        checks: { database: "failed", migrations: "unknown", shutdown },
        reason: "The database does not answer.",
      };
    } finally {
      clearTimeout(timer);
    }
    const migrations = applied >= options.wanted ? "ok" : "missing";
    const checks = { database: "ok", migrations, shutdown } as const;
    if (migrations === "missing") {
      return { ready: false, checks, reason: "The database lacks migrations this build needs; they run at start." };
    }
    if (draining) return { ready: false, checks, reason: "The server is shutting down." };
    return { ready: true, checks };
  }

  return {
    check,
    /** From now on the process says it is not ready: it is shutting down (a load balancer stops sending to it). */
    drain: (): void => {
      draining = true;
    },
  };
}

/**
 * `/healthz`: the process is alive and answering (no dependency checked, so a database
 * outage never gets a healthy process restarted). `/readyz`: it should be sent traffic
 * (`createReadiness`); 503 with the reason otherwise. Neither is ever stored by a cache.
 */
export function healthRoutes(options: { db: Database; log: Logger; timeoutMs?: number }) {
  const readiness = createReadiness({
    newestApplied: async () => {
      const [row] = await queryRows<{ newest: string | null }>(
        options.db,
        sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
      );
      return Number(row?.newest ?? 0);
    },
    wanted: newestMigrationMillis(),
    timeoutMs: options.timeoutMs ?? 2_000,
  });
  const routes = new Hono<AppEnv>();
  const noStore = { "cache-control": "no-store" };
  routes.get("/healthz", (c) => c.json({ status: "ok" }, 200, noStore));
  let wasReady = true;
  routes.get("/readyz", async (c) => {
    const state = await readiness.check();
    // Said when it changes, not at every probe.
    if (state.ready !== wasReady) {
      wasReady = state.ready;
      if (state.ready) options.log.info("ready again");
      else options.log.warn("not ready", { reason: state.reason, ...state.checks });
    }
    return c.json(
      {
        status: state.ready ? "ready" : "unready",
        checks: state.checks,
        ...(state.reason ? { reason: state.reason } : {}),
      },
      state.ready ? 200 : 503,
      noStore,
    );
  });
  return { routes, drain: readiness.drain };
}
