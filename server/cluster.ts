import cluster, { type Worker } from "node:cluster";
import type { Config } from "./config.ts";
import { createLogger } from "./log.ts";
import { startMetricsServer } from "./http/metrics-route.ts";

/**
 * WEB_CONCURRENCY above 1: this process forks that many workers, each a whole server
 * (server/start.ts) listening on the one port, which node:cluster shares between them.
 * It restarts a worker that dies (after a pause, so a crash on start cannot spin), passes
 * SIGTERM and SIGINT on, and exits when every worker has drained. It also gathers the
 * workers' metrics into the whole server's (ADR 032): for a worker's `/metrics`, and on
 * METRICS_PORT, which it serves itself.
 */
export async function runPrimary(config: Config): Promise<void> {
  const log = createLogger(config.logLevel);
  if (config.metrics.token || config.metrics.port !== undefined) {
    const gathered = (await import("./metrics.ts")).gatherWorkers();
    if (config.metrics.port !== undefined) {
      startMetricsServer({ metrics: gathered, host: config.metrics.host, port: config.metrics.port, log }).catch(
        (error: unknown) => {
          log.error("the metrics port could not be opened", {
            error: error instanceof Error ? error.message : String(error),
          });
          process.exit(1);
        },
      );
    }
  }
  let stopping = false;
  const restartDelayMs = 1_000;

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.once("exit", (code, signal) => {
      if (stopping) return;
      log.error("a worker stopped; starting another", { pid: worker.process.pid, code, signal });
      setTimeout(fork, restartDelayMs).unref();
    });
    return worker;
  };

  log.info("starting workers", { workers: config.workers });
  for (let index = 0; index < config.workers; index += 1) fork();

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    // Handled every time: a second signal must not kill this process while workers drain.
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
      log.info("stopping workers", { signal, workers: workers.length });
      let failed = false;
      let left = workers.length;
      if (left === 0) process.exit(0);
      for (const worker of workers) {
        worker.once("exit", (code) => {
          if (code !== 0) failed = true;
          left -= 1;
          if (left === 0) process.exit(failed ? 1 : 0);
        });
        worker.process.kill(signal);
      }
    });
  }
}
