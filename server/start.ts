import { mkdir } from "node:fs/promises";
import { loadConfigOrExit } from "./config.ts";
import { createFirstAdministrator, fillWithDemoData, firstStartApart, isFirstEmbeddedStart } from "./first-start.ts";
import { openDatabase } from "./db/client.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { carryPicturesIntoStore } from "./domain/users/index.ts";
import { indexUnindexedDocs } from "./domain/docs/search-index.ts";
import { loadBuild, MissingBuildError, type AppBuild } from "./http/build.ts";
import { startHttpServer } from "./http/serve.ts";
import { createServer, refreshKeptPages } from "./http/server.ts";
import { createLogger } from "./log.ts";
import { startMetricsServer } from "./http/metrics-route.ts";
import { backupSocketName, serveBackups } from "./backup/socket.ts";
import { writeBackup } from "./backup/snapshot.ts";
import { join } from "node:path";
import { collectStartupGarbage, missingAllocatorSettings, missingNodeFlags, serverStartCommand } from "./node-flags.ts";
import { logTransport, smtpTransport, startOutboxWorker } from "./mail/outbox.ts";
import { describeFileStore, openFileStore } from "./storage/open.ts";
import { closeRenderPool, configureRenderPool } from "./markdown/pool.ts";

const config = loadConfigOrExit();
const log = createLogger(config.logLevel);
// Markdown is laid out in threads of its own, started with the first render (ADR 037).
configureRenderPool({
  budgetMs: config.renderBudgetMs,
  ...(config.renderThreads ? { threads: config.renderThreads } : {}),
});
// Counted only when someone can read the figures: a token for /metrics, or a port of its own (ADR 032).
// prom-client is loaded only then: a server that counts nothing holds none of it.
const metrics =
  config.metrics.token || config.metrics.port
    ? (await import("./metrics.ts")).createMetrics({ workers: config.workers })
    : undefined;

let build: AppBuild;
try {
  build = await loadBuild(config.buildDir);
} catch (error) {
  if (!(error instanceof MissingBuildError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// The database comes next: every process migrates under an advisory lock before serving.
if (!config.databaseUrl && !config.dataDir.startsWith("memory://")) await mkdir(config.dataDir, { recursive: true });
// A new embedded database is prepared and filled by a short-lived process (./first-start.ts).
if (isFirstEmbeddedStart(config)) await firstStartApart(log);
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  onConnectionError: (error) => log.warn("database connection lost; the pool will reconnect", { error: error.message }),
  ...(metrics ? { onQuery: metrics.query } : {}),
});
await migrateDatabase(database);
log.info("database ready", { kind: database.kind, ...(database.kind === "pglite" ? { dataDir: config.dataDir } : {}) });

// Then the file store; pictures still kept in the database (before ADR 021) move into it.
const files = await openFileStore(config);
log.info("file store ready", describeFileStore(config));
try {
  const carried = await carryPicturesIntoStore(database.db, files, new Date());
  if (carried > 0) log.info("carried profile pictures from the database into the file store", { carried });
} catch (error) {
  // Those left behind are carried at the next start; until then they are not shown.
  log.warn("carrying profile pictures into the file store failed; the next start tries again", {
    error: error instanceof Error ? error.message : String(error),
  });
}

// Docs published before the search index had them (or by an older way of indexing) are indexed now.
try {
  const indexed = await indexUnindexedDocs(database.db);
  if (indexed > 0) log.info("indexed published docs for the docs search", { indexed });
} catch (error) {
  // Those left are indexed at the next start; until then a code or a mistyped word does not find them.
  log.warn("indexing docs for the docs search failed; the next start tries again", {
    error: error instanceof Error ? error.message : String(error),
  });
}

const mailTransport = config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : logTransport(log);
const outboxWorker = startOutboxWorker(database.db, mailTransport, {
  from: config.mail.from,
  intervalMs: 5_000,
  log,
  ...(metrics ? { delivered: metrics.mail } : {}),
});

const server = await createServer({
  config,
  database,
  files,
  build,
  log,
  mailQueued: outboxWorker.nudge,
  ...(metrics ? { metrics } : {}),
});

if (server.embedded) await createFirstAdministrator(database.db, config, log);

// A newcomer's first start on the embedded database shows a living portal (once; DEMO_DATA=false turns it off).
// After the first administrator: that account is made only while the provider has none.
if (database.kind === "pglite" && config.demoData) await fillWithDemoData(database.db, config, files, log);

// Ended sessions and abandoned sign-ins are swept now and then, by whichever process gets there.
const sweeper = setInterval(() => {
  server
    .sweep()
    .catch((error: unknown) =>
      log.warn("sweeping ended sessions failed", { error: error instanceof Error ? error.message : String(error) }),
    );
}, 15 * 60_000);
sweeper.unref();

// The public pages that show the database follow it: a change on any process shows within a second (ADR 029).
const stopWatching = server.livePages.watch();
// So does the end of a session, for the session checks answered from memory (ADR 034).
const sessionChanges = server.hearSessionChanges();

// The internal metrics port: with workers, the primary serves it for all of them (server/cluster.ts).
const metricsServer =
  metrics && config.metrics.port !== undefined && config.workers === 1
    ? await startMetricsServer({ metrics, host: config.metrics.host, port: config.metrics.port, log })
    : undefined;

// `npm run backup` asks this process for the embedded database's snapshot: it owns the folder (ADR 033).
const backups =
  database.kind === "pglite" && !config.dataDir.startsWith("memory://")
    ? await serveBackups({
        path: join(config.dataDir, backupSocketName),
        backup: (to) => writeBackup({ database, files, to }),
        log,
      })
    : undefined;

const running = await startHttpServer({
  fetch: server.fetch,
  before: server.answerBuildFile,
  host: config.host,
  port: config.port,
  shutdownGraceMs: config.shutdownGraceMs,
  shutdownTimeoutMs: config.shutdownTimeoutMs,
  log,
});

// A second signal (a supervisor that signals the whole process group, and the cluster's
// primary too) must not cut the drain short: the shutdown runs once, whoever asks.
let stopping: Promise<void> | undefined;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    // Unready first: a load balancer that asks `/readyz` stops sending here while the drain runs.
    server.drain();
    stopping ??= running
      .shutdown(signal)
      .then(async (outcome) => {
        clearInterval(sweeper);
        stopWatching();
        await sessionChanges.stop();
        metricsServer?.server.close();
        backups?.close();
        await outboxWorker.stop();
        await closeRenderPool();
        await database.close();
        await files.close();
        return outcome;
      })
      .then((outcome) => process.exit(outcome === "drained" ? 0 : 1));
  });
}

// Said once the signal handlers are in place: a supervisor may stop the server as soon as it reads this.
log.info("listening", {
  url: config.publicUrl.origin,
  address: running.address.address,
  port: running.address.port,
  prerendered: build.prerendered.size,
  pid: process.pid,
});
// The process speaks plain http: on an https site, only a trusted proxy can say a visitor came over https (ADR 042).
if (config.https && !config.trustProxy) {
  log.warn(
    "PUBLIC_URL is https and TRUST_PROXY is off: every request but /healthz, /readyz and /metrics is sent to https",
    {
      fix: "set TRUST_PROXY to the number of proxies in front; the one that ends TLS must send X-Forwarded-Proto",
    },
  );
}
// Pages of the docs an older renderer made (before this deploy) are made again, in the background.
void refreshKeptPages(database.db, log);
// Start-up's garbage would stay resident until traffic wakes V8's memory reducer (ADR 027).
collectStartupGarbage();
const missing = [...missingNodeFlags(), ...missingAllocatorSettings()];
if (missing.length > 0) {
  log.info(
    "started without the server's Node flags or allocator settings (npm start gives them): it holds more memory",
    {
      missing: missing.join(" "),
      start: serverStartCommand,
    },
  );
}
