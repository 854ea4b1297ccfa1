import type { Config } from "@react-router/dev/config";
import { publicPaths } from "./app/lib/public-paths.ts";

export default {
  ssr: true,
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Public pages and the static resources are rendered once, at build time.
  prerender: {
    paths: [...publicPaths, "/api/search.json", "/sitemap.xml", "/robots.txt"],
    concurrency: 4,
  },
} satisfies Config;
