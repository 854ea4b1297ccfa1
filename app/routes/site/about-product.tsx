import { redirect } from "react-router";
import { validationFailed } from "../../lib/route-error.ts";
import type { RouteHandle } from "../../lib/route-handle.ts";
import { errorMeta } from "../../lib/seo.ts";
import { productByKey } from "../../lib/brand.ts";
import type { Route } from "./+types/about-product";

export const handle: RouteHandle = { hydrate: false };

/**
 * The footer's /about/{product}: a permanent alias of a known product's page. Any other
 * value fails the route's validation (spec §5), which shows the error screen.
 */
export function loader({ params, url }: Route.LoaderArgs) {
  const product = productByKey(params.product);
  if (!product) throw validationFailed(url);
  return redirect(`/products/${product.key}`, 301);
}

export const meta: Route.MetaFunction = () => errorMeta();

export default function AboutProduct() {
  return null;
}
