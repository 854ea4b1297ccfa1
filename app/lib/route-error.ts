import { data, isRouteErrorResponse } from "react-router";
import { errorScreen, notFoundMessage, validationFailedMessage, type ErrorScreen } from "./site/error-message.ts";

/** The body of a thrown error response: `name` is shown as the heading, `message` below it. */
export type ErrorPayload = { name?: string; message?: string };

/** The address as asked for, query string included: the spec's `{fullPath}`. */
function fullPathOf(url: URL): string {
  return url.pathname + url.search;
}

/** Spec §8 "No route matches": 404, 'Page not found: {fullPath}'. Takes the URL, so no caller can drop the query. */
export function notFound(url: URL) {
  return data<ErrorPayload>({ name: notFoundMessage(fullPathOf(url)) }, { status: 404 });
}

/** Spec §5: a route's validate step failed; 404 unless another status is supplied. */
export function validationFailed(url: URL, status = 404) {
  return data<ErrorPayload>({ name: validationFailedMessage(fullPathOf(url)) }, { status });
}

export function errorScreenFor(error: unknown): ErrorScreen {
  if (isRouteErrorResponse(error)) {
    // React Router's own responses (405 for a method no route handles, and the like) carry developer text.
    if ((error as { internal?: boolean }).internal) return errorScreen({ statusCode: error.status });
    const payload: ErrorPayload =
      typeof error.data === "object" && error.data !== null ? (error.data as ErrorPayload) : {};
    const name = payload.name ?? (typeof error.data === "string" ? error.data : error.statusText);
    return errorScreen({ statusCode: error.status, name, message: payload.message ?? name });
  }
  return errorScreen({
    statusCode: 500,
    name: "Something went wrong",
    message: "The page could not be shown because of a problem on our side. Please try again in a moment.",
  });
}
