import { count, eq, ilike, inArray, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { organizations, users } from "../../db/schema/index.ts";
import { id, likePattern, searchText, sortDirection } from "../core/fields.ts";
import { listInput, type Connection, type SortKey } from "../core/pagination.ts";
import { organizationEntity, type Organization } from "./entity.ts";
import { certificationStatus, organizationKind } from "./fields.ts";

export const organizationSort = z
  .enum(["name", "city", "created", "updated"], { error: "Choose a sort order from the list." })
  .meta({ id: "OrganizationSort" });
export type OrganizationSort = z.output<typeof organizationSort>;

/** Each order, and its natural direction: names and cities A to Z, dates newest first. */
const sortKeys: Record<OrganizationSort, Omit<SortKey, "direction"> & { natural: "asc" | "desc" }> = {
  name: { key: sql`lower(${organizations.name})`, type: "text", id: organizations.id, natural: "asc" },
  city: { key: sql`lower(${organizations.city})`, type: "text", id: organizations.id, natural: "asc" },
  created: { key: organizations.createdAt, type: "timestamptz", id: organizations.id, natural: "desc" },
  updated: { key: organizations.updatedAt, type: "timestamptz", id: organizations.id, natural: "desc" },
};

export const listOrganizations = organizationEntity.read({
  operation: "read",
  doing: "see organizations",
  input: listInput({
    search: searchText.describe("Part of a name or city."),
    kind: organizationKind.optional(),
    certificationStatus: certificationStatus.optional(),
    publicListing: z.boolean().optional().describe("Listed on the public locations page, or not."),
    sort: organizationSort.default("name"),
    direction: sortDirection
      .optional()
      .describe("Names read A to Z and dates newest first unless this says otherwise."),
  }),
  run: async (scope, input): Promise<Connection<Organization>> => {
    const { natural, ...order } = sortKeys[input.sort];
    const conditions = [
      input.search
        ? ilike(sql`lower(${organizations.name} || ' ' || ${organizations.city})`, likePattern(input.search))
        : undefined,
      input.kind ? eq(organizations.kind, input.kind) : undefined,
      input.certificationStatus ? eq(organizations.certificationStatus, input.certificationStatus) : undefined,
      input.publicListing !== undefined ? eq(organizations.publicListing, input.publicListing) : undefined,
    ];
    return scope.page({ ...order, direction: input.direction ?? natural }, input, ...conditions);
  },
});

export const getOrganization = organizationEntity.read({
  operation: "read",
  doing: "see this organization",
  input: z.object({ id }),
  run: (scope, input): Promise<Organization> => scope.find(input.id),
});

/** Organizations by id, for the API's batched lookups; rows outside the reader's reach are left out. */
export const getOrganizationsByIds = organizationEntity.read({
  operation: "read",
  doing: "see these organizations",
  input: z.object({ ids: z.array(id).max(500) }),
  run: (scope, input): Promise<Organization[]> => scope.findMany(input.ids),
});

/** How many people belong to each organization the reader may see. */
export const countMembers = organizationEntity.read({
  operation: "read",
  doing: "count members",
  input: z.object({ ids: z.array(id).max(500) }),
  run: async (scope, input): Promise<Map<string, number>> => {
    if (input.ids.length === 0) return new Map();
    const rows = await scope
      .select({ organizationId: organizations.id, value: count(users.id) }, inArray(organizations.id, input.ids))
      .leftJoin(users, eq(users.organizationId, organizations.id))
      .groupBy(organizations.id);
    return new Map(rows.map((row) => [row.organizationId, row.value]));
  },
});

export const countOrganizations = organizationEntity.read({
  operation: "read",
  doing: "count organizations",
  input: z.object({}),
  run: async (scope): Promise<{ total: number; listed: number; certified: number }> => {
    const [row] = await scope.select({
      total: count(),
      listed: sql<number>`count(*) filter (where ${organizations.publicListing})`.mapWith(Number),
      certified: sql<number>`count(*) filter (where ${organizations.certificationStatus} = 'certified')`.mapWith(
        Number,
      ),
    });
    return row ?? { total: 0, listed: 0, certified: 0 };
  },
});

/**
 * Certified organizations whose certification ends within `withinDays` (or has ended
 * while they are still marked certified), the soonest first: the overview's reminder to
 * renew them or mark them lapsed.
 */
export const listExpiringCertifications = organizationEntity.read({
  operation: "oversee",
  doing: "see certifications about to end",
  input: listInput({
    withinDays: z
      .number()
      .int("Give a whole number of days.")
      .min(1, "Give at least 1 day.")
      .max(365, "Give at most 365 days.")
      .default(60),
  }),
  run: (scope, input): Promise<Connection<Organization>> => {
    const until = new Date(scope.now.getTime() + input.withinDays * 24 * 60 * 60 * 1000);
    return scope.page(
      {
        key: sql`${organizations.certifiedUntil}::timestamptz`,
        type: "timestamptz",
        id: organizations.id,
        direction: "asc",
      },
      input,
      eq(organizations.certificationStatus, "certified"),
      lte(organizations.certifiedUntil, until.toISOString().slice(0, 10)),
    );
  },
});
