import { createHash, randomBytes } from "node:crypto";
import { eq, lt, or } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";

export type SessionUser = typeof users.$inferSelect;
export type ActiveSession = { user: SessionUser; idToken: string | null; expiresAt: Date };

export type SessionPolicy = {
  /** A session unused for this long ends. */
  idleTimeoutS: number;
  /** A session ends this long after sign-in, however active. */
  absoluteLifetimeS: number;
};

/** Activity is written at most this often, so reading a session is usually one query. */
const touchIntervalMs = 60_000;

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function createSessionStore(db: Database, policy: SessionPolicy, now: () => Date = () => new Date()) {
  /** Starts a session; the old one the browser presented, if any, ends (the id rotates on sign-in). */
  async function start(
    userId: string,
    options: { idToken?: string | null; userAgent?: string | null; replacing?: string | null } = {},
  ): Promise<{ token: string; expiresAt: Date }> {
    if (options.replacing) await end(options.replacing);
    const token = newToken();
    const startedAt = now();
    const expiresAt = new Date(startedAt.getTime() + policy.absoluteLifetimeS * 1000);
    await db.insert(sessions).values({
      idHash: hashSessionToken(token),
      userId,
      idToken: options.idToken ?? null,
      createdAt: startedAt,
      lastSeenAt: startedAt,
      expiresAt,
      userAgent: options.userAgent?.slice(0, 512) ?? null,
    });
    return { token, expiresAt };
  }

  /**
   * The session behind a cookie value, or null when it is unknown, expired (idle or
   * absolute) or its user is disabled. An ended session is deleted on the spot.
   */
  async function read(token: string | null | undefined): Promise<ActiveSession | null> {
    if (!token || token.length > 128) return null;
    const idHash = hashSessionToken(token);
    const [row] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.idHash, idHash))
      .limit(1);
    if (!row) return null;
    const at = now();
    const idleSince = at.getTime() - row.session.lastSeenAt.getTime();
    if (row.user.disabledAt || at >= row.session.expiresAt || idleSince >= policy.idleTimeoutS * 1000) {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
      return null;
    }
    if (idleSince >= touchIntervalMs) {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.idHash, idHash));
    }
    return { user: row.user, idToken: row.session.idToken, expiresAt: row.session.expiresAt };
  }

  async function end(token: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.idHash, hashSessionToken(token)));
  }

  async function endAllFor(userId: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.userId, userId));
  }

  /** Deletes sessions that have ended by either clock; run now and then. */
  async function sweep(): Promise<number> {
    const at = now();
    const idleCutoff = new Date(at.getTime() - policy.idleTimeoutS * 1000);
    const removed = await db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, at), lt(sessions.lastSeenAt, idleCutoff)))
      .returning({ idHash: sessions.idHash });
    return removed.length;
  }

  return { start, read, end, endAllFor, sweep };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
