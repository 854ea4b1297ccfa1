import type { Actor } from "../domain/core/access.ts";
import type { ChangeStamps, DomainContext, DomainPorts, RequestInfo } from "../domain/core/context.ts";
import type { Database } from "../db/client.ts";
import type { User } from "../domain/users/index.ts";
import type { GraphQLContext } from "./builder.ts";
import { createLoaders } from "./loaders.ts";

/** What the server knows for every GraphQL context it makes. */
export type GraphQLDeps = {
  db: Database;
  ports: DomainPorts;
  embeddedIssuer: string | null;
  now?: () => Date;
};

/** The domain's view of one request: who is asking, from where, with the server's ports. */
export function requestDomain(
  deps: GraphQLDeps,
  request: { actor: Actor | null; info: RequestInfo; stamps?: ChangeStamps | undefined },
): DomainContext {
  return {
    db: deps.db,
    actor: request.actor,
    request: request.info,
    now: deps.now ?? (() => new Date()),
    ports: deps.ports,
    stamps: request.stamps,
  };
}

/** The context of one request: over HTTP at /graphql, or in-process for a page's loader or action. */
export function graphQLContext(
  deps: GraphQLDeps,
  request: {
    actor: Actor | null;
    sessionId: string | null;
    info: RequestInfo;
    /** The actor's own row, when the request already read it (with its session or token). */
    user?: User | null;
    /** What the session check read with the session. */
    stamps?: ChangeStamps | undefined;
  },
): GraphQLContext {
  const domain = requestDomain(deps, request);
  const loaders = createLoaders(domain);
  // Everyone may read their own row: the one the session or token just read serves the request.
  if (request.user && request.actor?.id === request.user.id) loaders.user.prime(request.user.id, request.user);
  return { domain, sessionId: request.sessionId, loaders, embeddedIssuer: deps.embeddedIssuer };
}
