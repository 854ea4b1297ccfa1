import { Kind, print, type DocumentNode } from "@0no-co/graphql.web";
import type { TadaDocumentNode } from "gql.tada";
import type { ApiError } from "../../../shared/contracts/graphql-context.ts";

/**
 * The default GraphQL client of the hydrated pages (spec §7, §9): POST JSON
 * `{operationName, variables, query}` to /graphql; no cache unless a call asks for one;
 * a 10000 ms timeout; GET retried once on the statuses below, writes never; any status
 * from 400 to 599 is an error.
 */
const requestTimeoutMs = 10_000;
export const retryStatuses: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];
export const getRetries = 1;
const endpoint = "/graphql";
const cacheResetError = "Error on cache reset";

export type CachePolicy = "no-cache" | "cache-first";

export class ApiRequestError extends Error {
  override name = "ApiRequestError";
  readonly status: number | null;
  readonly errors: ApiError[];
  constructor(message: string, status: number | null, errors: ApiError[] = []) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

/** Spec §6: an explicit token without a scheme word is sent as a Bearer token. */
export function authorizationHeader(token: string): string {
  const trimmed = token.trim();
  return /^\S+\s+\S/.test(trimmed) ? trimmed : `Bearer ${trimmed}`;
}

export function isError(status: number): boolean {
  return status >= 400 && status <= 599;
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** A GraphQL response as it arrives over HTTP: codes and field messages sit in `extensions`. */
type WireError = { message?: unknown; path?: unknown; extensions?: { code?: unknown; fields?: unknown } };
type WireResult<Data> = { data?: Data | null; errors?: WireError[] };

function apiError(error: WireError): ApiError {
  const fields = error.extensions?.fields;
  return {
    message: typeof error.message === "string" ? error.message : "Something went wrong.",
    code: typeof error.extensions?.code === "string" ? error.extensions.code : "INTERNAL_SERVER_ERROR",
    ...(typeof fields === "object" && fields !== null ? { fields: fields as Record<string, string> } : {}),
  };
}

export type ApiClientOptions = {
  fetch?: Fetch;
  /** The session's CSRF token, sent with every request that carries the session cookie. */
  csrfToken?: () => string | null;
  /** For scripts and API clients: a personal access token instead of the session cookie. */
  token?: string;
  /** The session has ended (401): the client has already reset its cache; the page goes on as anonymous. */
  onSessionEnded?: () => void;
  onError?: (message: string, error: unknown) => void;
  /** Where answers asked for "cache-first" are kept; a Map of the page's life by default. */
  cache?: CacheStore;
};

/** What the client needs of a cache. */
export type CacheStore = Pick<Map<string, unknown>, "get" | "set" | "has" | "clear">;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The document's operation: its name, and whether it writes. */
function operationOf(document: DocumentNode): { name: string | undefined; writes: boolean } {
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) {
      return { name: definition.name?.value, writes: (definition.operation as string) !== "query" };
    }
  }
  return { name: undefined, writes: false };
}

export function createApiClient(options: ApiClientOptions = {}) {
  const fetcher: Fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const cache: CacheStore = options.cache ?? new Map<string, unknown>();
  const onError = options.onError ?? ((message, error) => console.error(message, error));

  /** Empties the cache (sign-in, sign-out and an ended session do this); a failure is logged, never thrown. */
  function resetCache(): void {
    try {
      cache.clear();
    } catch (error) {
      onError(cacheResetError, error);
    }
  }

  async function send(method: "GET" | "POST", body: { query: string; variables: unknown; operationName?: string }) {
    const headers = new Headers({ Accept: "application/graphql-response+json, application/json" });
    if (options.token) headers.set("Authorization", authorizationHeader(options.token));
    else {
      const csrf = options.csrfToken?.();
      if (csrf) headers.set("X-CSRF-Token", csrf);
    }
    let url = endpoint;
    // A timer of the page's own (not AbortSignal.timeout): the same clock as everything else the page waits for.
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException("The request took too long.", "TimeoutError")),
      requestTimeoutMs,
    );
    const init: RequestInit = { method, headers, credentials: "same-origin", signal: controller.signal };
    if (method === "GET") {
      const params = new URLSearchParams({ query: body.query, variables: JSON.stringify(body.variables) });
      if (body.operationName) params.set("operationName", body.operationName);
      url = `${endpoint}?${params.toString()}`;
    } else {
      headers.set("Content-Type", "application/json");
      init.body = JSON.stringify(body);
    }
    try {
      const response = await fetcher(url, init);
      // The time limit covers the body too: it ends once the body has been read.
      const body = await response.text();
      return { status: response.status, body };
    } finally {
      clearTimeout(timer);
    }
  }

  async function request<Data, Variables>(
    document: TadaDocumentNode<Data, Variables>,
    variables: Variables,
    config: { method?: "GET" | "POST"; cache?: CachePolicy } = {},
  ): Promise<Data> {
    const operation = operationOf(document);
    const mutation = operation.writes;
    // Writes always go by POST, and are never retried: a retried write could happen twice.
    const method = mutation ? "POST" : (config.method ?? "POST");
    const body = {
      query: print(document),
      variables: variables ?? {},
      ...(operation.name ? { operationName: operation.name } : {}),
    };
    const key = JSON.stringify([body.query, body.variables]);
    const cachePolicy = mutation ? "no-cache" : (config.cache ?? "no-cache");
    if (cachePolicy === "cache-first" && cache.has(key)) return cache.get(key) as Data;

    let attempt = 0;
    for (;;) {
      let response: { status: number; body: string };
      try {
        response = await send(method, body);
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === "TimeoutError";
        throw new ApiRequestError(
          timedOut ? "The server took too long to answer. Please try again." : "The server could not be reached.",
          null,
        );
      }
      if (response.status === 401) {
        resetCache();
        options.onSessionEnded?.();
      }
      if (method === "GET" && retryStatuses.includes(response.status) && attempt < getRetries) {
        attempt += 1;
        continue;
      }
      const payload = parseJson(response.body) as WireResult<Data> | null;
      const errors = (payload?.errors ?? []).map(apiError);
      if (isError(response.status)) {
        throw new ApiRequestError(
          errors[0]?.message ?? `The server answered ${response.status}.`,
          response.status,
          errors,
        );
      }
      if (errors.length > 0 || payload?.data === undefined || payload.data === null) {
        throw new ApiRequestError(errors[0]?.message ?? "Nothing came back from the server.", response.status, errors);
      }
      if (cachePolicy === "cache-first") cache.set(key, payload.data);
      return payload.data;
    }
  }

  return { request, resetCache };
}
