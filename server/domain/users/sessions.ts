import { eq } from "drizzle-orm";
import { z } from "zod";
import { endSessionById, endSessionsOf, type SessionSummary } from "./session-store.ts";
import { sessions } from "../../db/schema/index.ts";
import { NotFoundError } from "../core/errors.ts";
import { id } from "../core/fields.ts";
import { userEntity } from "./entity.ts";
import { mailAccountChange } from "./mail.ts";

const sessionEnded = "That session has already ended.";

/** Ends one signed-in browser: your own, or (an admin) anyone's. */
export const revokeUserSession = userEntity.write({
  operation: "revokeSession",
  doing: "end this session",
  input: z.object({ sessionId: id }),
  run: async (scope, input): Promise<SessionSummary> => {
    const [session] = await scope.tx
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.id, input.sessionId))
      .limit(1);
    // Someone else's session, out of reach, reads as an ended one: its existence is not for this actor to learn.
    const user = session
      ? await scope.find(session.userId).catch((error: unknown) => {
          throw error instanceof NotFoundError ? new NotFoundError(sessionEnded) : error;
        })
      : undefined;
    const ended = user ? await endSessionById(scope.tx, input.sessionId, user.id) : undefined;
    if (!user || !ended) throw new NotFoundError(sessionEnded);
    // Which provider session that browser holds is unknown: all of them end, so every
    // browser must type the password at its next sign-in (its site session goes on).
    await scope.ports.providerSessions.endFor(scope.tx, user);
    if (user.id !== scope.actor.id) {
      await mailAccountChange(scope.tx, user, "A session of your Densara account was ended", [
        `${scope.actor.label} signed out one of your browsers (${ended.userAgent ?? "an unknown browser"}).`,
      ]);
    }
    await scope.audit({ row: user, before: { session: ended.userAgent ?? ended.id } });
    return ended;
  },
});

export const signOutOtherSessions = userEntity.write({
  operation: "revokeSession",
  action: "signOutOthers",
  doing: "end your other sessions",
  /** The session to keep (the browser asking); a script with a token keeps none. */
  input: z.object({ keepSessionId: id.nullable() }),
  run: async (scope, input): Promise<number> => {
    const me = await scope.find(scope.actor.id);
    await scope.ports.providerSessions.endFor(scope.tx, me);
    const ended = await endSessionsOf(scope.tx, me.id, input.keepSessionId ? { except: input.keepSessionId } : {});
    const kept = input.keepSessionId ? 1 : 0;
    await scope.audit({ row: me, before: { sessions: ended + kept }, after: { sessions: kept } });
    return ended;
  },
});
