import { createContext, type RouterContextProvider } from "react-router";
import { isToastIconName, type ToastAvatar, type ToastIconName } from "./toast.ts";

/**
 * Post/redirect/get with a toast: an action says what happened with `flash()`, then
 * redirects; the server carries the message in a short-lived cookie to the page the
 * redirect lands on, whose layout shows it once.
 */
export type Flash = {
  title: string;
  description?: string;
  color: "success" | "error" | "info" | "warning";
  icon?: ToastIconName;
  /** Only a picture this site serves (a path on it), never another site's address. */
  avatar?: ToastAvatar;
};

export type FlashBox = { incoming: Flash | null; outgoing: Flash | null };

export const flashContext = createContext<FlashBox>({ incoming: null, outgoing: null });

export function flash(context: Readonly<RouterContextProvider>, message: Flash): void {
  context.get(flashContext).outgoing = message;
}

/** The message this request arrived with, if any (the server clears it from the browser). */
export function arrivingFlash(context: Readonly<RouterContextProvider>): Flash | null {
  return context.get(flashContext).incoming;
}

function isOwnPicture(value: unknown): value is ToastAvatar {
  if (typeof value !== "object" || value === null) return false;
  const { src, alt } = value as Record<string, unknown>;
  return (
    typeof src === "string" && /^\/(?![/\\])[^\s]{0,500}$/.test(src) && typeof alt === "string" && alt.length <= 200
  );
}

export function isFlash(value: unknown): value is Flash {
  if (typeof value !== "object" || value === null) return false;
  const { title, description, color, icon, avatar } = value as Record<string, unknown>;
  return (
    typeof title === "string" &&
    title.length <= 300 &&
    (description === undefined || (typeof description === "string" && description.length <= 600)) &&
    (color === "success" || color === "error" || color === "info" || color === "warning") &&
    (icon === undefined || isToastIconName(icon)) &&
    (avatar === undefined || isOwnPicture(avatar))
  );
}

/** A toast about a person shows their picture, or the person icon when they have none. */
export function aboutPerson(person: { picture: string | null }): Pick<Flash, "icon" | "avatar"> {
  return person.picture ? { avatar: { src: person.picture, alt: "" } } : { icon: "user" };
}
