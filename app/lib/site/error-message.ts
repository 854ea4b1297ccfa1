/** Spec §2 "Error screen" and §8: what the error screen says for a given failure. */
export const defaultErrorName = "An error occurred";
export const defaultErrorMessage = "This is not the page you're looking for.";
export const errorPageTitle = "Page not found";
export const errorPageDescription = "We are sorry but this page could not be found.";

export type ErrorScreen = { statusCode: number; name: string; message: string };

export function notFoundMessage(path: string): string {
  return `Page not found: ${path}`;
}

export function validationFailedMessage(path: string): string {
  return `Page Not Found: ${path}`;
}

/** Fills in the defaults, and drops a message that only repeats the name. */
export function errorScreen(input: { statusCode?: number; name?: string; message?: string }): ErrorScreen {
  const name = input.name?.trim() || defaultErrorName;
  const message = input.message?.trim();
  return {
    statusCode: input.statusCode ?? 404,
    name,
    message: !message || message === name ? defaultErrorMessage : message,
  };
}
