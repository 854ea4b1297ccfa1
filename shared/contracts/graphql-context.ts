import type { TadaDocumentNode } from "gql.tada";
import { createContext } from "react-router";

/** An error from the API as a page sees it; `fields` holds a validation error's messages by input path. */
export type ApiError = {
  message: string;
  /** VALIDATION_FAILED, NOT_FOUND, UNAUTHENTICATED, FORBIDDEN, CONFLICT, RATE_LIMITED, UNAVAILABLE or INTERNAL_SERVER_ERROR. */
  code: string;
  /** The HTTP status of the code, from the server's one error table (given on the server's in-process path). */
  status?: number;
  fields?: Record<string, string>;
  path?: readonly (string | number)[];
};

export type ApiResult<Data> = { data: Data | null | undefined; errors?: ApiError[] };

/**
 * Runs the app's GraphQL documents for the person making the request, in the server
 * process, against the same schema as /graphql. The server puts one in the router
 * context of every page request (server/http/react-router.ts).
 */
export type ApiExecutor = {
  /** A document with its variables. */
  run: <Data, Variables extends Record<string, unknown>>(
    document: TadaDocumentNode<Data, Variables>,
    variables: Variables,
  ) => Promise<ApiResult<Data>>;
  /**
   * A mutation taking `$input`, with a posted form as its input: the server reads the form
   * against the input type (made from the operation's own schema), so the page never
   * parses a field itself, and a field or value it does not take is refused.
   */
  submit: <Data, Variables extends { input: unknown }>(
    document: TadaDocumentNode<Data, Variables>,
    form: FormData,
  ) => Promise<ApiResult<Data>>;
};

export const apiContext = createContext<ApiExecutor | null>(null);
