import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { createApp } from "./http/app.ts";
import { loadPrerenderedPages } from "./http/prerendered.ts";
import { startHttpServer } from "./http/serve.ts";
import { createLogger } from "./log.ts";
import { logTransport, smtpTransport, startOutboxWorker } from "./mail/outbox.ts";

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const log = createLogger(config.logLevel);
const buildDir = resolve(config.buildDir);
const serverEntry = join(buildDir, "server", "index.js");
if (!existsSync(serverEntry)) {
  console.error(`No production build at ${buildDir}. Run "npm run build" first.`);
  process.exit(1);
}

// The database comes first: every process migrates under an advisory lock before serving.
if (!config.databaseUrl && !config.dataDir.startsWith("memory://")) await mkdir(config.dataDir, { recursive: true });
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  onConnectionError: (error) => log.warn("database connection lost; the pool will reconnect", { error: error.message }),
});
await migrateDatabase(database);
log.info("database ready", { kind: database.kind, ...(database.kind === "pglite" ? { dataDir: config.dataDir } : {}) });

const mailTransport = config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : logTransport(log);
const outboxWorker = startOutboxWorker(database.db, mailTransport, { from: config.mail.from, intervalMs: 5_000, log });

const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
const clientDir = join(buildDir, "client");
const prerendered = await loadPrerenderedPages(clientDir);
const app = createApp({ config, build, clientDir, prerendered, log });

const running = await startHttpServer({
  fetch: app.fetch,
  host: config.host,
  port: config.port,
  shutdownTimeoutMs: config.shutdownTimeoutMs,
  log,
});
log.info("listening", {
  url: config.publicUrl.origin,
  address: running.address.address,
  port: running.address.port,
  prerendered: prerendered.size,
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    void running
      .shutdown(signal)
      .then(async (outcome) => {
        await outboxWorker.stop();
        await database.close();
        return outcome;
      })
      .then((outcome) => process.exit(outcome === "drained" ? 0 : 1));
  });
}
