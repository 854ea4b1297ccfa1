import { publicOrigin } from "../../lib/app-config.ts";
import { publicPaths } from "../../lib/public-paths.ts";
import { absoluteUrl } from "../../lib/seo.ts";
import { xmlText } from "../../lib/xml.ts";
import type { Route } from "./+types/sitemap";

/** Every public page at the site's own origin (PUBLIC_URL's; the sitemaps protocol allows no other host). */
export function loader({ context }: Route.LoaderArgs) {
  const origin = publicOrigin(context);
  const urls = publicPaths.map((path) => `  <url><loc>${xmlText(absoluteUrl(path, origin))}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
