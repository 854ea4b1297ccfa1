import { permissionCases, row } from "../../../tests/support/permission-cases.ts";
import { aimedAt, seen } from "../../../tests/support/domain-probes.ts";
import type { PersonalAccessToken } from "./index.ts";

/**
 * The permission matrix's rows for this folder's operations (server/domain/permissions.test.ts
 * gathers them): who may run each, the probe that tries it on the actor's own rows and on
 * someone else's (tests/support/domain-probes.ts has the fixture), and which writes name
 * the version they start from.
 *
 * Tokens: editors and admins; an admin reaches everyone's.
 */
export const cases = permissionCases({
  listTokens: {
    who: row("refuse", "refuse", "own", "allow"),
    probe: {
      input: (f, me, target) => ({ userId: aimedAt(f, me, target).id }),
      onlyOwn: (result, me) => seen(result as PersonalAccessToken[], (token) => token.userId === me.id),
    },
  },
  createToken: {
    who: row("refuse", "refuse", "allow", "allow"),
    probe: { input: () => ({ name: "probe", role: "viewer", expiresInDays: 30 }) },
  },
  revokeToken: {
    who: row("refuse", "refuse", "own", "allow"),
    probe: {
      // An admin's "other" is the editor's token; an editor's own is theirs, and another's the admin's.
      input: (f, me, target) => {
        if (me?.role === "admin") return { id: target === "own" ? f.tokens.admin.id : f.tokens.editor.id };
        return { id: target === "own" ? f.tokens.editor.id : f.tokens.admin.id };
      },
    },
  },
});
