import { asc, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, useTestDatabase } from "../../tests/support/databases.ts";
import { domainContext, systemAdmin, testFiles, testPublicUrl } from "../../tests/support/domain.ts";
import type { Database } from "../db/client.ts";
import {
  activity,
  docs,
  certificationApplications,
  inquiries,
  idpAccounts,
  media,
  organizations,
  outbox,
  releases,
  searchSynonyms,
  settings,
  users,
} from "../db/schema/index.ts";
import { activityActions } from "../domain/index.ts";
import { createOrganization, listOrganizations, updateOrganization } from "../domain/organizations/index.ts";
import { listSettings, settingDefaults, updateContactRecipients } from "../domain/settings/index.ts";
import { upsertUserFromClaims } from "../domain/users/index.ts";
import { demoIssuer, seedDemoData } from "./seed.ts";

const now = new Date("2026-03-18T19:30:00.000Z");
const day = 86_400_000;

/** Only domains reserved for examples (RFC 2606), subdomains included. */
const exampleEmail = /^[^@\s]+@([a-z0-9-]+\.)*example\.(com|org)$/;
const exampleWebsite = /^https:\/\/([a-z0-9-]+\.)*example\.(com|org)(\/\S*)?$/;
/** Numbers kept for fiction, by country. */
const fictionalPhones: Record<string, RegExp> = {
  US: /^\+1 \d{3} 555 01\d{2}$/,
  CA: /^\+1 \d{3} 555 01\d{2}$/,
  GB: /^\+44 (20 7946 0|113 496 0|117 496 0|161 496 0)\d{3}$/,
  DE: /^\+49 (30 23125|89 99998) \d{3}$/,
  AU: /^\+61 [2378] 5550 \d{4}$/,
};

async function rowCounts(db: Database): Promise<Record<string, number>> {
  const tables = { organizations, users, activity, outbox, settings, idpAccounts };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ value: count() }).from(table);
    counts[name] = row?.value ?? 0;
  }
  return counts;
}

/** Everything seeding wrote, without the ids (random) and with ids in the activity read as names. */
async function snapshot(db: Database) {
  const organizationRows = await db.select().from(organizations).orderBy(asc(organizations.name));
  const userRows = await db.select().from(users).orderBy(asc(users.email));
  const trail = await db.select().from(activity).orderBy(asc(activity.at), asc(activity.id));
  const fileRows = await db.select({ id: media.id, name: media.name }).from(media);
  const releaseRows = await db.select({ id: releases.id, name: releases.versionNumber }).from(releases);
  const docRows = await db.select({ id: docs.id, name: docs.path }).from(docs);
  const inquiryRows = await db.select({ id: inquiries.id, name: inquiries.email }).from(inquiries);
  const applicationRows = await db
    .select({ id: certificationApplications.id, name: certificationApplications.email })
    .from(certificationApplications);
  const synonymRows = await db.select({ id: searchSynonyms.id, terms: searchSynonyms.terms }).from(searchSynonyms);
  const names = new Map<string, string>([
    ...organizationRows.map((row) => [row.id, row.name] as const),
    ...userRows.map((row) => [row.id, row.email ?? ""] as const),
    ...fileRows.map((row) => [row.id, row.name] as const),
    ...releaseRows.map((row) => [row.id, row.name] as const),
    ...docRows.map((row) => [row.id, row.name] as const),
    ...inquiryRows.map((row) => [row.id, row.name] as const),
    ...applicationRows.map((row) => [row.id, row.name] as const),
    ...synonymRows.map((row) => [row.id, row.terms.join(", ")] as const),
  ]);
  const named = (value: unknown) =>
    JSON.stringify(value).replace(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
      (id) => names.get(id) ?? "another id",
    );
  return {
    organizations: organizationRows.map(({ id: _id, ...row }) => row),
    users: userRows.map(({ id: _id, organizationId, invitedById: _invitedBy, ...row }) => ({
      ...row,
      organization: organizationId ? names.get(organizationId) : null,
    })),
    // Rows written at the same moment (a release's files, then the release) are ordered by what they say.
    activity: trail
      .map(({ id: _id, actorId, targetId, changes, ...row }) => ({
        ...row,
        actor: actorId ? names.get(actorId) : null,
        target: targetId ? (names.get(targetId) ?? targetId) : null,
        changes: named(changes),
      }))
      .sort(
        (a, b) =>
          a.at.getTime() - b.at.getTime() ||
          `${a.action} ${a.target ?? ""}`.localeCompare(`${b.action} ${b.target ?? ""}`),
      ),
  };
}

describe.each(databaseKinds)("demo data on %s", (kind) => {
  const database = useTestDatabase(kind);
  const seed = (db: Database = database().db) =>
    seedDemoData(db, { now, publicUrl: testPublicUrl, files: testFiles() });

  it("seeds organizations, people of every role and status, and two months of activity", async () => {
    const { db } = database();
    const result = await seed();
    const counts = await rowCounts(db);
    expect(result).toEqual({
      seeded: true,
      organizations: counts.organizations,
      users: counts.users,
      activity: counts.activity,
    });
    expect(result.organizations).toBe(24);
    // No mail to anyone: the demo's invitations and role changes are fiction.
    expect(counts.outbox).toBe(0);
    expect(result.users).toBe(30);
    expect(result.activity).toBeGreaterThan(200);
    expect(result.activity).toBeLessThan(600);

    const people = await db.select().from(users);
    const tally = (values: string[]) =>
      values.reduce<Record<string, number>>((all, value) => ({ ...all, [value]: (all[value] ?? 0) + 1 }), {});
    expect(tally(people.map((person) => person.role))).toEqual({ admin: 3, editor: 6, viewer: 21 });
    expect(tally(people.map((person) => person.status))).toEqual({ active: 25, disabled: 3, invited: 2 });
    expect(people.filter((person) => person.organizationId !== null).length).toBeGreaterThanOrEqual(20);
    for (const person of people) {
      expect(person.email).toMatch(exampleEmail);
      // Nobody can sign in as a demo person: no provider answers for the "demo" issuer.
      expect(person.issuer).toBe(person.status === "invited" ? null : demoIssuer);
      if (person.status !== "invited") expect(person.lastLoginAt?.getTime()).toBeLessThanOrEqual(now.getTime());
      if (person.status === "disabled") expect(person.disabledAt).not.toBeNull();
    }
    const invited = people.filter((person) => person.status === "invited");
    // One invitation still works, one has run out (an admin would send it again).
    expect(invited.map((person) => (person.invitationExpiresAt ?? now) > now).sort()).toEqual([false, true]);

    const trail = await db.select().from(activity);
    const actions = new Set(trail.map((row) => row.action));
    const known = activityActions.map((entry) => entry.action);
    for (const action of actions) expect(known).toContain(action);
    for (const action of ["user.signIn", "user.firstSignIn", "user.changeRole", "user.disable", "user.invite"]) {
      expect(actions).toContain(action);
    }
    for (const action of ["organization.create", "organization.update", "organization.certify"]) {
      expect(actions).toContain(action);
    }
    expect(actions).toContain("organization.setPublicListing");
    expect(actions).toContain("user.changeOrganization");
    for (const row of trail) {
      expect(row.at.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(row.at.getTime()).toBeGreaterThan(now.getTime() - 61 * day);
    }
    expect(trail.filter((row) => row.action === "user.signIn").length).toBeGreaterThan(100);
    // The writes the product made itself read as such; sign-ins are the people's own.
    expect(new Set(trail.filter((row) => row.via === "system").map((row) => row.actorLabel))).toEqual(
      new Set(["Demo data"]),
    );
  });

  it("gives every organization plausible, fictional details that pass the domain's own validation", async () => {
    const { db } = database();
    await seed();
    const admin = domainContext(db, systemAdmin, { now: () => now });
    const { nodes } = await listOrganizations(admin, { first: 100 });
    expect(nodes).toHaveLength(24);
    expect(new Set(nodes.map((row) => row.country))).toEqual(new Set(["US", "CA", "GB", "DE", "AU"]));
    expect(new Set(nodes.map((row) => row.kind))).toEqual(
      new Set(["clinic", "hospital", "distributor", "research_site"]),
    );
    expect(new Set(nodes.map((row) => row.certificationStatus))).toEqual(
      new Set(["certified", "in_training", "lapsed", "not_certified"]),
    );
    const listed = nodes.filter((row) => row.publicListing).length;
    expect(listed).toBeGreaterThanOrEqual(9);
    expect(listed).toBeLessThanOrEqual(15);
    const today = now.toISOString().slice(0, 10);
    for (const organization of nodes) {
      const phone = fictionalPhones[organization.country];
      expect(phone, organization.country).toBeDefined();
      for (const number of [organization.phone, ...organization.contacts.map((contact) => contact.phone)]) {
        if (number !== null) expect(number).toMatch(phone ?? /^$/);
      }
      for (const address of [organization.email, ...organization.contacts.map((contact) => contact.email)]) {
        if (address !== null) expect(address).toMatch(exampleEmail);
      }
      if (organization.website !== null) expect(organization.website).toMatch(exampleWebsite);
      expect(organization.contacts.length).toBeGreaterThanOrEqual(1);
      expect(organization.contacts.length).toBeLessThanOrEqual(3);
      expect([organization.street, organization.city, organization.postalCode].every(Boolean)).toBe(true);
      if (organization.certificationStatus === "certified" || organization.certificationStatus === "lapsed") {
        // Certified until a day to come; lapsed since the day its certification ran until.
        expect(organization.certifiedUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect((organization.certifiedUntil ?? "") > today).toBe(organization.certificationStatus === "certified");
      }
      // Saving it back unchanged runs it through the same validation as the edit form.
      const { id, version, createdAt: _created, updatedAt: _updated, ...fields } = organization;
      await expect(updateOrganization(admin, { id, version, ...fields })).resolves.toMatchObject(fields);
    }
    const recipients = (await listSettings(admin, {})).find((setting) => setting.key === "contactRecipients");
    expect(recipients?.version).toBe(1);
    // Written by the product itself, so by no user.
    expect(recipients?.updatedById).toBeNull();
  });

  it("seeds only once: a second run writes nothing", async () => {
    const { db } = database();
    await seed();
    const before = await rowCounts(db);
    expect(await seed()).toEqual({ seeded: false, organizations: 0, users: 0, activity: 0 });
    expect(await rowCounts(db)).toEqual(before);
  });

  it("leaves a database that already has an organization as it is", async () => {
    const { db } = database();
    await createOrganization(domainContext(db, systemAdmin), {
      name: "A real clinic",
      kind: "clinic",
      city: "Madison",
      country: "US",
      certificationStatus: "not_certified",
    });
    const before = await rowCounts(db);
    expect((await seed()).seeded).toBe(false);
    expect(await rowCounts(db)).toEqual(before);
  });

  it("seeds next to the operator's own account and settings, which stay as they were", async () => {
    const { db } = database();
    const operator = await upsertUserFromClaims(
      db,
      { issuer: "https://idp.test", subject: "operator", email: "operator@example.net", emailVerified: true },
      { adminEmails: [] },
    );
    expect(operator.role).toBe("admin");
    const recipients = { ...settingDefaults.contactRecipients, sales: ["operator@example.net"] };
    const asOperator = domainContext(db, operator);
    await updateContactRecipients(asOperator, { version: 0, ...recipients });
    expect((await seed()).seeded).toBe(true);
    const [after] = await db.select().from(users).where(eq(users.id, operator.id));
    expect(after).toEqual(operator);
    const setting = (await listSettings(asOperator, {})).find((item) => item.key === "contactRecipients");
    expect(setting).toMatchObject({ version: 1, value: recipients, updatedById: operator.id });
  });

  it("tells the same story on every run", async () => {
    await seed();
    const other = await openTestDatabase(kind);
    try {
      await seed(other.db);
      const [first, second] = [await snapshot(database().db), await snapshot(other.db)];
      expect(second.organizations.map((row) => row.name)).toEqual(first.organizations.map((row) => row.name));
      expect(second.users.map((row) => row.email)).toEqual(first.users.map((row) => row.email));
      expect(second).toEqual(first);
    } finally {
      await other.close();
    }
  });
});
