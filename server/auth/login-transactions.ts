import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { loginTransactions } from "../db/schema/index.ts";

/** How long someone has to finish signing in at the provider. */
export const loginTransactionTtlS = 30 * 60;
/** How long an expired sign-in is kept, for its return target only (`latestReturnTo`). */
const transactionKeptS = 24 * 60 * 60;

function random(): string {
  return randomBytes(32).toString("base64url");
}

function hashBrowserSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}

export type LoginTransaction = { state: string; nonce: string; codeVerifier: string; returnTo: string };
export type ConsumeFailure = "unknown" | "expired" | "other-browser";

/**
 * The state, nonce and PKCE verifier of one authorization request. The callback may
 * use a transaction once, before it expires, and only from the browser that began it
 * (its secret sits in a short-lived cookie): a forged or replayed state fails.
 */
export function createLoginTransactions(db: Database, now: () => Date = () => new Date()) {
  async function begin(options: { returnTo: string; browserSecret: string }): Promise<LoginTransaction> {
    const transaction = { state: random(), nonce: random(), codeVerifier: random(), returnTo: options.returnTo };
    const at = now();
    await db.insert(loginTransactions).values({
      ...transaction,
      browserHash: hashBrowserSecret(options.browserSecret),
      createdAt: at,
      expiresAt: new Date(at.getTime() + loginTransactionTtlS * 1000),
    });
    return transaction;
  }

  async function consume(
    state: string,
    browserSecret: string | undefined,
  ): Promise<{ ok: true; transaction: LoginTransaction } | { ok: false; reason: ConsumeFailure }> {
    if (state.length === 0 || state.length > 128) return { ok: false, reason: "unknown" };
    if (browserSecret) {
      // Deleting and reading in one statement makes the transaction single-use even under
      // a race; only the browser that began it can use it up.
      const [row] = await db
        .delete(loginTransactions)
        .where(
          and(eq(loginTransactions.state, state), eq(loginTransactions.browserHash, hashBrowserSecret(browserSecret))),
        )
        .returning();
      if (row) {
        if (now() >= row.expiresAt) return { ok: false, reason: "expired" };
        return {
          ok: true,
          transaction: { state: row.state, nonce: row.nonce, codeVerifier: row.codeVerifier, returnTo: row.returnTo },
        };
      }
    }
    // Another browser's callback (a link sent to someone else, say) is refused and leaves
    // the sign-in in place, so the browser that began it can still finish.
    const [other] = await db
      .select({ state: loginTransactions.state })
      .from(loginTransactions)
      .where(eq(loginTransactions.state, state))
      .limit(1);
    return { ok: false, reason: other ? "other-browser" : "unknown" };
  }

  /** Whether this browser has other sign-ins under way (another tab), unexpired. */
  async function pendingFor(browserSecret: string): Promise<boolean> {
    const [row] = await db
      .select({ state: loginTransactions.state })
      .from(loginTransactions)
      .where(
        and(
          eq(loginTransactions.browserHash, hashBrowserSecret(browserSecret)),
          gt(loginTransactions.expiresAt, now()),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /**
   * Where this browser's newest sign-in was going, expired or not (kept a day): "Start
   * again" after an expired sign-in page, or a detour through a password reset, lands
   * where the person was headed. The state, nonce and verifier of an expired one stay
   * unusable (consume refuses them).
   */
  async function latestReturnTo(browserSecret: string): Promise<string | undefined> {
    const [row] = await db
      .select({ returnTo: loginTransactions.returnTo })
      .from(loginTransactions)
      .where(eq(loginTransactions.browserHash, hashBrowserSecret(browserSecret)))
      .orderBy(desc(loginTransactions.createdAt))
      .limit(1);
    return row?.returnTo;
  }

  async function sweep(): Promise<number> {
    const removed = await db
      .delete(loginTransactions)
      .where(lt(loginTransactions.expiresAt, new Date(now().getTime() - transactionKeptS * 1000)))
      .returning({ state: loginTransactions.state });
    return removed.length;
  }

  return { begin, consume, pendingFor, latestReturnTo, sweep };
}

export type LoginTransactions = ReturnType<typeof createLoginTransactions>;
