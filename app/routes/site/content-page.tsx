import { PageView } from "../../components/site/sections/page-view.tsx";
import { getPage } from "../../lib/site/content.server.ts";
import { productIds, productLine } from "../../../shared/product-line.ts";
import { releaseFeedLinks } from "../../../shared/release-pages.ts";
import { notFound } from "../../lib/route-error.ts";
import type { RouteHandle } from "../../lib/route-handle.ts";
import { publicOrigin } from "../../../shared/contracts/app-config.ts";
import { errorMeta, pageMeta } from "../../lib/seo.ts";
import { site } from "../../lib/brand.ts";
import { structuredData } from "../../lib/site/structured-data.server.ts";
import type { Route } from "./+types/content-page";

export const handle: RouteHandle = { hydrate: false };

export function loader({ url, context }: Route.LoaderArgs) {
  // Prerendering asks for "/about/"; the page is "/about".
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  const page = getPage(path);
  if (!page) throw notFound(url);
  const origin = publicOrigin(context);
  return { page, forcedColorMode: page.colorMode, origin, jsonLd: structuredData(page, origin) };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  if (error) return errorMeta();
  const { page, origin, jsonLd } = loaderData;
  const meta = pageMeta({ title: page.title, description: page.description, path: page.path, origin, jsonLd });
  // A product's page names its release feeds, so a feed reader given the page finds them.
  const product = productIds.find((id) => productLine[id].page === page.path);
  return product ? [...meta, ...releaseFeedLinks(product, site.brand.name)] : meta;
};

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <PageView page={loaderData.page} />;
}
