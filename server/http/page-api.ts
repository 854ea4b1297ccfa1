import type { TadaDocumentNode } from "gql.tada";
import type { Context } from "hono";
import type { ApiExecutor, ApiResult } from "../../shared/contracts/graphql-context.ts";
import type { GraphQLContext } from "../graphql/builder.ts";
import { graphQLContext, type GraphQLDeps } from "../graphql/context.ts";
import { createInProcessExecutor, type OperationObserver } from "../graphql/execute.ts";
import { schema } from "../graphql/schema.ts";
import type { Logger } from "../log.ts";
import type { AppEnv } from "./env.ts";
import { isPublicForm } from "./public-forms.ts";
import { requestInfo } from "./request-info.ts";

/**
 * The app's GraphQL operations for one page request, as the person making it: run in this
 * process (ADR 007), with what the session middleware read (the person, their session,
 * the change stamps of ADR 026). The GraphQL context is made once per request, when a
 * loader or action first asks.
 */
export function pageApi(options: {
  deps: GraphQLDeps;
  log: Logger;
  proxyHops: number;
  /** Told of each operation a page runs (the metrics). */
  observe?: OperationObserver;
}): (c: Context<AppEnv>) => ApiExecutor {
  const executeInProcess = createInProcessExecutor(schema, options.log, options.observe);
  return (c) => {
    let context: GraphQLContext | undefined;
    const contextOf = () => {
      const asVisitor = isPublicForm(c.req.path);
      const current = asVisitor ? undefined : c.get("session")?.session;
      return (context ??= graphQLContext(options.deps, {
        actor: asVisitor ? null : c.get("actor"),
        sessionId: current?.id ?? null,
        user: current?.user ?? null,
        stamps: current?.stamps,
        info: requestInfo(c, options.proxyHops),
      }));
    };
    // gql.tada's documents are plain GraphQL ASTs: graphql-js runs them as they are.
    return {
      run: async <Data, Variables extends Record<string, unknown>>(
        document: TadaDocumentNode<Data, Variables>,
        variables: Variables,
      ) => (await executeInProcess.run(document, variables, contextOf())) as ApiResult<Data>,
      submit: async <Data, Variables extends { input: unknown }>(
        document: TadaDocumentNode<Data, Variables>,
        form: FormData,
      ) => (await executeInProcess.submit(document, form, contextOf())) as ApiResult<Data>,
    };
  };
}
