import type { DatabaseHandle } from "../db/client.ts";
import { listenForNotifications } from "../db/notifications.ts";
import type { Logger } from "../log.ts";
import { hashSessionToken } from "../domain/users/session-store.ts";

/**
 * How long an answer to a signed-in session check is reused before the database is asked
 * again, while nobody tells this process when sessions end (it is not listening).
 */
export const sessionAnswerTtlMs = 2_000;

/** How long it is reused while this process hears of every session that ends (ADR 034). */
const heardSessionAnswerTtlMs = 30_000;

/** The channel the database announces ended sessions and changed people on (migration 0015). */
const sessionChangesChannel = "densara_sessions";

/**
 * The answers to signed-in session checks, kept per session token in this process. Every
 * public page view asks /auth/session; for a while the same browser gets the same bytes
 * without a database read. Nothing else reads these answers: pages, actions and /graphql
 * read the session from the database.
 *
 * How long "a while" is depends on whether this process hears the database's
 * announcements (`heard`, through LISTEN on `sessionChangesChannel`). A session that ends
 * anywhere (signing out on another machine, "sign out other browsers", a sweep) and a
 * person whose name, address, role or standing changes are announced, and their answers
 * are forgotten at once: then an answer is kept for `heardTtlMs`. While nothing is heard
 * (before listening starts, and after the listening connection is lost, when every kept
 * answer is forgotten too) an answer is kept for `ttlMs` only, and a session ended
 * elsewhere shows as signed in to the page header for at most that long.
 */
export function createSessionAnswers(
  options: { ttlMs?: number; heardTtlMs?: number; max?: number; now?: () => number } = {},
) {
  const ttlMs = options.ttlMs ?? sessionAnswerTtlMs;
  const heardTtlMs = options.heardTtlMs ?? heardSessionAnswerTtlMs;
  const max = options.max ?? 10_000;
  const now = options.now ?? Date.now;
  type Entry = { body: Buffer; until: number; hash: string; userId: string };
  const entries = new Map<string, Entry>();
  // The same entries by the session's hash and by person, for the announcements.
  const tokenOfHash = new Map<string, string>();
  const tokensOfUser = new Map<string, Set<string>>();
  let heard = false;

  function forget(token: string): void {
    const entry = entries.get(token);
    if (!entry) return;
    entries.delete(token);
    tokenOfHash.delete(entry.hash);
    const tokens = tokensOfUser.get(entry.userId);
    tokens?.delete(token);
    if (tokens?.size === 0) tokensOfUser.delete(entry.userId);
  }

  function forgetAll(): void {
    entries.clear();
    tokenOfHash.clear();
    tokensOfUser.clear();
  }

  return {
    get(token: string): Buffer | undefined {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (now() < entry.until) return entry.body;
      forget(token);
      return undefined;
    },
    set(token: string, body: Buffer, sessionEndsAt: number, userId: string): void {
      forget(token);
      if (entries.size >= max) {
        const oldest = entries.keys().next();
        if (!oldest.done) forget(oldest.value);
      }
      const until = Math.min(now() + (heard ? heardTtlMs : ttlMs), sessionEndsAt);
      const hash = hashSessionToken(token);
      entries.set(token, { body, until, hash, userId });
      tokenOfHash.set(hash, token);
      const tokens = tokensOfUser.get(userId) ?? new Set<string>();
      tokens.add(token);
      tokensOfUser.set(userId, tokens);
    },
    forget,
    /** An announcement: `session:<hash>` ended, or `user:<id>` changed. Anything else forgets everything. */
    announced(payload: string): void {
      const at = payload.indexOf(":");
      const kind = payload.slice(0, at);
      const key = payload.slice(at + 1);
      if (kind === "session") {
        const token = tokenOfHash.get(key);
        if (token !== undefined) forget(token);
      } else if (kind === "user") {
        for (const token of [...(tokensOfUser.get(key) ?? [])]) forget(token);
      } else {
        forgetAll();
      }
    },
    /**
     * Whether announcements are heard from now on. Either way every kept answer is
     * forgotten: one kept while nothing was heard may outlive a session ended meanwhile.
     */
    hearing(on: boolean): void {
      heard = on;
      forgetAll();
    },
    /** How many answers are kept (for the tests). */
    get size(): number {
      return entries.size;
    },
  };
}

export type SessionAnswers = ReturnType<typeof createSessionAnswers>;

/**
 * Listens for the database's announcements of ended sessions and changed people (migration
 * 0015), and has `answers` forget what they name; `ready` resolves once it hears.
 */
export function hearSessionChanges(database: DatabaseHandle, answers: SessionAnswers, log: Logger) {
  return listenForNotifications(
    database,
    sessionChangesChannel,
    {
      message: (payload) => answers.announced(payload),
      listening: () => answers.hearing(true),
      lost: () => answers.hearing(false),
    },
    log,
  );
}
