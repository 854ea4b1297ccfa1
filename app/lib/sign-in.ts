import { redirect, type RouterContextProvider } from "react-router";
import { requestAuthContext, type SignedInUser } from "../../shared/contracts/auth-context.ts";

/** Sign-in brings the visitor back to the page they were on. */
export function signInHref(pathWithSearch: string) {
  return `/auth/login?returnTo=${encodeURIComponent(pathWithSearch)}`;
}

/**
 * The signed-in person, or a redirect to sign in that brings them back to this exact
 * URL. Route middleware calls it before any loader runs, so a signed-out request,
 * including React Router's `.data` requests, never reaches protected data.
 */
export function requireUser(context: Readonly<RouterContextProvider>, url: URL): SignedInUser {
  const { user } = context.get(requestAuthContext);
  if (!user) throw redirect(signInHref(`${url.pathname}${url.search}`));
  return user;
}
