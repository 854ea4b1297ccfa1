import DataLoader from "dataloader";
import type { DomainContext } from "../domain/operation.ts";
import { countMembers, getOrganizationsByIds, type Organization } from "../domain/organizations.ts";
import { getUsersByIds, type User } from "../domain/users.ts";

/**
 * Batched lookups for one request: a page of 50 rows that each name a user costs one
 * query, not 50. They go through the domain like everything else, so a row the reader
 * may not see comes back as null.
 */
export function createLoaders(domain: DomainContext) {
  return {
    user: new DataLoader<string, User | null>(async (ids) => {
      const found = await getUsersByIds(domain, { ids: [...ids] });
      return ids.map((id) => found.find((user) => user.id === id) ?? null);
    }),
    organization: new DataLoader<string, Organization | null>(async (ids) => {
      const found = await getOrganizationsByIds(domain, { ids: [...ids] });
      return ids.map((id) => found.find((organization) => organization.id === id) ?? null);
    }),
    memberCount: new DataLoader<string, number>(async (ids) => {
      const counts = await countMembers(domain, { ids: [...ids] });
      return ids.map((id) => counts.get(id) ?? 0);
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
