import { createContext, type RouterContextProvider } from "react-router";

/**
 * Post/redirect/get with a toast: an action says what happened with `flash()`, then
 * redirects; the server carries the message in a short-lived cookie to the page the
 * redirect lands on, whose layout shows it once.
 */
export type Flash = { title: string; description?: string; color: "success" | "error" | "info" | "warning" };

export type FlashBox = { incoming: Flash | null; outgoing: Flash | null };

export const flashContext = createContext<FlashBox>({ incoming: null, outgoing: null });

export function flash(context: Readonly<RouterContextProvider>, message: Flash): void {
  context.get(flashContext).outgoing = message;
}

/** The message this request arrived with, if any (the server clears it from the browser). */
export function arrivingFlash(context: Readonly<RouterContextProvider>): Flash | null {
  return context.get(flashContext).incoming;
}

export function isFlash(value: unknown): value is Flash {
  if (typeof value !== "object" || value === null) return false;
  const { title, description, color } = value as Record<string, unknown>;
  return (
    typeof title === "string" &&
    title.length <= 300 &&
    (description === undefined || (typeof description === "string" && description.length <= 600)) &&
    (color === "success" || color === "error" || color === "info" || color === "warning")
  );
}
