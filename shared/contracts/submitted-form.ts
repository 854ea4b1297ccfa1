import { createContext } from "react-router";

/**
 * The form a write carried, when the server already read it (the CSRF check reads a
 * cookie-authenticated form's `csrf` field): the route's action takes it from here, so a
 * body is read once (`readForm`). Null when the server did not read it (a public form, a
 * hosted sign-in page, a write with the token in a header): the action reads the request.
 */
export const submittedFormContext = createContext<FormData | null>(null);
