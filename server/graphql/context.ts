import type { Actor } from "../domain/access.ts";
import type { DomainPorts, RequestInfo } from "../domain/operation.ts";
import type { Database } from "../db/client.ts";
import type { GraphQLContext } from "./builder.ts";
import { createLoaders } from "./loaders.ts";

/** What the server knows for every GraphQL context it makes. */
export type GraphQLDeps = {
  db: Database;
  ports: DomainPorts;
  embeddedIssuer: string | null;
  now?: () => Date;
};

/** The context of one request: over HTTP at /graphql, or in-process for a page's loader or action. */
export function graphQLContext(
  deps: GraphQLDeps,
  request: { actor: Actor | null; sessionId: string | null; info: RequestInfo },
): GraphQLContext {
  const domain = {
    db: deps.db,
    actor: request.actor,
    request: request.info,
    now: deps.now ?? (() => new Date()),
    ports: deps.ports,
  };
  return { domain, sessionId: request.sessionId, loaders: createLoaders(domain), embeddedIssuer: deps.embeddedIssuer };
}
