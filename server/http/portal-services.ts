import type { PortalServices, UserListEntry } from "../../app/lib/auth-context.ts";
import type { Database } from "../db/client.ts";
import { ForbiddenError, type Actor } from "../domain/authorization.ts";
import { listUsers, setUserDisabled, UserRuleError, type UserSummary } from "../domain/users.ts";

function entry(user: UserSummary): UserListEntry {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    disabled: user.disabledAt !== null,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The portal's operations bound to one signed-in person; server/domain decides what they may do. */
export function portalServicesFor(db: Database, actor: Actor): PortalServices {
  return {
    users: {
      async list() {
        try {
          return { ok: true, users: (await listUsers(db, actor)).map(entry) };
        } catch (error) {
          if (error instanceof ForbiddenError) return { ok: false, status: 403, message: error.message };
          throw error;
        }
      },
      async setDisabled(userId, disabled) {
        try {
          return { ok: true, user: entry(await setUserDisabled(db, actor, userId, disabled)) };
        } catch (error) {
          if (error instanceof ForbiddenError) return { ok: false, status: 403, message: error.message };
          if (error instanceof UserRuleError) return { ok: false, status: 400, message: error.message };
          throw error;
        }
      },
    },
  };
}
