import { tryQuery } from "../../lib/api.server.ts";
import { graphql } from "../../lib/graphql.ts";
import { publicOrigin } from "../../../shared/contracts/app-config.ts";
import { publicPaths } from "../../../shared/public-paths.ts";
import { releasePagePath } from "../../../shared/release-pages.ts";
import { absoluteUrl } from "../../lib/seo.ts";
import { xmlText } from "../../../shared/xml.ts";
import type { Route } from "./+types/sitemap";

const ReleasePages = graphql(`
  query ReleasePages {
    releasePages {
      product
      versionNumber
      updatedAt
    }
  }
`);

/**
 * The public pages, then each published stable release's page with the day it last
 * changed. Rendered per request (the release pages come and go with the database); a
 * failed read of them still lists the site's own pages.
 */
export async function loader({ context }: Route.LoaderArgs) {
  // The site's own origin (PUBLIC_URL's): the sitemaps protocol allows no other host.
  const origin = publicOrigin(context);
  const releases = await tryQuery(context, ReleasePages, {});
  const entries = [
    ...publicPaths.map((path) => `  <url><loc>${xmlText(absoluteUrl(path, origin))}</loc></url>`),
    ...(releases.ok ? releases.data.releasePages : []).map(
      (page) =>
        `  <url><loc>${xmlText(absoluteUrl(releasePagePath(page.product, page.versionNumber), origin))}</loc><lastmod>${page.updatedAt.slice(0, 10)}</lastmod></url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    status: releases.ok ? 200 : 503,
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": releases.ok ? "public, max-age=300, must-revalidate" : "no-store",
    },
  });
}
