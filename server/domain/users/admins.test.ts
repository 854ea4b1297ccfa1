import { and, count, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../../tests/support/databases.ts";
import { domainContext, systemAdmin } from "../../../tests/support/domain.ts";
import { createSessionStore } from "./session-store.ts";
import type { Database } from "../../db/client.ts";
import { activity, outbox, personalAccessTokens, users } from "../../db/schema/index.ts";
import { ConflictError, ForbiddenError, RateLimitedError } from "../core/errors.ts";
import { createToken } from "../tokens/index.ts";
import {
  changeUserRole,
  disableUser,
  enableUser,
  inviteUser,
  resendInvitation,
  type Role,
  type User,
} from "./index.ts";
import { actorFor } from "./entity.ts";

/**
 * What an admin may and may not do to people, as docs/portal.md promises: the last admin can
 * never be demoted or disabled (not even by two admins at once), nobody changes their
 * own role or disables themselves, disabling ends a person's sessions and tokens for
 * good, and invitations are limited per admin.
 */

async function person(db: Database, subject: string, role: Role): Promise<User> {
  const [user] = await db
    .insert(users)
    .values({ issuer: "https://idp.test", subject, role, status: "active", email: `${subject}@example.test` })
    .returning();
  if (!user) throw new Error("no user");
  return user;
}

async function fresh(db: Database, user: User): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  if (!row) throw new Error("gone");
  return row;
}

async function activityCount(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(activity);
  return row?.value ?? 0;
}

describe.each(databaseKinds)("admins on %s", (kind) => {
  const database = useTestDatabase(kind);

  it("never demote or disable the last admin, and say who to promote first", async () => {
    const { db } = database();
    const last = await person(db, "last", "admin");
    const asSystem = domainContext(db, systemAdmin);
    const before = await activityCount(db);
    await expect(changeUserRole(asSystem, { id: last.id, version: last.version, role: "editor" })).rejects.toThrow(
      new ConflictError(
        `last@example.test is the last admin: make someone else an admin before you change their role.`,
      ),
    );
    await expect(disableUser(asSystem, { id: last.id, version: last.version })).rejects.toThrow(
      new ConflictError(`last@example.test is the last admin: make someone else an admin before you disable them.`),
    );
    expect(await fresh(db, last)).toEqual(last);
    expect(await activityCount(db)).toBe(before);
  });

  it("let one of two admins demoting each other at the same moment win, never both", async () => {
    const { db } = database();
    const a = await person(db, "a", "admin");
    const b = await person(db, "b", "admin");
    const outcomes = await Promise.allSettled([
      changeUserRole(domainContext(db, a), { id: b.id, version: b.version, role: "viewer" }),
      changeUserRole(domainContext(db, b), { id: a.id, version: a.version, role: "viewer" }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected");
    expect(refused?.status === "rejected" ? refused.reason : undefined).toBeInstanceOf(ConflictError);
    const admins = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "admin"), eq(users.status, "active")));
    expect(admins).toHaveLength(1);
  });

  it("let one of two admins disabling each other at the same moment win, never both", async () => {
    const { db } = database();
    const a = await person(db, "a", "admin");
    const b = await person(db, "b", "admin");
    const outcomes = await Promise.allSettled([
      disableUser(domainContext(db, a), { id: b.id, version: b.version }),
      disableUser(domainContext(db, b), { id: a.id, version: a.version }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const active = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "admin"), eq(users.status, "active")));
    expect(active).toHaveLength(1);
  });

  it("refuse an admin changing their own role or disabling themselves, even with another admin about", async () => {
    const { db } = database();
    const me = await person(db, "me", "admin");
    await person(db, "other-admin", "admin");
    const asMe = domainContext(db, me);
    await expect(changeUserRole(asMe, { id: me.id, version: me.version, role: "viewer" })).rejects.toThrow(
      new ForbiddenError("You cannot change your own role: ask another admin."),
    );
    await expect(disableUser(asMe, { id: me.id, version: me.version })).rejects.toThrow(
      new ForbiddenError("You cannot disable your own account."),
    );
    expect(await fresh(db, me)).toEqual(me);
  });

  it("end a disabled person's sessions and tokens, and bring none of them back on enabling", async () => {
    const { db } = database();
    const admin = await person(db, "admin", "admin");
    const editor = await person(db, "editor", "editor");
    const store = createSessionStore(db, { idleTimeoutS: 3600, absoluteLifetimeS: 7200 });
    const { token: session } = await store.start(editor.id, { userAgent: "Browser" });
    const created = await createToken(domainContext(db, editor), {
      name: "nightly",
      role: "editor",
      expiresInDays: 30,
    });

    const disabled = await disableUser(domainContext(db, admin), { id: editor.id, version: editor.version });
    expect(await store.read(session)).toBeNull();
    const [token] = await db.select().from(personalAccessTokens).where(eq(personalAccessTokens.id, created.record.id));
    expect(token?.revokedAt).toEqual(disabled.disabledAt);
    const [trail] = await db.select().from(activity).where(eq(activity.action, "user.disable"));
    expect(trail?.changes).toMatchObject({
      status: { from: "active", to: "disabled" },
      sessionsEnded: { from: null, to: 1 },
      tokensRevoked: { from: null, to: 1 },
    });

    await enableUser(domainContext(db, admin), { id: editor.id, version: disabled.version });
    const working = await db
      .select({ id: personalAccessTokens.id })
      .from(personalAccessTokens)
      .where(and(eq(personalAccessTokens.userId, editor.id), isNull(personalAccessTokens.revokedAt)));
    expect(working).toEqual([]);
    expect(await store.read(session)).toBeNull();
  });

  it("limits invitations to 100 an hour per admin, sending the ones after none", async () => {
    const { db } = database();
    const admin = await person(db, "admin", "admin");
    const asAdmin = domainContext(db, admin, { externalProvider: true });
    for (let index = 0; index < 100; index += 1) {
      await inviteUser(asAdmin, { email: `invitee-${index}@example.test`, role: "viewer" });
    }
    const [mailBefore] = await db.select({ value: count() }).from(outbox);
    const refusal = await inviteUser(asAdmin, { email: "one-too-many@example.test", role: "viewer" }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(RateLimitedError);
    expect((refusal as RateLimitedError).retryAfterS).toBeGreaterThan(0);
    expect((refusal as RateLimitedError).retryAfterS).toBeLessThanOrEqual(60 * 60);
    // Sending one again counts too; another admin has their own allowance.
    const [first] = await db.select().from(users).where(eq(users.email, "invitee-0@example.test"));
    if (!first) throw new Error("no invitation");
    await expect(resendInvitation(asAdmin, { id: first.id, version: first.version })).rejects.toBeInstanceOf(
      RateLimitedError,
    );
    const [mailAfter] = await db.select({ value: count() }).from(outbox);
    expect(mailAfter?.value).toBe(mailBefore?.value);
    expect(await db.select().from(users).where(eq(users.email, "one-too-many@example.test"))).toEqual([]);
    const otherAdmin = await person(db, "other-admin", "admin");
    await inviteUser(domainContext(db, actorFor(otherAdmin, "session"), { externalProvider: true }), {
      email: "from-another-admin@example.test",
      role: "viewer",
    });
  });
});
