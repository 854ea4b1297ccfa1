import { notFound } from "../../lib/route-error.ts";
import type { RouteHandle } from "../../lib/route-handle.ts";
import { errorMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/not-found";

/** Spec §2 "Not found": any path no other route matches. */
export const handle: RouteHandle = { hydrate: false };

export function loader({ url }: Route.LoaderArgs): never {
  throw notFound(url);
}

export const meta: Route.MetaFunction = () => errorMeta();

export default function NotFound() {
  return null;
}
