import type { Config } from "@react-router/dev/config";
import { livePaths, publicPaths } from "./shared/public-paths.ts";

export default {
  ssr: true,
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Public pages and the static resources are rendered once, at build time; the pages that
  // show the database are rendered by the server (ADR 029), and the sitemap, which lists
  // the release pages, per request.
  prerender: {
    paths: [...publicPaths.filter((path) => !livePaths.includes(path)), "/api/search.json", "/robots.txt"],
    concurrency: 4,
  },
} satisfies Config;
