import { data, redirect, type RouterContextProvider } from "react-router";
import { requestAuthContext, type SignedInUser } from "./auth-context.ts";

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

/** A write with the session cookie must carry the session's CSRF token (checked here, on the server). */
export function requireCsrf(context: Readonly<RouterContextProvider>, form: FormData): void {
  const expected = context.get(requestAuthContext).csrfToken;
  const given = form.get("csrf");
  if (!expected || typeof given !== "string" || !sameText(given, expected)) {
    throw data(
      { message: "This form had expired, so nothing was changed. Reload the page and try again." },
      { status: 403 },
    );
  }
}

/** Compares in time that depends only on the length, so the token cannot be guessed byte by byte. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
