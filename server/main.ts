/**
 * The process entry (`npm start`). React and React Router pick their production builds
 * from NODE_ENV when they are first loaded, so it is set (to production, unless the
 * environment says otherwise) before anything else is imported. With WEB_CONCURRENCY
 * above 1, this process only supervises that many workers (server/cluster.ts).
 */
process.env.NODE_ENV ??= "production";
const { default: cluster } = await import("node:cluster");
const { ConfigError, loadConfig } = await import("./config.ts");

let workers = 1;
try {
  workers = loadConfig(process.env).workers;
} catch (error) {
  // start.ts reports a bad configuration (and exits) the same way in one process.
  if (!(error instanceof ConfigError)) throw error;
}
if (cluster.isPrimary && workers > 1) {
  const { runPrimary } = await import("./cluster.ts");
  await runPrimary(loadConfig(process.env));
} else {
  await import("./start.ts");
}
export {};
