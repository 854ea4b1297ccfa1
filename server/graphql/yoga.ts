import { costLimitPlugin } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesPlugin } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthPlugin } from "@escape.tech/graphql-armor-max-depth";
import { useCSRFPrevention } from "@graphql-yoga/plugin-csrf-prevention";
import { useDisableIntrospection } from "@graphql-yoga/plugin-disable-introspection";
import { getOperationAST, GraphQLError, type DocumentNode, type GraphQLSchema, type ValidationContext } from "graphql";
import { createYoga, type Plugin } from "graphql-yoga";
import type { Logger } from "../log.ts";
import type { GraphQLContext } from "./builder.ts";
import { maskError } from "./errors.ts";
import { unexpectedErrorMessage, type OperationObserver } from "./execute.ts";

/** Limits on what one request may ask for (GraphQL Armor's rules, as Envelop plugins). */
export const queryLimits = { maxDepth: 10, maxAliases: 15, maxCost: 5000 } as const;

/** The request's GraphQL context, plus what GraphiQL needs to send cookie-authenticated requests. */
export type GraphQLServerContext = GraphQLContext & { csrfToken: string | null };

function mayExplore(context: GraphQLServerContext, development: boolean): boolean {
  return development || context.domain.actor?.role === "admin";
}

/**
 * GraphQL Armor's limits, reported as validation errors rather than thrown: the request
 * then gets the status GraphQL over HTTP gives an invalid request (400 with
 * application/graphql-response+json), not the answer to a fault.
 */
const reported = {
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) => {
      context?.reportError(error);
    },
  ],
};

/**
 * A cookie-authenticated GET or multipart request must carry a header a form cannot set
 * (the CSRF token's). A request with an Authorization header authenticates by its token
 * alone, and a browser cannot send one across sites without CORS, which is off: it needs
 * no such header.
 */
function csrfPreventionForCookies(): Plugin {
  const prevention = useCSRFPrevention({ requestHeaders: ["x-csrf-token"] });
  return {
    onRequestParse(payload) {
      if (payload.request.headers.has("authorization")) return;
      return prevention.onRequestParse?.(payload);
    },
  };
}

/** graphql-js's "Did you mean …?" names fields and values: only for those who may read the schema anyway. */
function withoutSuggestions<E extends Error>(error: E): E | GraphQLError {
  const message = error.message.replace(/ ?Did you mean [^?]*\?/g, "");
  if (message === error.message) return error;
  const found = error instanceof GraphQLError ? error : undefined;
  return new GraphQLError(message, { nodes: found?.nodes, path: found?.path, extensions: found?.extensions });
}

function suggestionsForExplorers(development: boolean): Plugin<GraphQLServerContext> {
  return {
    onValidate({ context }) {
      return ({ result, setResult }) => {
        if (!mayExplore(context, development)) setResult(result.map((error: Error) => withoutSuggestions(error)));
      };
    },
    onExecute({ args }) {
      return {
        onExecuteDone({ result, setResult }) {
          const context = args.contextValue as GraphQLServerContext;
          if (mayExplore(context, development) || !("errors" in result) || !result.errors) return;
          setResult({ ...result, errors: result.errors.map(withoutSuggestions) });
        },
      };
    },
  };
}

/**
 * GraphQL over HTTP at /graphql (GraphQL Yoga): POST JSON `{operationName, variables,
 * query}`, or GET for queries; status codes and media types as the GraphQL-over-HTTP
 * draft says. Introspection and GraphiQL are for admins, and for everyone in development.
 */
/** Each executed operation told to `observe` with its timing (the metrics, ADR 032); subscriptions and streams are not timed. */
function timedOperations(observe: OperationObserver): Plugin {
  return {
    onExecute({ args }) {
      const started = performance.now();
      // Envelop types the execution's arguments loosely; these two are graphql-js's.
      const { document, operationName } = args as { document: DocumentNode; operationName?: string | null };
      const operation = getOperationAST(document, operationName);
      return {
        onExecuteDone({ result }) {
          if (Symbol.asyncIterator in result) return;
          observe(
            operation?.name?.value,
            operation?.operation ?? "query",
            Boolean(result.errors?.length),
            (performance.now() - started) / 1000,
          );
        },
      };
    },
  };
}

export function createGraphQLServer(options: {
  schema: GraphQLSchema;
  log: Logger;
  development: boolean;
  observe?: OperationObserver;
}) {
  const { schema, log, development } = options;
  return createYoga<GraphQLServerContext>({
    schema,
    graphqlEndpoint: "/graphql",
    landingPage: false,
    logging: false,
    cors: false,
    batching: false,
    maskedErrors: {
      maskError: (error) => {
        const masked = maskError(error, unexpectedErrorMessage);
        if (masked.extensions.code === "INTERNAL_SERVER_ERROR") {
          const cause = (error as { originalError?: Error }).originalError ?? error;
          log.error("GraphQL request failed", {
            error: cause instanceof Error ? (cause.stack ?? cause.message) : String(cause),
          });
        }
        return masked;
      },
    },
    graphiql: (_request, context) =>
      mayExplore(context, development)
        ? {
            title: "Densara API",
            defaultQuery: "query Viewer {\n  viewer {\n    user { name email role }\n  }\n}\n",
            headers: context.csrfToken ? JSON.stringify({ "X-CSRF-Token": context.csrfToken }) : undefined,
          }
        : false,
    // GraphiQL's page is a 9 MB module: loaded when someone first opens it, not by every server at start.
    renderGraphiQL: async (options) => (await import("@graphql-yoga/render-graphiql")).renderGraphiQL(options),
    plugins: [
      csrfPreventionForCookies(),
      maxDepthPlugin({ n: queryLimits.maxDepth, ignoreIntrospection: true, ...reported }),
      maxAliasesPlugin({ n: queryLimits.maxAliases, ...reported }),
      costLimitPlugin({ maxCost: queryLimits.maxCost, ignoreIntrospection: true, ...reported }),
      suggestionsForExplorers(development),
      useDisableIntrospection({
        isDisabled: (_request, context) => !mayExplore(context as unknown as GraphQLServerContext, development),
      }),
      ...(options.observe ? [timedOperations(options.observe)] : []),
    ],
  });
}

export type GraphQLServer = ReturnType<typeof createGraphQLServer>;
