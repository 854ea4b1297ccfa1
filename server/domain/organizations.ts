import { and, count, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { organizations, users, type OrganizationContact, type OrganizationProduct } from "../db/schema.ts";
import { allow, defineAccess, type Actor } from "./access.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "./errors.ts";
import { email, id, likePattern, optionalText, requiredText, searchText, versionField } from "./fields.ts";
import { defineOperation, type Scope } from "./operation.ts";
import { pageArgs, pageOf, pageQuery, type Connection, type SortKey } from "./pagination.ts";
import { userLabel, type User } from "./users.ts";

export type Organization = typeof organizations.$inferSelect;
export type { OrganizationContact, OrganizationProduct };

export const organizationKinds = ["clinic", "hospital", "distributor", "research_site"] as const;
export const certificationStatuses = ["not_certified", "in_training", "certified", "lapsed"] as const;
export const products = ["v4", "v5"] as const;

const ownOrganization = (actor: Actor): SQL =>
  actor.organizationId ? eq(organizations.id, actor.organizationId) : sql`false`;

/** Admins manage organizations; everyone else sees only their own. */
export const organizationAccess = defineAccess("organization", {
  read: allow.roleOrRows("admin", ownOrganization),
  create: allow.role("admin"),
  update: allow.role("admin"),
  delete: allow.role("admin"),
  addMember: allow.role("admin"),
  removeMember: allow.role("admin"),
  setPublicListing: allow.role("admin"),
  certify: allow.role("admin"),
});

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

/** Codes the region names know that are no country: groupings, pseudo-regions and "Unknown Region". */
const notCountries = new Set(["EU", "EZ", "UN", "QO", "XA", "XB", "ZZ"]);

/** An ISO 3166-1 alpha-2 code that names a real country or territory, as it is today (GB, not UK). */
const country = z
  .string({ error: "Choose a country." })
  .trim()
  .toUpperCase()
  // Stops here: the region names throw on anything but two letters ("Germany", "DEU").
  .regex(/^[A-Z]{2}$/, { message: "Choose a country.", abort: true })
  .refine(
    (code) =>
      regionNames.of(code) !== code &&
      !notCountries.has(code) &&
      Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`,
    "Choose a country from the list.",
  );

export function countryName(code: string): string {
  return regionNames.of(code) ?? code;
}

const phone = z
  .string()
  .trim()
  .max(40, "Use at most 40 characters.")
  .regex(
    /^$|^\+?[0-9 ().-]{5,}$/,
    "Enter a phone number with digits, spaces, brackets or dashes, like +1 555 010 1234.",
  )
  .nullish()
  .transform((value) => (value ? value : null));

const optionalEmail = z
  .string()
  .trim()
  .max(320, "That email address is too long.")
  .nullish()
  .transform((value) => (value ? value.toLowerCase() : null))
  .pipe(email.nullable());

const website = z
  .string()
  .trim()
  .max(300, "Use at most 300 characters.")
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(
    z.url({ protocol: /^https$/, error: "Enter the full https address, like https://www.example.com." }).nullable(),
  );

const contact = z.object({
  name: requiredText(120, "Enter the contact's name."),
  role: optionalText(120),
  email: optionalEmail,
  phone,
});

const product = z.object({
  product: z.enum(products, { error: "Choose v4 or v5." }),
  units: z
    .number({ error: "Enter how many units." })
    .int("Enter a whole number of units.")
    .min(1, "At least 1 unit.")
    .max(10_000, "At most 10,000 units."),
});

const certification = z
  .object({
    certificationStatus: z.enum(certificationStatuses),
    certifiedUntil: z.iso
      .date("Enter a date, like 2027-06-30.")
      .nullish()
      .transform((value) => value ?? null),
  })
  .refine((value) => value.certificationStatus !== "certified" || value.certifiedUntil !== null, {
    message: "Enter the date the certification runs until.",
    path: ["certifiedUntil"],
  });

const details = z.object({
  name: requiredText(160, "Enter the organization's name."),
  kind: z.enum(organizationKinds, { error: "Choose the kind of organization." }),
  street: optionalText(200).transform((value) => value ?? ""),
  city: requiredText(120, "Enter the city."),
  region: optionalText(120).transform((value) => value ?? ""),
  postalCode: optionalText(20).transform((value) => value ?? ""),
  country,
  phone,
  email: optionalEmail,
  website,
  contacts: z.array(contact).max(10, "Keep at most 10 contacts.").default([]),
  products: z
    .array(product)
    .max(products.length)
    .default([])
    .refine(
      (list) => new Set(list.map((item) => item.product)).size === list.length,
      "List each product once, with its number of units.",
    ),
  publicListing: z.boolean().default(false),
});

const organizationInput = details.and(certification);

/** The fields the activity log compares. */
function recorded(organization: Organization): Record<string, unknown> {
  const { id: _id, createdAt: _created, updatedAt: _updated, version: _version, ...fields } = organization;
  return fields;
}

async function targetOrganization(scope: Scope<Actor>, organizationId: string): Promise<Organization> {
  const [row] = await scope.db
    .select({ organization: organizations, allowed: scope.rows ? sql<boolean>`${scope.rows}` : sql<boolean>`true` })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!row) throw new NotFoundError("That organization does not exist.");
  if (!row.allowed) throw new ForbiddenError("You can only see your own organization.");
  return row.organization;
}

function uniqueName(error: unknown, name: string): never {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } }).code ??
    (error as { cause?: { code?: unknown } }).cause?.code;
  // A taken name is the name field's problem: the form marks it there.
  if (code === "23505") throw new ValidationError({ name: `There is already an organization called ${name}.` });
  throw error;
}

async function updateOrganization(
  scope: Scope<Actor>,
  organization: Organization,
  expectedVersion: number,
  changes: Partial<typeof organizations.$inferInsert>,
): Promise<Organization> {
  const [updated] = await scope.db
    .update(organizations)
    .set({ ...changes, version: sql`${organizations.version} + 1`, updatedAt: scope.now })
    .where(and(eq(organizations.id, organization.id), eq(organizations.version, expectedVersion)))
    .returning()
    .catch((error: unknown) => uniqueName(error, changes.name ?? organization.name));
  if (!updated) {
    throw new ConflictError(
      `${organization.name} was changed by someone else while you were editing. Reload to see the latest, then try again.`,
    );
  }
  return updated;
}

// ---------------------------------------------------------------------------------------
// Reading

export const organizationSorts = ["name", "city", "created", "updated"] as const;
export type OrganizationSort = (typeof organizationSorts)[number];

const sortKeys: Record<OrganizationSort, Omit<SortKey, "direction">> = {
  name: { key: sql`lower(${organizations.name})`, type: "text", id: organizations.id },
  city: { key: sql`lower(${organizations.city})`, type: "text", id: organizations.id },
  created: { key: organizations.createdAt, type: "timestamptz", id: organizations.id },
  updated: { key: organizations.updatedAt, type: "timestamptz", id: organizations.id },
};

/** A row's place in the order, for its cursor; `key` is the sort key as the database computed it. */
function sortValue(organization: Organization, sort: OrganizationSort, key: string): string {
  switch (sort) {
    case "name":
    case "city":
      // The database's lower(), not JavaScript's: they differ for some letters (İ, a final Σ),
      // and a cursor that does not match its row's key skips rows or pages in a circle.
      return key;
    case "created":
      return organization.createdAt.toISOString();
    case "updated":
      return organization.updatedAt.toISOString();
  }
}

export const listOrganizations = defineOperation({
  access: organizationAccess,
  operation: "read",
  doing: "see organizations",
  input: z.object({
    search: searchText,
    kind: z.enum(organizationKinds).optional(),
    certificationStatus: z.enum(certificationStatuses).optional(),
    publicListing: z.boolean().optional(),
    sort: z.enum(organizationSorts).default("name"),
    direction: z.enum(["asc", "desc"]).default("asc"),
    page: pageArgs.prefault({}),
  }),
  write: false,
  run: async (scope, input): Promise<Connection<Organization>> => {
    const sort = { ...sortKeys[input.sort], direction: input.direction };
    const page = pageQuery(sort, input.page);
    const conditions: (SQL | undefined)[] = [scope.rows, page.where];
    if (input.search) {
      conditions.push(
        ilike(sql`lower(${organizations.name} || ' ' || ${organizations.city})`, likePattern(input.search)),
      );
    }
    if (input.kind) conditions.push(eq(organizations.kind, input.kind));
    if (input.certificationStatus) conditions.push(eq(organizations.certificationStatus, input.certificationStatus));
    if (input.publicListing !== undefined) conditions.push(eq(organizations.publicListing, input.publicListing));
    const rows = await scope.db
      .select({ organization: organizations, key: sql<string>`${sort.key}::text` })
      .from(organizations)
      .where(and(...conditions))
      .orderBy(...page.orderBy)
      .limit(page.limit);
    const connection = pageOf(rows, page, input.page, (row) => [
      sortValue(row.organization, input.sort, row.key),
      row.organization.id,
    ]);
    return { ...connection, nodes: connection.nodes.map((row) => row.organization) };
  },
});

export const getOrganization = defineOperation({
  access: organizationAccess,
  operation: "read",
  doing: "see this organization",
  input: z.object({ id }),
  write: false,
  run: async (scope, input): Promise<Organization> => targetOrganization(scope, input.id),
});

/** Organizations by id, for the API's batched lookups; rows outside the reader's reach are left out. */
export const getOrganizationsByIds = defineOperation({
  access: organizationAccess,
  operation: "read",
  doing: "see these organizations",
  input: z.object({ ids: z.array(id).max(500) }),
  write: false,
  run: async (scope, input): Promise<Organization[]> => {
    if (input.ids.length === 0) return [];
    return scope.db
      .select()
      .from(organizations)
      .where(and(inArray(organizations.id, input.ids), scope.rows));
  },
});

/** How many people belong to each organization. */
export const countMembers = defineOperation({
  access: organizationAccess,
  operation: "read",
  doing: "count members",
  input: z.object({ ids: z.array(id).max(500) }),
  write: false,
  run: async (scope, input): Promise<Map<string, number>> => {
    const counts = new Map(input.ids.map((organizationId) => [organizationId, 0]));
    if (input.ids.length === 0) return counts;
    const rows = await scope.db
      .select({ organizationId: users.organizationId, value: count() })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(and(inArray(users.organizationId, input.ids), scope.rows))
      .groupBy(users.organizationId);
    for (const row of rows) if (row.organizationId) counts.set(row.organizationId, row.value);
    return counts;
  },
});

export const countOrganizations = defineOperation({
  access: organizationAccess,
  operation: "read",
  doing: "count organizations",
  input: z.object({}),
  write: false,
  run: async (scope): Promise<{ total: number; listed: number; certified: number }> => {
    const [row] = await scope.db
      .select({
        total: count(),
        listed: sql<number>`count(*) filter (where ${organizations.publicListing})`.mapWith(Number),
        certified: sql<number>`count(*) filter (where ${organizations.certificationStatus} = 'certified')`.mapWith(
          Number,
        ),
      })
      .from(organizations)
      .where(scope.rows);
    return row ?? { total: 0, listed: 0, certified: 0 };
  },
});

// ---------------------------------------------------------------------------------------
// Writing

export const createOrganization = defineOperation({
  access: organizationAccess,
  operation: "create",
  doing: "add organizations",
  input: organizationInput,
  write: true,
  run: async (scope, input): Promise<Organization> => {
    const [created] = await scope.db
      .insert(organizations)
      .values({ ...input, createdAt: scope.now, updatedAt: scope.now })
      .returning()
      .catch((error: unknown) => uniqueName(error, input.name));
    if (!created) throw new Error("the organization was not saved");
    await scope.audit({
      target: { type: "organization", id: created.id, label: created.name },
      after: recorded(created),
    });
    return created;
  },
});

export const updateOrganizationDetails = defineOperation({
  access: organizationAccess,
  operation: "update",
  doing: "edit organizations",
  input: z.object({ id, version: versionField }).and(organizationInput),
  write: true,
  run: async (scope, input): Promise<Organization> => {
    const organization = await targetOrganization(scope, input.id);
    const { id: _id, version, ...changes } = input;
    const updated = await updateOrganization(scope, organization, version, changes);
    await scope.audit({
      target: { type: "organization", id: updated.id, label: updated.name },
      before: recorded(organization),
      after: recorded(updated),
    });
    return updated;
  },
});

export const setPublicListing = defineOperation({
  access: organizationAccess,
  operation: "setPublicListing",
  doing: "change public listings",
  input: z.object({ id, version: versionField, publicListing: z.boolean() }),
  write: true,
  run: async (scope, input): Promise<Organization> => {
    const organization = await targetOrganization(scope, input.id);
    const updated = await updateOrganization(scope, organization, input.version, {
      publicListing: input.publicListing,
    });
    await scope.audit({
      target: { type: "organization", id: updated.id, label: updated.name },
      before: { publicListing: organization.publicListing },
      after: { publicListing: updated.publicListing },
    });
    return updated;
  },
});

export const certifyOrganization = defineOperation({
  access: organizationAccess,
  operation: "certify",
  doing: "change certifications",
  input: z.object({ id, version: versionField }).and(certification),
  write: true,
  run: async (scope, input): Promise<Organization> => {
    const organization = await targetOrganization(scope, input.id);
    const updated = await updateOrganization(scope, organization, input.version, {
      certificationStatus: input.certificationStatus,
      certifiedUntil: input.certifiedUntil,
    });
    await scope.audit({
      target: { type: "organization", id: updated.id, label: updated.name },
      before: { certificationStatus: organization.certificationStatus, certifiedUntil: organization.certifiedUntil },
      after: { certificationStatus: updated.certificationStatus, certifiedUntil: updated.certifiedUntil },
    });
    return updated;
  },
});

export const deleteOrganization = defineOperation({
  access: organizationAccess,
  operation: "delete",
  doing: "delete organizations",
  input: z.object({ id, version: versionField }),
  write: true,
  run: async (scope, input): Promise<Organization> => {
    const organization = await targetOrganization(scope, input.id);
    const [deleted] = await scope.db
      .delete(organizations)
      .where(and(eq(organizations.id, organization.id), eq(organizations.version, input.version)))
      .returning();
    if (!deleted) {
      throw new ConflictError(`${organization.name} was changed by someone else. Reload to see the latest first.`);
    }
    // Its members stay, without an organization (the foreign key sets it to null).
    await scope.audit({
      target: { type: "organization", id: organization.id, label: organization.name },
      before: recorded(organization),
    });
    return deleted;
  },
});

async function memberChange(
  scope: Scope<Actor>,
  input: { organizationId: string; userId: string },
  change: "add" | "remove",
): Promise<User> {
  const organization = await targetOrganization(scope, input.organizationId);
  const [user] = await scope.db.select().from(users).where(eq(users.id, input.userId)).limit(1).for("update");
  if (!user) throw new NotFoundError("That user does not exist.");
  if (change === "remove" && user.organizationId !== organization.id) {
    throw new ConflictError(`${userLabel(user)} is not a member of ${organization.name}.`);
  }
  const organizationId = change === "add" ? organization.id : null;
  if (user.organizationId === organizationId) {
    scope.unchanged();
    return user;
  }
  const [updated] = await scope.db
    .update(users)
    .set({ organizationId, version: sql`${users.version} + 1`, updatedAt: scope.now })
    .where(eq(users.id, user.id))
    .returning();
  if (!updated) throw new Error("the member was not saved");
  await scope.audit({
    target: { type: "organization", id: organization.id, label: organization.name },
    before: { member: change === "add" ? null : userLabel(user), memberOf: user.organizationId },
    after: { member: change === "add" ? userLabel(user) : null, memberOf: organizationId },
  });
  return updated;
}

export const addMember = defineOperation({
  access: organizationAccess,
  operation: "addMember",
  doing: "add members to organizations",
  input: z.object({ organizationId: id, userId: id }),
  write: true,
  run: (scope, input) => memberChange(scope, input, "add"),
});

export const removeMember = defineOperation({
  access: organizationAccess,
  operation: "removeMember",
  doing: "remove members from organizations",
  input: z.object({ organizationId: id, userId: id }),
  write: true,
  run: (scope, input) => memberChange(scope, input, "remove"),
});
