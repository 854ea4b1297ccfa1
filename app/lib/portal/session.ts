import type { ToastInput } from "../toast-store.ts";

/**
 * What the portal's GraphQL client needs from the page, set by the dashboard layout:
 * the session's CSRF token and how to show a toast. Kept apart from the client itself,
 * so the client's code loads only when a page first talks to the API from the browser.
 */
export const portalSession: { csrfToken: string | null; notify: (toast: ToastInput) => void } = {
  csrfToken: null,
  notify: () => undefined,
};
