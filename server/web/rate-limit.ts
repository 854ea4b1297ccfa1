import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rateLimits } from "../db/schema/index.ts";
import type { RateLimit, RateLimitPort, RateLimitResult } from "../domain/core/context.ts";

export type { RateLimit, RateLimitResult };

/**
 * Password sign-in attempts:
 * - per client address, whatever the account;
 * - per pair of client address and account: the back-off a guesser meets, which does
 *   not touch the owner signing in from elsewhere;
 * - per account from everywhere, much looser, so spreading a guess over many addresses
 *   does not help; reaching it pauses password sign-in for the account, mails the owner
 *   a link that lifts the pause, and takes many addresses to reach.
 * Each is counted for any address typed, known or not, so refusals reveal nothing.
 */
export const loginLimits = {
  perAddress: { limit: 20, windowS: 15 * 60 },
  perPair: { limit: 5, windowS: 15 * 60 },
  perAccount: { limit: 50, windowS: 60 * 60 },
} as const satisfies Record<string, RateLimit>;

/**
 * One more hit on a fixed-window counter in the database, shared by every server process:
 * one atomic upsert, and a new window starts when the old one has run out.
 */
async function hitCounter(
  db: Database,
  key: string,
  { limit, windowS }: RateLimit,
  at: Date,
): Promise<RateLimitResult> {
  const windowEndsBefore = new Date(at.getTime() - windowS * 1000);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: at, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowEndsBefore} then ${at} else ${rateLimits.windowStart} end`,
        count: sql`case when ${rateLimits.windowStart} <= ${windowEndsBefore} then 1 else ${rateLimits.count} + 1 end`,
      },
    })
    .returning({ windowStart: rateLimits.windowStart, count: rateLimits.count });
  if (!row) throw new Error("the rate limit counter did not answer");
  const windowEnds = row.windowStart.getTime() + windowS * 1000;
  return {
    allowed: row.count <= limit,
    count: row.count,
    retryAfterS: row.count <= limit ? 0 : Math.max(1, Math.ceil((windowEnds - at.getTime()) / 1000)),
  };
}

/** The domain's rate limits, counted in the operation's own transaction. */
export const databaseRateLimits: RateLimitPort = { hit: hitCounter };

/** The rate limits of requests outside the domain (sign-in, sign-up), on the database given. */
export function createRateLimiter(db: Database, now: () => Date = () => new Date()) {
  function hit(key: string, rule: RateLimit): Promise<RateLimitResult> {
    return hitCounter(db, key, rule, now());
  }

  /** Forgets a key, e.g. an account's failures after a successful sign-in. */
  async function reset(key: string): Promise<void> {
    await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
  }

  /** Forgets counters whose window ended long ago (every window here is shorter than a day). */
  async function sweep(olderThanS = 24 * 60 * 60): Promise<number> {
    const cutoff = new Date(now().getTime() - olderThanS * 1000);
    const removed = await db
      .delete(rateLimits)
      .where(sql`${rateLimits.windowStart} < ${cutoff}`)
      .returning({ key: rateLimits.key });
    return removed.length;
  }

  return { hit, reset, sweep };
}
