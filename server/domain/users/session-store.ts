import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import type { Database, ReadDatabase } from "../../db/client.ts";
import { sessions, users } from "../../db/schema/index.ts";
import type { ChangeStamps } from "../core/context.ts";
import { noticesStamp, noticesStampHere } from "../settings/index.ts";

type SessionUser = typeof users.$inferSelect;
export type ActiveSession = {
  id: string;
  user: SessionUser;
  idToken: string | null;
  expiresAt: Date;
  /** Read with the session, for caches keyed by them (`ChangeStamps`). */
  stamps: ChangeStamps;
};

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

/**
 * Where the change stamps come from (ADR 026): the database, read with the session, where
 * other processes may write it (PostgreSQL); this process, where it is the only writer
 * (PGlite).
 */
export type StampSource = "database" | "this process";

export function createSessionStore(
  db: Database,
  policy: SessionPolicy,
  options: {
    /** The clock sessions expire by (tests move it). */
    now?: () => Date;
    /** Where the change stamps come from; the database unless this process is its only writer. */
    stampsFrom?: StampSource;
  } = {},
) {
  const now = options.now ?? (() => new Date());
  const stampsFrom = options.stampsFrom ?? "database";
  /**
   * The session and its user, by the token's hash, with the change stamps: the query every
   * signed-in request runs, so its SQL is built once (about 75 µs of CPU a request
   * otherwise) and, on PostgreSQL, prepared once per connection under this name.
   */
  const sessionByHash = db
    .select({
      session: sessions,
      user: users,
      notices: stampsFrom === "database" ? noticesStamp : sql<string>`''`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, sql.placeholder("idHash")))
    .limit(1)
    .prepare(stampsFrom === "database" ? "densara_session_by_hash" : "densara_session_by_hash_here");

  /** Starts a session; the old one the browser presented, if any, ends (the id rotates on sign-in). */
  async function start(
    userId: string,
    options: {
      idToken?: string | null;
      userAgent?: string | null;
      address?: string | null;
      replacing?: string | null;
    } = {},
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
      address: options.address?.slice(0, 64) ?? null,
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
    const [row] = await sessionByHash.execute({ idHash });
    if (!row) return null;
    const at = now();
    const idleSince = at.getTime() - row.session.lastSeenAt.getTime();
    if (row.user.status !== "active" || at >= row.session.expiresAt || idleSince >= policy.idleTimeoutS * 1000) {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
      return null;
    }
    if (idleSince >= touchIntervalMs) {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.idHash, idHash));
    }
    return {
      id: row.session.id,
      user: row.user,
      idToken: row.session.idToken,
      expiresAt: row.session.expiresAt,
      stamps: { notices: stampsFrom === "database" ? row.notices : noticesStampHere() },
    };
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

/** A session as its owner and admins see it: never its secret. */
export type SessionSummary = {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  address: string | null;
};

const summary = {
  id: sessions.id,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  userAgent: sessions.userAgent,
  address: sessions.address,
};

/** A user's live sessions, most recently used first. */
export async function listSessionsOf(db: ReadDatabase, userId: string, now = new Date()): Promise<SessionSummary[]> {
  return db
    .select(summary)
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Ends every session of a user (but one, when asked); returns how many ended. */
export async function endSessionsOf(db: Database, userId: string, options: { except?: string } = {}): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), options.except ? ne(sessions.id, options.except) : undefined))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ends one session of a user, by its public id. */
export async function endSessionById(
  db: Database,
  sessionId: string,
  userId: string,
): Promise<SessionSummary | undefined> {
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning(summary);
  return ended;
}

/** Whether a user has a live session from a browser that says it is this one. */
export async function hasSessionFrom(db: ReadDatabase, userId: string, userAgent: string): Promise<boolean> {
  const [found] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.userAgent, userAgent.slice(0, 512))))
    .limit(1);
  return found !== undefined;
}
