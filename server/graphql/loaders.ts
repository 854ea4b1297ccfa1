import DataLoader from "dataloader";
import type { DomainContext } from "../domain/core/context.ts";
import type { AnyEntity } from "../domain/core/entity.ts";
import { getDocEditors, type DocEditor } from "../domain/docs/index.ts";
import { getMediaUploaders, type Uploader } from "../domain/media/index.ts";
import { countMembers, getOrganizationsByIds, type Organization } from "../domain/organizations/index.ts";
import { getUsersByIds, type User } from "../domain/users/index.ts";

/**
 * Batched lookups for one request: a page of 50 rows that each name a user costs one
 * query, not 50. They go through the domain like everything else, so a row the reader
 * may not see comes back as null.
 */
export function createLoaders(domain: DomainContext) {
  const reach = new Map<string, DataLoader<string, boolean>>();
  return {
    user: new DataLoader<string, User | null>(async (ids) => {
      const found = await getUsersByIds(domain, { ids: [...ids] });
      return ids.map((id) => found.find((user) => user.id === id) ?? null);
    }),
    organization: new DataLoader<string, Organization | null>(async (ids) => {
      const found = await getOrganizationsByIds(domain, { ids: [...ids] });
      return ids.map((id) => found.find((organization) => organization.id === id) ?? null);
    }),
    mediaUploader: new DataLoader<string, Uploader | null>(async (ids) => {
      const found = await getMediaUploaders(domain, { ids: [...ids] });
      return ids.map((id) => found.get(id) ?? null);
    }),
    docEditor: new DataLoader<string, DocEditor | null>(async (ids) => {
      const found = await getDocEditors(domain, { ids: [...ids] });
      return ids.map((id) => found.get(id) ?? null);
    }),
    memberCount: new DataLoader<string, number>(async (ids) => {
      const counts = await countMembers(domain, { ids: [...ids] });
      return ids.map((id) => counts.get(id) ?? 0);
    }),
    /** Whether each row is within the rule's filter of an operation, for this request's actor. */
    reach(entity: AnyEntity, operation: string): DataLoader<string, boolean> {
      const name = `${entity.name}.${operation}`;
      let loader = reach.get(name);
      if (!loader) {
        loader = new DataLoader<string, boolean>(async (keys) => {
          const found = await entity.keysInReach(domain.db, operation, domain.actor, keys);
          return keys.map((key) => found.has(key));
        });
        reach.set(name, loader);
      }
      return loader;
    },
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
