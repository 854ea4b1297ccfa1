import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { idpAccounts } from "../db/schema/index.ts";
import type { InvitationPort, ProviderSessionsPort } from "../domain/core/context.ts";
import { endProviderSessionsOf } from "./adapter.ts";
import { embeddedProviderPath } from "./provider.ts";
import { issuePasswordLink } from "./password-resets.ts";
import { hashPassword } from "./passwords.ts";

/**
 * With the embedded provider, an invited person gets an account there, with a password
 * nobody knows and a link to choose their own (a reset link that lasts as long as the
 * invitation). Following it proves the address, so their first sign-in takes the
 * invitation's role and organization.
 */
export function embeddedInvitations(publicUrl: URL): InvitationPort {
  return {
    async prepare(tx: Database, invitee) {
      const [existing] = await tx
        .select({ id: idpAccounts.id })
        .from(idpAccounts)
        .where(sql`lower(${idpAccounts.email}) = ${invitee.email}`)
        .limit(1);
      let accountId = existing?.id;
      if (!accountId) {
        const [created] = await tx
          .insert(idpAccounts)
          .values({
            email: invitee.email,
            name: invitee.name ?? invitee.email,
            passwordHash: await hashPassword(randomBytes(32).toString("base64url")),
          })
          .returning({ id: idpAccounts.id });
        accountId = created?.id;
      }
      if (!accountId) throw new Error("the invited account was not created");
      const token = await issuePasswordLink(tx, accountId, invitee.invitedAt, invitee.expiresAt);
      const link = new URL(`${embeddedProviderPath}/password/reset/${token}`, publicUrl).href;
      return [
        "Choose your password with this link:",
        "",
        link,
        "",
        `Then sign in at ${new URL("/dashboard", publicUrl).href} with ${invitee.email} and that password.`,
      ].join("\n");
    },
  };
}

/** With an external provider, the invited person signs in there with the invited address. */
export function externalInvitations(publicUrl: URL, issuer: URL): InvitationPort {
  return {
    prepare(_tx, invitee) {
      return Promise.resolve(
        [
          `Sign in at ${new URL("/dashboard", publicUrl).href} with your ${issuer.host} account for ${invitee.email}.`,
          "Your access is set up as soon as you sign in with that address.",
        ].join("\n"),
      );
    },
  };
}

/** The embedded provider's sessions of a person who signs in there (an external provider's are out of reach). */
export function embeddedProviderSessions(issuer: string): ProviderSessionsPort {
  return {
    async endFor(tx, person) {
      if (person.issuer === issuer && person.subject) await endProviderSessionsOf(tx, person.subject);
    },
  };
}

export const unreachableProviderSessions: ProviderSessionsPort = { endFor: () => Promise.resolve() };
