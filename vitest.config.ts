import { defineConfig } from "vitest/config";
import { contentPlugin } from "./scripts/vite/content.ts";

export default defineConfig({
  plugins: [contentPlugin()],
  test: {
    include: ["{app,content,server,scripts}/**/*.test.{ts,tsx}"],
    environment: "node",
  },
});
