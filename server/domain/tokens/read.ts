import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { personalAccessTokens } from "../../db/schema/index.ts";
import { id } from "../core/fields.ts";
import { tokenEntity, type PersonalAccessToken } from "./entity.ts";

/** One person's tokens, newest first: your own, or (an admin) anyone's. */
export const listTokens = tokenEntity.read({
  operation: "read",
  doing: "see access tokens",
  input: z.object({ userId: id.optional().describe("Whose tokens (admins); yours when left out.") }),
  run: async (scope, input): Promise<PersonalAccessToken[]> => {
    const rows = await scope
      .select({ token: personalAccessTokens }, eq(personalAccessTokens.userId, input.userId ?? scope.actor.id))
      .orderBy(desc(personalAccessTokens.createdAt));
    return rows.map((row) => row.token);
  },
});
