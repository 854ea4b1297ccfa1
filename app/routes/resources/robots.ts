import { publicOrigin } from "../../../shared/contracts/app-config.ts";
import { absoluteUrl } from "../../lib/seo.ts";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /docs",
    "Disallow: /auth/",
    `Sitemap: ${absoluteUrl("/sitemap.xml", publicOrigin(context))}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
