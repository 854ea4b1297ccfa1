import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, useTestDatabase } from "../../tests/support/databases.ts";
import { attempt, makeFixture, type Fixture } from "../../tests/support/domain-probes.ts";
import { domainContext, systemAdmin } from "../../tests/support/domain.ts";
import { gatherCases } from "../../tests/support/permission-cases.ts";
import type { Database, DatabaseHandle } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { ConflictError } from "./core/errors.ts";
import { domainOperations } from "./index.ts";
import { actorFor, changeUserOrganization, upsertUserFromClaims, type User } from "./users/index.ts";
import { createOrganization } from "./organizations/index.ts";

/**
 * Each entity marks, beside its permission rows (`server/domain/<entity>/permissions.cases.ts`),
 * the writes that name the version they start from (`namesVersion`); the first test checks
 * the marks against the probes' inputs.
 */
const cases = await gatherCases();

/** Someone else changes the row first: its version moves on past the one the input names. */
async function changedMeanwhile(tx: Database, name: string, input: { id?: string }): Promise<void> {
  const operation = domainOperations[name];
  if (!operation) throw new Error(`no operation ${name}`);
  const own = cases[name]?.changedMeanwhile;
  if (own) {
    await own(tx, input);
    return;
  }
  const table = operation.entity.table as typeof users;
  await tx
    .update(table)
    .set({ version: sql`${table.version} + 1` })
    .where(eq(table.id, input.id ?? ""));
}

/** Every write: those that name a version are checked below. */
const versioned = Object.entries(domainOperations)
  .filter(([, operation]) => operation.kind === "write")
  .map(([name]) => name);

/** The writes that name the version they start from (the first test below checks the marks are whole). */
const namingAVersion = Object.entries(cases)
  .filter(([, { namesVersion }]) => namesVersion)
  .map(([name]) => name)
  .sort();

describe.each(databaseKinds)("versions on %s", (kind) => {
  let handle: DatabaseHandle;
  let fixture: Fixture;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    fixture = await makeFixture(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("are named by every update and delete of a versioned row: each is checked below", () => {
    const named = versioned.filter((name) => {
      const input = cases[name]?.probe.input(fixture, fixture.people.admin, "other") as Record<string, unknown>;
      return "version" in input;
    });
    expect(named.sort(), "mark `namesVersion: true` in its permissions.cases.ts").toEqual(namingAVersion);
  });

  it.each(namingAVersion.map((name) => ({ name })))(
    "$name: a stale version is a conflict and changes nothing",
    async ({ name }) => {
      const admin = fixture.people.admin;
      // updatePreferences is everyone's own: the admin changes their own.
      const input = cases[name]?.probe.input(fixture, admin, name === "updatePreferences" ? "own" : "other") as {
        id?: string;
      };
      const outcome = await attempt(handle.db, actorFor(admin, "session"), name, input, (tx) =>
        changedMeanwhile(tx, name, input),
      );
      expect(outcome.ok, "a stale version went through").toBe(false);
      if (!outcome.ok) expect(outcome.error).toBeInstanceOf(ConflictError);
    },
  );
});

describe.each(databaseKinds)("every change to a row moves its version on (%s)", (kind) => {
  const database = useTestDatabase(kind);
  const issuer = "https://idp.test";

  async function versionOf(user: User): Promise<number> {
    const [row] = await database().db.select({ version: users.version }).from(users).where(eq(users.id, user.id));
    return row?.version ?? 0;
  }

  it("a profile written at sign-in", async () => {
    const first = await upsertUserFromClaims(database().db, { issuer, subject: "1", name: "A" }, { adminEmails: [] });
    const again = await upsertUserFromClaims(database().db, { issuer, subject: "1", name: "B" }, { adminEmails: [] });
    expect(again.version).toBe(first.version + 1);
    expect(await versionOf(first)).toBe(first.version + 1);
  });

  it("joining an organization, and leaving it", async () => {
    const asSystem = domainContext(database().db, systemAdmin);
    const organization = await createOrganization(asSystem, {
      name: "Versioned Clinic",
      kind: "clinic",
      city: "Madison",
      country: "US",
    });
    const person = await upsertUserFromClaims(database().db, { issuer, subject: "1" }, { adminEmails: [] });
    const joined = await changeUserOrganization(asSystem, {
      id: person.id,
      version: person.version,
      organizationId: organization.id,
    });
    expect(joined.version).toBe(person.version + 1);
    const left = await changeUserOrganization(asSystem, {
      id: person.id,
      version: joined.version,
      organizationId: null,
    });
    expect(left.version).toBe(joined.version + 1);
    // Out of date now: the move it was read for has happened since.
    await expect(
      changeUserOrganization(asSystem, { id: person.id, version: joined.version, organizationId: organization.id }),
    ).rejects.toBeInstanceOf(ConflictError);
  });
});
