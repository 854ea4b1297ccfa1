import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../../tests/support/databases.ts";
import { attempt, makeFixture, type Attempt, type Fixture } from "../../tests/support/domain-probes.ts";
import { everyone, gatherCases, type Who } from "../../tests/support/permission-cases.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { Actor } from "./core/access.ts";
import { DomainError, ForbiddenError, NotFoundError, UnauthenticatedError } from "./core/errors.ts";
import { domainOperations } from "./index.ts";
import { actorFor } from "./users/index.ts";

/**
 * The permission matrix: every domain operation (found in the entity modules, so a new
 * one cannot be left out), for the anonymous visitor and every role, against the outcome
 * each entity writes beside its code (`server/domain/<entity>/permissions.cases.ts`, the
 * outcomes explained in tests/support/permission-cases.ts). Every cell must come out
 * exactly so.
 *
 * Each attempt runs in a transaction that is rolled back, and an attempt that fails must
 * have changed nothing at all (a fingerprint of every table is compared).
 */
const cases = await gatherCases();

function describeFailure(outcome: Attempt): string {
  if (outcome.ok) return "it succeeded";
  const { error } = outcome;
  return error instanceof DomainError ? `${error.name}: ${error.message}` : String(error);
}

function expectRefused(outcome: Attempt, who: Who): void {
  expect(outcome.ok, "was let through").toBe(false);
  if (outcome.ok) return;
  const refusal = who === "anonymous" ? UnauthenticatedError : ForbiddenError;
  expect(outcome.error, describeFailure(outcome)).toBeInstanceOf(refusal);
}

describe("the permission matrix covers", () => {
  it("every domain operation, and nothing that is not one", () => {
    expect(
      Object.keys(cases).sort(),
      "each operation needs its row in its entity's folder: server/domain/<entity>/permissions.cases.ts",
    ).toEqual(Object.keys(domainOperations).sort());
  });

  it("with a row filter exactly where the matrix says own, and a list check for every list among them", () => {
    for (const [name, operation] of Object.entries(domainOperations)) {
      for (const role of ["viewer", "editor", "admin"] as const) {
        const actor: Actor = {
          id: "00000000-0000-4000-8000-000000000001",
          role,
          organizationId: null,
          label: "x",
          via: "session",
        };
        const decision = operation.entity.decide(operation.operation, actor);
        const filtered = decision !== true && decision !== false;
        // A filter that never narrows what the operation returns (signing yourself out) counts as allowed.
        const cell = cases[name]?.who[role];
        if (cell === "own") expect(filtered, `${name} for ${role}`).toBe(true);
        if (!filtered) expect(cell, `${name} for ${role}`).not.toBe("own");
      }
    }
  });
});

describe.each(databaseKinds)("permissions on %s", (kind) => {
  let handle: DatabaseHandle;
  let fixture: Fixture;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    fixture = await makeFixture(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });

  const cells = Object.entries(cases).flatMap(([operation, { who: outcomes }]) =>
    everyone.map((who) => ({ operation, who, outcome: outcomes[who] })),
  );

  it.each(cells)("$operation for $who: $outcome", async ({ operation, who, outcome }) => {
    const me = who === "anonymous" ? null : fixture.people[who];
    const actor = me ? actorFor(me, "session") : null;
    const probe = cases[operation]?.probe;
    if (!probe) throw new Error(`no probe for ${operation}`);
    const onOthers = await attempt(handle.db, actor, operation, probe.input(fixture, me, "other"));
    switch (outcome) {
      case "refuse":
        expectRefused(onOthers, who);
        break;
      case "allow":
        expect(onOthers.ok, describeFailure(onOthers)).toBe(true);
        break;
      case "own": {
        if (!me) throw new Error("only a signed-in actor has rows of their own");
        if (probe.onlyOwn) {
          expect(onOthers.ok, describeFailure(onOthers)).toBe(true);
          if (onOthers.ok) expect(probe.onlyOwn(onOthers.result, me), "others' rows were shown").not.toBe("others");
        } else {
          expect(onOthers.ok, "someone else's row was reached").toBe(false);
          if (!onOthers.ok) expect(onOthers.error, describeFailure(onOthers)).toBeInstanceOf(NotFoundError);
        }
        const onOwn = await attempt(handle.db, actor, operation, probe.input(fixture, me, "own"));
        expect(onOwn.ok, `on their own rows: ${describeFailure(onOwn)}`).toBe(true);
        if (onOwn.ok && probe.onlyOwn) expect(probe.onlyOwn(onOwn.result, me), "the actor's own rows").toBe("own");
        break;
      }
    }
  });

  it("lets a token never make another token, whatever its role", async () => {
    const admin = actorFor(fixture.people.admin, "token");
    expectRefused(
      await attempt(handle.db, admin, "createToken", cases.createToken?.probe.input(fixture, null, "own")),
      "admin",
    );
  });
});
