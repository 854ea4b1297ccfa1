import { serve } from "@hono/node-server";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { createApp } from "./http/app.ts";
import { loadPrerenderedPages } from "./http/prerendered.ts";
import { createLogger } from "./log.ts";

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

const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
const clientDir = join(buildDir, "client");
const prerendered = await loadPrerenderedPages(clientDir);
const app = createApp({ config, build, clientDir, prerendered, log });

const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
  log.info("listening", { url: config.publicUrl.origin, address: info.address, port: info.port, prerendered: prerendered.size });
});

let stopping = false;
/** Stop accepting connections, let in-flight requests finish, then exit; force it after the timeout. */
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info("shutting down", { signal, timeoutMs: config.shutdownTimeoutMs });
  const force = setTimeout(() => {
    log.warn("shutdown timed out; closing open connections");
    if ("closeAllConnections" in server) server.closeAllConnections();
    process.exit(1);
  }, config.shutdownTimeoutMs);
  force.unref();
  server.close((error) => {
    if (error) log.error("close failed", { error: error.message });
    log.info("stopped");
    process.exit(error ? 1 : 0);
  });
  if ("closeIdleConnections" in server) server.closeIdleConnections();
}

process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
