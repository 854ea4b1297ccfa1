import { defineConfig } from "vitest/config";
import { contentPlugin } from "./scripts/vite/content.ts";

export default defineConfig({
  plugins: [contentPlugin()],
  test: {
    include: ["{app,content,server,scripts}/**/*.test.{ts,tsx}"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    // Each database test starts its own PGlite (a few seconds on a busy two-core machine).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
