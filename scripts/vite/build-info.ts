import { randomBytes } from "node:crypto";
import type { Plugin } from "vite";

/**
 * Gives each build an id, compiled into the app as `__BUILD_ID__`, and writes the
 * files the running portal polls (spec §7): `builds/latest.json` and
 * `builds/meta/{id}.json` in the client build. BUILD_ID (a commit hash, say) names it;
 * otherwise the time and a few random characters do.
 */
export function buildInfoPlugin(): Plugin {
  const timestamp = Date.now();
  const id =
    process.env.BUILD_ID?.replace(/[^\w-]/g, "").slice(0, 64) ||
    `${timestamp.toString(36)}-${randomBytes(3).toString("hex")}`;
  let command: "build" | "serve" = "build";
  return {
    name: "densara:build-info",
    config: () => ({ define: { __BUILD_ID__: JSON.stringify(id) } }),
    configResolved(config) {
      command = config.command;
    },
    generateBundle() {
      if (command !== "build" || this.environment.name !== "client") return;
      const info = JSON.stringify({ id, timestamp });
      this.emitFile({ type: "asset", fileName: `builds/meta/${id}.json`, source: info });
      // The newest build is announced last, after its meta file.
      this.emitFile({ type: "asset", fileName: "builds/latest.json", source: info });
    },
  };
}
