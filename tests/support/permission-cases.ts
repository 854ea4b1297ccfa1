import { readdir } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Database } from "../../server/db/client.ts";
import type { Role } from "../../server/domain/core/access.ts";
import type { AnyEntity } from "../../server/domain/core/entity.ts";
import { domainOperations } from "../../server/domain/index.ts";
import type { Probe } from "./domain-probes.ts";

/**
 * The permission matrix's rows, kept by each entity in its own folder
 * (`server/domain/<entity>/permissions.cases.ts`) and gathered here for the matrix
 * (server/domain/permissions.test.ts) and the version checks (versions.test.ts). Each
 * cell must come out exactly so:
 *
 * - "allow": the operation succeeds;
 * - "refuse": it is refused as forbidden (or, anonymous, asked to sign in);
 * - "own": the rule gives this role a row filter. On someone else's row the operation
 *   finds nothing (not found, exactly as a missing row); on the actor's own it succeeds;
 *   and a list or count holds only the actor's own rows.
 */
export type Outcome = "allow" | "refuse" | "own";
export type Who = "anonymous" | Role;
export const everyone: readonly Who[] = ["anonymous", "viewer", "editor", "admin"];

export const row = (anonymous: Outcome, viewer: Outcome, editor: Outcome, admin: Outcome) => ({
  anonymous,
  viewer,
  editor,
  admin,
});
export const anyone = row("allow", "allow", "allow", "allow");
export const adminsOnly = row("refuse", "refuse", "refuse", "allow");
export const signedIn = row("refuse", "allow", "allow", "allow");
export const editors = row("refuse", "refuse", "allow", "allow");
/** Editors and admins reach every row; viewers those of published releases ("own" here). */
export const editorsAllOthersPublished = row("refuse", "own", "allow", "allow");
export const adminsAllOthersOwn = row("refuse", "own", "own", "allow");
export const ownForEditors = row("refuse", "refuse", "own", "own");

/** One operation's row of the matrix: who may run it, the probe that tries, and its version check. */
export type PermissionCase = {
  who: Record<Who, Outcome>;
  probe: Probe;
  /** A write that names the version it starts from: a stale one must be a conflict (versions.test.ts). */
  namesVersion?: true;
  /** How someone else changes the row first, when moving its `version` on is not how (the settings). */
  changedMeanwhile?: (tx: Database, input: { id?: string }) => Promise<void>;
};

/** An entity folder's rows, by the operations' exported names. */
export function permissionCases(cases: Record<string, PermissionCase>): Record<string, PermissionCase> {
  return cases;
}

const domainDirectory = fileURLToPath(new URL("../../server/domain/", import.meta.url));

/**
 * Every entity folder's rows. A folder's rows are for operations on the entities that
 * folder exports (its `index.ts`): a row kept in another entity's folder is an error, and so
 * is an operation the registry does not have. Whether every registered operation has a row
 * is the matrix's own first test.
 */
export async function gatherCases(): Promise<Record<string, PermissionCase>> {
  const gathered: Record<string, PermissionCase> = {};
  for (const entry of await readdir(domainDirectory, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === "core") continue;
    const folder = new URL(`${entry.name}/`, pathToFileURL(domainDirectory));
    const files = await readdir(folder);
    if (!files.includes("permissions.cases.ts")) continue;
    const { cases } = (await import(new URL("permissions.cases.ts", folder).href)) as {
      cases: Record<string, PermissionCase>;
    };
    const exported = Object.values((await import(new URL("index.ts", folder).href)) as Record<string, unknown>);
    for (const [name, permissionCase] of Object.entries(cases)) {
      const operation = domainOperations[name];
      if (!operation)
        throw new Error(`${entry.name}/permissions.cases.ts: ${name} is not an operation the registry has`);
      if (!exported.includes(operation.entity satisfies AnyEntity)) {
        throw new Error(`${entry.name}/permissions.cases.ts: ${name} belongs with ${operation.entity.name}'s rows`);
      }
      if (Object.hasOwn(gathered, name)) throw new Error(`${name} has rows in two folders`);
      gathered[name] = permissionCase;
    }
  }
  return gathered;
}
