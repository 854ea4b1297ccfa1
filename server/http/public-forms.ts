import { formNames } from "../../content/schema.ts";

/**
 * The public site's forms (the contact form; the certification application follows).
 * Whoever sends one, signed in or not, sends it as a visitor: the message is about the
 * person it names, and nothing a session grants is used. So a prerendered page's form,
 * which cannot carry a session's CSRF token, works without JavaScript for everyone, and a
 * forged post borrows nothing (cross-site posts are refused before this anyway).
 */
const publicFormPaths: ReadonlySet<string> = new Set(Object.values(formNames));

export function isPublicForm(path: string): boolean {
  return publicFormPaths.has(path);
}
