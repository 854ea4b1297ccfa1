import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../../tests/support/databases.ts";
import { domainContext, systemAdmin } from "../../../tests/support/domain.ts";
import type { Database } from "../../db/client.ts";
import { idpAccounts, organizations, personalAccessTokens, users } from "../../db/schema/index.ts";
import { createIdpAccount } from "../../idp/accounts.ts";
import {
  clearFailedSignIns,
  embeddedSignInFailures,
  externalSignInFailures,
  recordFailedSignIn,
} from "../../idp/sign-in-failures.ts";
import { listExpiringCertifications } from "../organizations/index.ts";
import { listDisabledWithLiveTokens, listFailedSignIns, listLapsingInvitations, type User } from "./index.ts";

/**
 * What the overview asks an admin to look at: invitations about to lapse, certifications
 * about to end, disabled people whose tokens still work, and wrong passwords. Each read
 * keeps to its window and order (who may read them: permissions.test.ts).
 */

const now = new Date("2026-06-15T12:00:00Z");
const day = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(now.getTime() + days * day);
const issuer = "https://portal.test/oidc";

async function person(db: Database, values: Partial<typeof users.$inferInsert> & { email: string }): Promise<User> {
  const [user] = await db.insert(users).values(values).returning();
  if (!user) throw new Error("no user");
  return user;
}

const emails = (rows: readonly { email: string | null }[]) => rows.map((row) => row.email);

describe.each(databaseKinds)("what needs attention, on %s", (kind) => {
  const database = useTestDatabase(kind);

  it("invitations that lapse within the window, or have, the soonest first; never accepted ones", async () => {
    const { db } = database();
    const invited = (email: string, days: number) =>
      person(db, { email, status: "invited", invitationExpiresAt: inDays(days) });
    await invited("later@example.test", 6);
    await invited("soon@example.test", 1);
    await invited("lapsed@example.test", -2);
    await person(db, { email: "active@example.test", status: "active", issuer, subject: "a" });
    const asAdmin = domainContext(db, systemAdmin, { now: () => now });

    const within3 = await listLapsingInvitations(asAdmin, { withinDays: 3 });
    expect(emails(within3.nodes)).toEqual(["lapsed@example.test", "soon@example.test"]);
    expect((await within3.total()).count).toBe(2);
    const within7 = await listLapsingInvitations(asAdmin, { withinDays: 7, first: 1 });
    expect(emails(within7.nodes)).toEqual(["lapsed@example.test"]);
    expect((await within7.total()).count).toBe(3);
    expect(within7.pageInfo.hasNextPage).toBe(true);
    await expect(listLapsingInvitations(asAdmin, { withinDays: 31 })).rejects.toMatchObject({
      fields: { withinDays: "Give at most 30 days." },
    });
  });

  it("disabled people whose tokens still work, and not those whose tokens are revoked or expired", async () => {
    const { db } = database();
    const token = (user: User, name: string, values: Partial<typeof personalAccessTokens.$inferInsert>) =>
      db.insert(personalAccessTokens).values({
        userId: user.id,
        name,
        tokenHash: `hash-${user.id}-${name}`,
        prefix: "dns_",
        role: "viewer",
        expiresAt: inDays(30),
        ...values,
      });
    const leaky = await person(db, { email: "leaky@example.test", status: "disabled", disabledAt: inDays(-1) });
    await token(leaky, "live", {});
    const revoked = await person(db, { email: "revoked@example.test", status: "disabled", disabledAt: inDays(-1) });
    await token(revoked, "revoked", { revokedAt: inDays(-1) });
    const expired = await person(db, { email: "expired@example.test", status: "disabled", disabledAt: inDays(-1) });
    await token(expired, "expired", { expiresAt: inDays(-1) });
    const active = await person(db, { email: "active@example.test", status: "active", issuer, subject: "a" });
    await token(active, "live", {});

    const found = await listDisabledWithLiveTokens(domainContext(db, systemAdmin, { now: () => now }), {});
    expect(emails(found.nodes)).toEqual(["leaky@example.test"]);
    expect((await found.total()).count).toBe(1);
  });

  it("certifications that end within the window, or have while still marked certified, the soonest first", async () => {
    const { db } = database();
    const organization = (name: string, status: "certified" | "lapsed", until: string | null) =>
      db.insert(organizations).values({
        name,
        kind: "clinic",
        city: "Madison",
        country: "US",
        certificationStatus: status,
        certifiedUntil: until,
      });
    await organization("Ends in ten days", "certified", "2026-06-25");
    await organization("Ends in ninety days", "certified", "2026-09-13");
    await organization("Ended last week", "certified", "2026-06-08");
    await organization("Marked lapsed", "lapsed", "2026-06-01");
    const asAdmin = domainContext(db, systemAdmin, { now: () => now });

    const found = await listExpiringCertifications(asAdmin, {});
    expect(found.nodes.map((row) => row.name)).toEqual(["Ended last week", "Ends in ten days"]);
    const wider = await listExpiringCertifications(asAdmin, { withinDays: 120 });
    expect((await wider.total()).count).toBe(3);
  });

  it("wrong passwords since a person's last sign-in, within the window; none with an external provider", async () => {
    const { db } = database();
    const fastHash = { hashParameters: { N: 2 ** 10, r: 8, p: 1 } } as const;
    const account = async (email: string) => {
      const created = await createIdpAccount(db, { email, name: email, password: "a long test password" }, fastHash);
      if (!created.ok) throw new Error(created.error.message);
      await person(db, { email, issuer, subject: created.account.id });
      return created.account;
    };
    const alice = await account("alice@example.test");
    await account("bob@example.test");
    await recordFailedSignIn(db, "ALICE@example.test", inDays(-0.1));
    await recordFailedSignIn(db, "alice@example.test", inDays(-0.05));
    await recordFailedSignIn(db, "bob@example.test", inDays(-5));
    // An address without an account leaves no trace.
    await recordFailedSignIn(db, "nobody@example.test", inDays(-0.01));

    const signInFailures = embeddedSignInFailures(issuer);
    const asAdmin = domainContext(db, systemAdmin, { now: () => now, signInFailures });
    const recent = await listFailedSignIns(asAdmin, {});
    expect(recent.available).toBe(true);
    expect(recent.rows.map((row) => [row.user.email, row.failures, row.lastFailedAt])).toEqual([
      ["alice@example.test", 2, inDays(-0.05)],
    ]);
    expect((await listFailedSignIns(asAdmin, { withinHours: 24 * 7 })).rows).toHaveLength(2);

    // Signing in clears the count.
    await clearFailedSignIns(db, "Alice@example.test");
    expect((await listFailedSignIns(asAdmin, {})).rows).toEqual([]);
    const [row] = await db.select().from(idpAccounts).where(eq(idpAccounts.id, alice.id));
    expect(row?.failedSignIns).toBe(0);

    const external = domainContext(db, systemAdmin, { now: () => now, signInFailures: externalSignInFailures });
    expect(await listFailedSignIns(external, { withinHours: 24 * 7 })).toEqual({ available: false, rows: [] });
  });
});
