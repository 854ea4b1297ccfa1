import { createContext, type RouterContextProvider } from "react-router";

/**
 * The public forms' ticket (server/http/security/form-tickets.ts) stands here in a
 * prerendered page; the server puts a fresh one in as it serves the page. A page the
 * server renders itself (after a refused form) gets one from the context.
 */
export const formTicketPlaceholder = "__densara_form_ticket__";

export type FormTicketIssuer = {
  /** A ticket for a form given out now. */
  issue: () => string;
  /**
   * The ticket a refused form goes on with: the one it came with while that still holds
   * (a person who fixes one field and sends again at once is not "too quick"), else a new one.
   */
  reuse: (submitted: string | null) => string;
};

/** Absent while prerendering: the placeholder stands in. */
export const formTicketContext = createContext<FormTicketIssuer | null>(null);

export function formTicket(context: Readonly<RouterContextProvider>): string {
  return context.get(formTicketContext)?.issue() ?? formTicketPlaceholder;
}

export function reusedFormTicket(context: Readonly<RouterContextProvider>, submitted: string | null): string {
  return context.get(formTicketContext)?.reuse(submitted) ?? formTicketPlaceholder;
}
