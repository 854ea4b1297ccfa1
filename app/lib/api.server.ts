import type { TadaDocumentNode } from "gql.tada";
import { data, type RouterContextProvider } from "react-router";
import { apiContext, type ApiError, type ApiExecutor, type ApiResult } from "../../shared/contracts/graphql-context.ts";
import type { ErrorPayload } from "./route-error.ts";

type Context = Readonly<RouterContextProvider>;

function api(context: Context): ApiExecutor {
  const executor = context.get(apiContext);
  if (!executor) throw new Error("the server did not provide the API to this request");
  return executor;
}

/**
 * A loader's query: its data, or the error screen with the status the error carries (a
 * viewer opening an admin page sees 403 with the rule's own words).
 */
export async function query<Data, Variables extends Record<string, unknown>>(
  context: Context,
  document: TadaDocumentNode<Data, Variables>,
  variables: Variables,
): Promise<Data> {
  const result = await api(context).run(document, variables);
  const error = result.errors?.[0];
  if (error || result.data === null || result.data === undefined) {
    const status = error?.status ?? 500;
    throw data<ErrorPayload>(
      { name: status === 403 ? "Not allowed" : (error?.message ?? "Something went wrong"), message: error?.message },
      { status },
    );
  }
  return result.data;
}

export type MutationOutcome<Data> = { ok: true; data: Data } | { ok: false; error: ApiError };

function outcomeOf<Data>(result: ApiResult<Data>): MutationOutcome<Data> {
  const error = result.errors?.[0];
  if (error || result.data === null || result.data === undefined) {
    return {
      ok: false,
      error: error ?? { message: "Nothing came back from the server.", code: "INTERNAL_SERVER_ERROR", status: 500 },
    };
  }
  return { ok: true, data: result.data };
}

/**
 * A document whose failure the page shows in place (a mutation, or a query about one
 * row of a panel): its data, or the error (after a failed mutation nothing changed).
 */
export async function mutate<Data, Variables extends Record<string, unknown>>(
  context: Context,
  document: TadaDocumentNode<Data, Variables>,
  variables: Variables,
): Promise<MutationOutcome<Data>> {
  return outcomeOf(await api(context).run(document, variables));
}

/** A query whose failure the page shows where it happened rather than on the error screen. */
export const tryQuery = mutate;

/** A posted form as a mutation's `input` (the server reads and checks every field). */
export async function submit<Data, Variables extends { input: unknown }>(
  context: Context,
  document: TadaDocumentNode<Data, Variables>,
  form: FormData,
): Promise<MutationOutcome<Data>> {
  return outcomeOf(await api(context).submit(document, form));
}
