import { count, eq, ilike, sql } from "drizzle-orm";
import { z } from "zod";
import { listSessionsOf, type SessionSummary } from "./session-store.ts";
import { users } from "../../db/schema/index.ts";
import type { BlobRead } from "../../storage/blob-store.ts";
import { role } from "../core/access.ts";
import { NotFoundError } from "../core/errors.ts";
import { id, likePattern, oneLine, searchText, sortDirection } from "../core/fields.ts";
import { listInput, type Connection, type SortKey } from "../core/pagination.ts";
import { userEntity, userStatus, type User, type UserStatus } from "./entity.ts";

export const userSort = z
  .enum(["created", "name", "email", "lastSignIn"], { error: "Choose a sort order from the list." })
  .meta({ id: "UserSort" });
export type UserSort = z.output<typeof userSort>;

/** Each order, and its natural direction: names A to Z, dates newest first. */
const sortKeys: Record<UserSort, Omit<SortKey, "direction"> & { natural: "asc" | "desc" }> = {
  created: { key: users.createdAt, type: "timestamptz", id: users.id, natural: "desc" },
  name: { key: sql`lower(coalesce(${users.name}, ${users.email}, ''))`, type: "text", id: users.id, natural: "asc" },
  email: { key: sql`lower(coalesce(${users.email}, ''))`, type: "text", id: users.id, natural: "asc" },
  lastSignIn: {
    key: sql`coalesce(${users.lastLoginAt}, '-infinity'::timestamptz)`,
    type: "timestamptz",
    id: users.id,
    natural: "desc",
  },
};

export const listUsers = userEntity.read({
  operation: "read",
  doing: "see the list of users",
  input: listInput({
    search: searchText.describe("Part of a name or email address."),
    role: role.optional(),
    status: userStatus.optional(),
    organizationId: id.optional(),
    sort: userSort.default("created"),
    direction: sortDirection
      .optional()
      .describe("Names read A to Z and dates newest first unless this says otherwise."),
  }),
  run: async (scope, input): Promise<Connection<User>> => {
    const { natural, ...order } = sortKeys[input.sort];
    const conditions = [
      input.search
        ? ilike(
            sql`lower(coalesce(${users.name}, '') || ' ' || coalesce(${users.email}, ''))`,
            likePattern(input.search),
          )
        : undefined,
      input.role ? eq(users.role, input.role) : undefined,
      input.status ? eq(users.status, input.status) : undefined,
      input.organizationId ? eq(users.organizationId, input.organizationId) : undefined,
    ];
    return scope.page({ ...order, direction: input.direction ?? natural }, input, ...conditions);
  },
});

export const getUser = userEntity.read({
  operation: "read",
  doing: "see this user",
  input: z.object({ id }),
  run: (scope, input): Promise<User> => scope.find(input.id),
});

/** Users by id, for the API's batched lookups; rows outside the reader's reach are left out. */
export const getUsersByIds = userEntity.read({
  operation: "read",
  doing: "see these users",
  input: z.object({ ids: z.array(id).max(500) }),
  run: (scope, input): Promise<User[]> => scope.findMany(input.ids),
});

export const countUsersByStatus = userEntity.read({
  operation: "read",
  doing: "count users",
  input: z.object({}),
  run: async (scope): Promise<Record<UserStatus, number>> => {
    const rows = await scope.select({ status: users.status, value: count() }).groupBy(users.status);
    const counts: Record<UserStatus, number> = { invited: 0, active: 0, disabled: 0 };
    for (const row of rows) counts[row.status] = row.value;
    return counts;
  },
});

export const listUserSessions = userEntity.read({
  operation: "readSessions",
  doing: "see this user's sessions",
  input: z.object({ userId: id }),
  run: async (scope, input): Promise<SessionSummary[]> => {
    const user = await scope.find(input.userId);
    return listSessionsOf(scope.db, user.id, scope.now);
  },
});

/** A person's uploaded picture (a WebP, streamed from the file store), for whoever may see that person. */
export const getUserPicture = userEntity.read({
  operation: "read",
  doing: "see this picture",
  internal: "the HTTP picture route serves the file (server/http/pictures.ts); the API gives its address",
  // Any text: a malformed id names no one, so it is "not found" like an unknown one.
  input: z.object({ userId: oneLine("the picture's address").max(64) }),
  run: async (scope, input): Promise<BlobRead> => {
    const user = await scope.find(input.userId);
    const file = user.pictureFile ? await scope.ports.files.get(user.pictureFile) : null;
    if (!file) throw new NotFoundError("That person has no picture.");
    return file;
  },
});
