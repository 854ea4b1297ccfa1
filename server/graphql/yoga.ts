import { costLimitPlugin } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesPlugin } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthPlugin } from "@escape.tech/graphql-armor-max-depth";
import { useCSRFPrevention } from "@graphql-yoga/plugin-csrf-prevention";
import { useDisableIntrospection } from "@graphql-yoga/plugin-disable-introspection";
import { renderGraphiQL } from "@graphql-yoga/render-graphiql";
import type { GraphQLSchema } from "graphql";
import { createYoga } from "graphql-yoga";
import type { Logger } from "../log.ts";
import type { GraphQLContext } from "./builder.ts";
import { maskError } from "./errors.ts";
import { unexpectedErrorMessage } from "./execute.ts";

/** Limits on what one request may ask for (GraphQL Armor's rules, as Envelop plugins). */
export const queryLimits = { maxDepth: 10, maxAliases: 15, maxCost: 5000 } as const;

/** The request's GraphQL context, plus what GraphiQL needs to send cookie-authenticated requests. */
export type GraphQLServerContext = GraphQLContext & { csrfToken: string | null };

function mayExplore(context: GraphQLServerContext, development: boolean): boolean {
  return development || context.domain.actor?.role === "admin";
}

/**
 * GraphQL over HTTP at /graphql (GraphQL Yoga): POST JSON `{operationName, variables,
 * query}`, or GET for queries; status codes and media types as the GraphQL-over-HTTP
 * draft says. Introspection and GraphiQL are for admins, and for everyone in development.
 */
export function createGraphQLServer(options: { schema: GraphQLSchema; log: Logger; development: boolean }) {
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
    renderGraphiQL,
    plugins: [
      // A cookie-authenticated GET must carry a header a form cannot set (the CSRF token's).
      useCSRFPrevention({ requestHeaders: ["x-csrf-token"] }),
      maxDepthPlugin({ n: queryLimits.maxDepth, ignoreIntrospection: true }),
      maxAliasesPlugin({ n: queryLimits.maxAliases }),
      costLimitPlugin({ maxCost: queryLimits.maxCost, ignoreIntrospection: true }),
      useDisableIntrospection({
        isDisabled: (_request, context) => !mayExplore(context as unknown as GraphQLServerContext, development),
      }),
    ],
  });
}

export type GraphQLServer = ReturnType<typeof createGraphQLServer>;
