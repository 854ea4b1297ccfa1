import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { buildInfoPlugin } from "./scripts/vite/build-info.ts";
import { contentPlugin } from "./scripts/vite/content.ts";
import { enhancePlugin } from "./scripts/vite/enhance.ts";

export default defineConfig({
  plugins: [
    contentPlugin(),
    tailwindcss(),
    reactRouter(),
    enhancePlugin({
      site: "app/enhance/site.ts",
      docs: "app/enhance/docs.ts",
      forms: "app/enhance/forms.ts",
      locations: "app/enhance/locations.ts",
    }),
    buildInfoPlugin(),
  ],
  ssr: {
    // Bundled into the server build, so only the icons the app uses are loaded (the
    // package's CommonJS entry defines all of them, about 1,600, at import).
    noExternal: ["lucide-react"],
  },
  build: {
    // Inline nothing: the CSP allows scripts and fonts from 'self' only, never data: URLs.
    assetsInlineLimit: 0,
  },
});
