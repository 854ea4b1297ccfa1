import { notFound } from "../../lib/route-error.ts";
import type { RouteHandle } from "../../lib/route-handle.ts";
import { requireUser } from "../../lib/sign-in.ts";
import type { Route } from "./+types/not-found";

/**
 * Login-required paths without a page yet: a signed-out visitor is sent to sign in
 * (and brought back to this exact URL); a signed-in one gets the spec's 404 screen.
 */
export const handle: RouteHandle = { hydrate: false };

export function loader({ context, url }: Route.LoaderArgs): never {
  requireUser(context, url);
  throw notFound(url);
}

export default function LoginRequiredNotFound() {
  return null;
}
