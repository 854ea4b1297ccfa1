import type { Database } from "../../server/db/client.ts";
import type { Actor } from "../../server/domain/core/access.ts";
import type { DomainContext, SignInFailuresPort } from "../../server/domain/core/context.ts";
import { actorFor, type User } from "../../server/domain/users/index.ts";
import { embeddedInvitations, externalInvitations, unreachableProviderSessions } from "../../server/idp/invitations.ts";
import { databaseRateLimits } from "../../server/http/security/rate-limit.ts";
import { externalSignInFailures } from "../../server/idp/sign-in-failures.ts";

export const testPublicUrl = new URL("https://portal.test");

/** The product acting on its own (as seeding does): an admin that is no one's account. */
export const systemAdmin: Actor = {
  id: "00000000-0000-4000-8000-000000000000",
  role: "admin",
  organizationId: null,
  label: "Test setup",
  via: "system",
};

/** A domain context for direct calls to operations, as the server makes one per request. */
export function domainContext(
  db: Database,
  actor: Actor | User | null,
  options: {
    now?: () => Date;
    address?: string;
    userAgent?: string;
    /** With an external provider's invitations: no account, no password to hash (quick, for many invitations). */
    externalProvider?: boolean;
    /** What the identity provider knows of wrong passwords (by default: nothing, as an external one). */
    signInFailures?: SignInFailuresPort;
  } = {},
): DomainContext {
  const asActor = actor && "status" in actor ? actorFor(actor, "session") : actor;
  return {
    db,
    actor: asActor,
    request: { address: options.address ?? "192.0.2.10", userAgent: options.userAgent ?? "Vitest" },
    now: options.now ?? (() => new Date()),
    ports: {
      publicUrl: testPublicUrl,
      invitations: options.externalProvider
        ? externalInvitations(testPublicUrl, new URL("https://idp.example"))
        : embeddedInvitations(testPublicUrl),
      providerSessions: unreachableProviderSessions,
      signInFailures: options.signInFailures ?? externalSignInFailures,
      rateLimits: databaseRateLimits,
    },
  };
}
