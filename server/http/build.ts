import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { loadBuildFiles, type BuildFile } from "./build-files.ts";
import { loadPrerenderedPages, type PrerenderedPage } from "./prerendered.ts";
import { entryExports } from "./react-router.ts";

/** The production build as the server uses it: React Router's server bundle, the client files and the prerendered pages. */
export type AppBuild = {
  serverBuild: ServerBuild;
  clientDir: string;
  prerendered: ReadonlyMap<string, PrerenderedPage>;
  /** Every client build file in memory, by the address it answers at (ADR 010). */
  files: ReadonlyMap<string, BuildFile>;
};

export class MissingBuildError extends Error {
  override name = "MissingBuildError";
}

export function serverEntryOf(buildDir: string): string {
  return join(resolve(buildDir), "server", "index.js");
}

export async function loadBuild(buildDir: string): Promise<AppBuild> {
  const serverEntry = serverEntryOf(buildDir);
  if (!existsSync(serverEntry)) {
    throw new MissingBuildError(`No production build at ${resolve(buildDir)}. Run "npm run build" first.`);
  }
  const serverBuild = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const clientDir = join(resolve(buildDir), "client");
  return {
    serverBuild,
    clientDir,
    prerendered: await loadPrerenderedPages(clientDir),
    files: await loadBuildFiles(clientDir, entryExports(serverBuild).noncePlaceholder),
  };
}
