import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import { previewTokens } from "../../db/schema/index.ts";
import { hasRole } from "../core/access.ts";
import { oneLine } from "../core/fields.ts";
import { docEntity } from "./entity.ts";

/** How long a preview link lasts: a working day. */
export const previewLifetimeMs = 8 * 60 * 60 * 1000;

export function previewTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * A preview link for editors: while it lasts, an editor or admin who opens the docs with
 * it sees drafts; anyone else sees nothing more than before. The token is shown once.
 */
export const startDocsPreview = docEntity.write({
  operation: "preview",
  doing: "preview drafts",
  input: z.object({ staging: z.boolean().default(false) }),
  run: async (scope, input): Promise<{ token: string; expiresAt: Date; staging: boolean }> => {
    const token = randomBytes(24).toString("base64url");
    const expiresAt = new Date(scope.now.getTime() + previewLifetimeMs);
    const [row] = await scope.tx
      .insert(previewTokens)
      .values({
        tokenHash: previewTokenHash(token),
        staging: input.staging,
        createdById: scope.actor.id,
        expiresAt,
        createdAt: scope.now,
      })
      .returning({ id: previewTokens.id });
    // Expired links are forgotten as new ones are made.
    await scope.tx
      .delete(previewTokens)
      .where(sql`${previewTokens.expiresAt} < ${scope.now.toISOString()}::timestamptz`);
    await scope.audit({
      target: { type: "doc", id: row?.id ?? "", label: input.staging ? "Drafts preview (staging)" : "Drafts preview" },
      after: { expiresAt: expiresAt.toISOString(), staging: input.staging },
    });
    return { token, expiresAt, staging: input.staging };
  },
});

/**
 * Whether a preview link is good: for an editor or admin, its mode while it lasts; for
 * anyone else, or a link that ended or never was, nothing (they see what they always see).
 */
export const checkDocsPreview = docEntity.read({
  operation: "read",
  doing: "read the docs",
  input: z.object({ token: oneLine("the preview link").min(16).max(100) }),
  run: async (scope, input): Promise<{ staging: boolean; expiresAt: Date } | null> => {
    if (!hasRole(scope.actor, "editor")) return null;
    const [row] = await scope.db
      .select({ staging: previewTokens.staging, expiresAt: previewTokens.expiresAt })
      .from(previewTokens)
      .where(and(eq(previewTokens.tokenHash, previewTokenHash(input.token)), gt(previewTokens.expiresAt, scope.now)));
    return row ?? null;
  },
});
