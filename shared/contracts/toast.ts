/** What a toast may show, the same from the server (a flash) and in the browser. */

/**
 * The icons a toast may name (spec §3 `icon`), the same in the portal and on the public
 * pages: each toaster draws them from the one bundled icon set (nothing is fetched).
 */
export const toastIconNames = [
  "circle-check",
  "circle-alert",
  "triangle-alert",
  "info",
  "mail",
  "key",
  "log-out",
  "user",
] as const;
export type ToastIconName = (typeof toastIconNames)[number];

export function isToastIconName(value: unknown): value is ToastIconName {
  return typeof value === "string" && (toastIconNames as readonly string[]).includes(value);
}

/** A picture drawn in place of the icon, usually the person the toast is about; alt "" when the title names them. */
export type ToastAvatar = { src: string; alt: string };
