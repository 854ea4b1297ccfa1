import { eq } from "drizzle-orm";
import { users } from "../../server/db/schema/index.ts";
import type { Role } from "../../server/domain/core/access.ts";
import type { User } from "../../server/domain/users/index.ts";
import type { AuthHarness, TestAccount, TestBrowser } from "./auth-harness.ts";

/**
 * GraphQL over real HTTP against /graphql of a running harness: as a browser (its
 * cookie jar, and the session's CSRF token when given), with an Authorization header,
 * or anonymously.
 */

export type GraphQLErrorBody = {
  message: string;
  path?: (string | number)[];
  locations?: { line: number; column: number }[];
  extensions?: { code?: string; fields?: Record<string, string>; [key: string]: unknown };
};

type GraphQLBody<Data> = { data?: Data | null; errors?: GraphQLErrorBody[] };

export type GraphQLRequest = { query: string; variables?: Record<string, unknown>; operationName?: string };

export type GraphQLOptions = {
  /** Sends the request from this browser, with its cookies. */
  browser?: TestBrowser;
  /** The X-CSRF-Token header. */
  csrfToken?: string;
  /** The Authorization header, exactly as given. */
  authorization?: string;
  /** Defaults to application/json. */
  accept?: string;
  /** POST (the default) sends JSON; GET puts the request in the query string. */
  method?: "GET" | "POST";
  headers?: Record<string, string>;
};

export type GraphQLResult<Data> = {
  response: Response;
  status: number;
  /** The raw body, for checks on what must never appear in it. */
  text: string;
  /** The parsed JSON body; empty when the body was not JSON. */
  body: GraphQLBody<Data>;
};

/** The URL of a GET request for this operation. */
function graphqlGetUrl(origin: string, request: GraphQLRequest): URL {
  const url = new URL("/graphql", origin);
  url.searchParams.set("query", request.query);
  if (request.variables) url.searchParams.set("variables", JSON.stringify(request.variables));
  if (request.operationName) url.searchParams.set("operationName", request.operationName);
  return url;
}

export async function graphqlRequest<Data = Record<string, unknown>>(
  origin: string,
  request: GraphQLRequest,
  options: GraphQLOptions = {},
): Promise<GraphQLResult<Data>> {
  const method = options.method ?? "POST";
  const headers = new Headers(options.headers);
  headers.set("accept", options.accept ?? "application/json");
  if (options.csrfToken !== undefined) headers.set("x-csrf-token", options.csrfToken);
  if (options.authorization !== undefined) headers.set("authorization", options.authorization);
  let url: URL;
  let init: RequestInit;
  if (method === "GET") {
    url = graphqlGetUrl(origin, request);
    init = { method, headers };
  } else {
    url = new URL("/graphql", origin);
    headers.set("content-type", "application/json");
    init = { method, headers, body: JSON.stringify(request) };
  }
  const response = options.browser
    ? await options.browser.fetch(url, init)
    : await fetch(url, { ...init, redirect: "manual" });
  const text = await response.text();
  let body: GraphQLBody<Data> = {};
  try {
    body = JSON.parse(text) as GraphQLBody<Data>;
  } catch {
    // Not JSON (a refusal from middleware, or a page): `text` has it.
  }
  return { response, status: response.status, text, body };
}

/** The session's CSRF token, as /auth/session gives it to the browser's pages. */
async function csrfTokenOf(browser: TestBrowser): Promise<string> {
  const response = await browser.fetch("/auth/session");
  const body = (await response.json()) as { signedIn: boolean; csrfToken?: string };
  if (!body.signedIn || !body.csrfToken) throw new Error("the browser is not signed in");
  return body.csrfToken;
}

/** A person signed in through the real sign-in flow, with their browser and helpers to call the API. */
export type SignedInPerson = {
  account: TestAccount;
  browser: TestBrowser;
  csrfToken: string;
  /** Their users row, as it was after the role was set. */
  user: User;
  /** POSTs as this browser, with the session cookie and the right CSRF token. */
  gql: <Data = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: GraphQLOptions,
  ) => Promise<GraphQLResult<Data>>;
};

/**
 * Signs a new person in (the real OIDC flow), then gives them a role by updating their
 * users row directly: fixture setup, not an API call.
 */
export async function signInAs(harness: AuthHarness, role: Role, label: string = role): Promise<SignedInPerson> {
  const account = await harness.newAccount(label);
  const browser = harness.newBrowser();
  const { response } = await harness.signIn(browser, account);
  if (response.status !== 303) throw new Error(`signing in ${account.email} answered ${response.status}`);
  const [user] = await harness.database.db
    .update(users)
    .set({ role })
    .where(eq(users.email, account.email))
    .returning();
  if (!user) throw new Error(`no users row for ${account.email}`);
  const csrfToken = await csrfTokenOf(browser);
  return {
    account,
    browser,
    csrfToken,
    user,
    gql: <Data = Record<string, unknown>>(
      query: string,
      variables?: Record<string, unknown>,
      options: GraphQLOptions = {},
    ) =>
      graphqlRequest<Data>(
        harness.origin,
        { query, ...(variables ? { variables } : {}) },
        { browser, csrfToken, ...options },
      ),
  };
}
