import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../../tests/support/databases.ts";
import { sessions, users } from "../../db/schema/index.ts";
import { createSessionStore, hashSessionToken } from "./session-store.ts";

const policy = { idleTimeoutS: 30 * 60, absoluteLifetimeS: 8 * 60 * 60 };

describe.each(databaseKinds)("sessions on %s", (kind) => {
  const database = useTestDatabase(kind);
  let clock: Date;
  let userId: string;
  const store = () => createSessionStore(database().db, policy, { now: () => clock });
  const advance = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000);
  };

  beforeEach(async () => {
    clock = new Date("2026-11-21T09:00:00Z");
    const [user] = await database()
      .db.insert(users)
      .values({ issuer: "https://idp.test", subject: "alice", email: "alice@example.com" })
      .returning();
    if (!user) throw new Error("no user");
    userId = user.id;
  });

  it("stores only a hash of the token, and reads the session back by the token", async () => {
    const { token } = await store().start(userId, { idToken: "id.token.jwt" });
    const rows = await database().db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.idHash).toBe(hashSessionToken(token));
    expect(rows[0]?.idHash).not.toBe(token);
    const session = await store().read(token);
    expect(session?.user.email).toBe("alice@example.com");
    expect(session?.idToken).toBe("id.token.jwt");
  });

  it("treats an unknown, tampered or empty token as signed out", async () => {
    const { token } = await store().start(userId);
    expect(await store().read(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(await store().read("")).toBeNull();
    expect(await store().read(undefined)).toBeNull();
    expect(await store().read("x".repeat(500))).toBeNull();
  });

  it("ends after the idle timeout, and activity keeps it alive", async () => {
    const { token } = await store().start(userId);
    advance(policy.idleTimeoutS - 10);
    expect(await store().read(token)).not.toBeNull();
    advance(policy.idleTimeoutS - 10);
    expect(await store().read(token)).not.toBeNull();
    advance(policy.idleTimeoutS);
    expect(await store().read(token)).toBeNull();
    expect(await database().db.select().from(sessions)).toHaveLength(0);
  });

  it("ends at the absolute lifetime however active it is", async () => {
    const { token, expiresAt } = await store().start(userId);
    expect(expiresAt.getTime() - clock.getTime()).toBe(policy.absoluteLifetimeS * 1000);
    for (let elapsed = 0; elapsed + 20 * 60 < policy.absoluteLifetimeS; elapsed += 20 * 60) {
      advance(20 * 60);
      expect(await store().read(token)).not.toBeNull();
    }
    advance(20 * 60);
    expect(await store().read(token)).toBeNull();
  });

  it("rotates on sign-in: the session the browser had before is gone", async () => {
    const first = await store().start(userId);
    const second = await store().start(userId, { replacing: first.token });
    expect(await store().read(first.token)).toBeNull();
    expect(await store().read(second.token)).not.toBeNull();
  });

  it("stops working at once when the user is disabled", async () => {
    const { token } = await store().start(userId);
    await database().db.update(users).set({ status: "disabled", disabledAt: clock }).where(eq(users.id, userId));
    expect(await store().read(token)).toBeNull();
  });

  it("ends one session on sign-out, or all of a user's sessions", async () => {
    const a = await store().start(userId);
    const b = await store().start(userId);
    await store().end(a.token);
    expect(await store().read(a.token)).toBeNull();
    expect(await store().read(b.token)).not.toBeNull();
    await store().endAllFor(userId);
    expect(await store().read(b.token)).toBeNull();
  });

  it("sweeps ended sessions and keeps live ones", async () => {
    await store().start(userId);
    advance(policy.idleTimeoutS + 1);
    const live = await store().start(userId);
    expect(await store().sweep()).toBe(1);
    expect(await store().read(live.token)).not.toBeNull();
  });
});
