import type { TadaDocumentNode } from "gql.tada";
import { data, type RouterContextProvider } from "react-router";
import { statusOf } from "./api-errors.ts";
import { apiContext, type ApiError, type ApiExecutor } from "./graphql-context.ts";
import type { ErrorPayload } from "./route-error.ts";

type Context = Readonly<RouterContextProvider>;

function api(context: Context): ApiExecutor {
  const executor = context.get(apiContext);
  if (!executor) throw new Error("the server did not provide the API to this request");
  return executor;
}

/**
 * A loader's query: its data, or the error screen with the status the error's code maps
 * to (a viewer opening an admin page sees 403 with the rule's own words).
 */
export async function query<Data, Variables extends Record<string, unknown>>(
  context: Context,
  document: TadaDocumentNode<Data, Variables>,
  variables: Variables,
): Promise<Data> {
  const result = await api(context)(document, variables);
  const error = result.errors?.[0];
  if (error || result.data === null || result.data === undefined) {
    const status = statusOf(error);
    throw data<ErrorPayload>(
      { name: status === 403 ? "Not allowed" : (error?.message ?? "Something went wrong"), message: error?.message },
      { status },
    );
  }
  return result.data;
}

export type MutationOutcome<Data> = { ok: true; data: Data } | { ok: false; error: ApiError; status: number };

/**
 * An action's mutation, or a loader's query whose failure the page shows in place (a
 * panel about one row): its data, or the error (after a failed mutation nothing changed).
 */
export async function mutate<Data, Variables extends Record<string, unknown>>(
  context: Context,
  document: TadaDocumentNode<Data, Variables>,
  variables: Variables,
): Promise<MutationOutcome<Data>> {
  const result = await api(context)(document, variables);
  const error = result.errors?.[0];
  if (error || result.data === null || result.data === undefined) {
    const failure: ApiError = error ?? { message: "Nothing came back from the server.", code: "INTERNAL_SERVER_ERROR" };
    return { ok: false, error: failure, status: statusOf(failure) };
  }
  return { ok: true, data: result.data };
}

/** A query whose failure the page shows where it happened rather than on the error screen. */
export const tryQuery = mutate;
