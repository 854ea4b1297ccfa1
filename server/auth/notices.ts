/**
 * Messages a sign-in or sign-out leaves for the next page, which shows them as a toast.
 * Only these codes travel (in a short-lived HttpOnly cookie); the words stay here.
 */
export const authNotices = {
  "signin-state": "Sign-in could not be completed because the request did not match. Please sign in again.",
  "signin-expired": "Your sign-in took too long and expired. Please sign in again.",
  "signin-refused": "The sign-in service did not sign you in. Please try again.",
  "signin-failed": "Sign-in could not be completed. Please try again.",
  "signin-too-many": "Too many sign-ins were started from your network. Please wait a few minutes and try again.",
  "signin-unavailable": "Sign-in is not available right now. Please try again in a few minutes.",
  "signin-return-elsewhere":
    "That sign-in link would have sent you on to another site afterwards, so it was stopped. Sign in from this site instead.",
  "signin-return-protocol":
    "That sign-in link held an address of a kind a page may not open, so it was stopped. Sign in from this site instead.",
  "account-disabled": "Your account is disabled. Please contact your administrator.",
  "signout-expired": "That sign-out form had expired, so you are still signed in. Please choose Sign out again.",
} as const;

export type AuthNotice = keyof typeof authNotices;

export function isAuthNotice(value: unknown): value is AuthNotice {
  return typeof value === "string" && Object.hasOwn(authNotices, value);
}
