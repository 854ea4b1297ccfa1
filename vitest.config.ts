import { defineConfig } from "vitest/config";
import { contentPlugin } from "./scripts/vite/content.ts";

export default defineConfig({
  plugins: [contentPlugin()],
  define: { __BUILD_ID__: JSON.stringify("test-build") },
  resolve: {
    // Node loads graphql's CommonJS entry (its package has no "exports"), and so do the
    // libraries that import it; Vite would pick the ES module for our files, and graphql
    // refuses types from two copies of itself.
    alias: [{ find: /^graphql$/, replacement: "graphql/index.js" }],
  },
  test: {
    include: ["{app,content,server,shared,scripts,deploy,tests/support}/**/*.test.{ts,tsx}"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    // Each database test starts its own PGlite (a few seconds on a busy two-core machine).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
