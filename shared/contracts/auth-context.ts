import { createContext } from "react-router";

/**
 * What the server tells the app about the request's signed-in person, and the
 * services the hosted login pages call. These are types and router contexts only;
 * the server fills them in for each request (see server/http/react-router.ts).
 */
type Role = "admin" | "editor" | "viewer";

export type SignedInUser = {
  id: string;
  name: string | null;
  email: string | null;
  picture: string | null;
  role: Role;
};

export type RequestAuth = {
  user: SignedInUser | null;
  /** Goes in every form that writes with the session cookie; checked on the server. */
  csrfToken: string | null;
};

/** Field messages keyed by input name; "form" is about the whole form. */
export type FieldErrors = Partial<Record<"email" | "name" | "password" | "confirm" | "form", string>>;

export type FormOutcome = { ok: true; redirectTo: string } | { ok: false; errors: FieldErrors };

export type InteractionSummary = { uid: string; loginHint: string | undefined; signupAllowed: boolean };

/** The embedded identity provider's hosted pages: every check happens in these calls, on the server. */
export type HostedLogin = {
  /** The sign-in in progress in this browser, or null when it has expired or belongs to another browser. */
  interaction: (uid: string) => Promise<InteractionSummary | null>;
  signIn: (uid: string, input: { email: unknown; password: unknown }) => Promise<FormOutcome>;
  /**
   * Answers the same whoever owns the address: the emailed link finishes a new account,
   * or says the account exists. `email` is the address the mail went to.
   */
  signUp: (
    uid: string,
    input: { name: unknown; email: unknown },
  ) => Promise<{ ok: true; email: string } | { ok: false; errors: FieldErrors }>;
  /** Always answers the same, whether or not the address has an account. */
  requestPasswordReset: (input: { email: unknown }) => Promise<{ ok: true } | { ok: false; errors: FieldErrors }>;
  /** The address a reset link is for, while the link works; `firstPassword` when it finishes a new account. */
  passwordResetFor: (token: string) => Promise<{ email: string; firstPassword: boolean } | null>;
  resetPassword: (
    token: string,
    input: { password: unknown; confirm: unknown },
  ) => Promise<{ ok: true } | { ok: false; errors: FieldErrors; linkExpired?: boolean }>;
};

export const requestAuthContext = createContext<RequestAuth>({ user: null, csrfToken: null });
export const hostedLoginContext = createContext<HostedLogin | null>(null);
