import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { serverEntryOf } from "../../server/http/build.ts";
import { dropPostgresTemplates } from "./databases.ts";

/** The newest modification time of any file under these folders. */
function newestChange(paths: string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    const stats = statSync(path);
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else {
      newest = Math.max(newest, stats.mtimeMs);
    }
  };
  for (const path of paths) if (existsSync(path)) visit(path);
  return newest;
}

/**
 * Before the tests: the production build. After them: the test databases' templates.
 *
 * The HTTP integration tests serve the production build through `createServer`, as the
 * real server does. A build that is missing, or older than the app's sources, is made
 * first (a few seconds), so a test never runs against pages that no longer exist.
 */
export default function setup(): () => Promise<void> {
  ensureProductionBuild();
  return dropPostgresTemplates;
}

function ensureProductionBuild(): void {
  const buildDir = process.env.BUILD_DIR ?? "build";
  const entry = serverEntryOf(buildDir);
  const sources = ["app", "content", "react-router.config.ts", "vite.config.ts"];
  if (existsSync(entry) && statSync(entry).mtimeMs >= newestChange(sources)) return;
  console.log(`building ${buildDir} for the HTTP integration tests…`);
  // Vitest sets NODE_ENV=test; a build made with it carries React's development checks,
  // which the end-to-end tests then meet as console errors. Build as `npm run build` would.
  execFileSync("npm", ["run", "build"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
}
