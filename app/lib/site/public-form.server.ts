import type { TadaDocumentNode } from "gql.tada";
import type { RouterContextProvider } from "react-router";
import { failed, readForm } from "../actions.server.ts";
import { submit } from "../api.server.ts";
import { text } from "../form-data.ts";
import { reusedFormTicket } from "../../../shared/contracts/form-ticket.ts";

/**
 * A public form's action (ADR 028): the mutation's outcome, or the refusal with every word
 * kept and the ticket the form goes on with (its own while it holds, else a fresh one).
 */
export async function sendPublicForm<Data, Variables extends { input: unknown }>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  document: TadaDocumentNode<Data, Variables>,
  intent: string,
) {
  const form = await readForm(request, context);
  const outcome = await submit(context, document, form);
  if (outcome.ok) return { ok: true as const, data: outcome.data };
  const refused = failed(intent, outcome, form);
  refused.data.values.ticket = reusedFormTicket(context, text(form, "ticket") ?? null);
  return { ok: false as const, refused };
}
