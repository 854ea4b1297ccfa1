import type { TadaDocumentNode } from "gql.tada";
import { createContext } from "react-router";

/** An error from the API as a page sees it; `fields` holds a validation error's messages by input path. */
export type ApiError = {
  message: string;
  /** VALIDATION_FAILED, NOT_FOUND, UNAUTHENTICATED, FORBIDDEN, CONFLICT, RATE_LIMITED or INTERNAL_SERVER_ERROR. */
  code: string;
  fields?: Record<string, string>;
  path?: readonly (string | number)[];
};

export type ApiResult<Data> = { data: Data | null | undefined; errors?: ApiError[] };

/**
 * Runs one of the app's GraphQL documents for the person making the request, in the
 * server process, against the same schema as /graphql. The server puts one in the
 * router context of every page request (server/http/react-router.ts).
 */
export type ApiExecutor = <Data, Variables extends Record<string, unknown>>(
  document: TadaDocumentNode<Data, Variables>,
  variables: Variables,
) => Promise<ApiResult<Data>>;

export const apiContext = createContext<ApiExecutor | null>(null);
