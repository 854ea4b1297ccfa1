import { TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, databaseKinds } from "../../tests/support/databases.ts";
import { domainContext } from "../../tests/support/domain.ts";
import { createSessionStore } from "../auth/sessions.ts";
import type { Database, DatabaseHandle } from "../db/client.ts";
import { organizations, personalAccessTokens, users } from "../db/schema.ts";
import type { Actor, Role } from "./access.ts";
import { ForbiddenError, UnauthenticatedError } from "./errors.ts";
import { domainOperations } from "./index.ts";
import { actorFor, type User } from "./users.ts";

/**
 * The permission matrix: every domain operation (found in the entity modules, so a new
 * one cannot be left out) for the anonymous visitor and every role, against the outcome
 * written out below. "own" means: allowed on the actor's own rows, refused on others'.
 */
type Outcome = "allow" | "refuse" | "own";
type Who = "anonymous" | Role;
const everyone: Who[] = ["anonymous", "viewer", "editor", "admin"];

const row = (anonymous: Outcome, viewer: Outcome, editor: Outcome, admin: Outcome) => ({
  anonymous,
  viewer,
  editor,
  admin,
});
const adminsOnly = row("refuse", "refuse", "refuse", "allow");
const signedIn = row("refuse", "allow", "allow", "allow");
const adminsAllOthersOwn = row("refuse", "own", "own", "allow");

const expected: Record<string, Record<Who, Outcome>> = {
  // Users: admins manage everyone; everyone else only themselves.
  listUsers: signedIn,
  getUser: adminsAllOthersOwn,
  getUsersByIds: signedIn,
  countUsersByStatus: signedIn,
  listUserSessions: adminsAllOthersOwn,
  inviteUser: adminsOnly,
  resendInvitation: adminsOnly,
  cancelInvitation: adminsOnly,
  updateProfile: adminsAllOthersOwn,
  updatePreferences: row("refuse", "own", "own", "own"),
  updatePicture: adminsAllOthersOwn,
  getUserPicture: adminsAllOthersOwn,
  changeUserRole: adminsOnly,
  disableUser: adminsOnly,
  enableUser: adminsOnly,
  revokeUserSession: adminsAllOthersOwn,
  signOutOtherSessions: signedIn,
  // Organizations: admins manage them; everyone else sees their own.
  listOrganizations: signedIn,
  getOrganization: adminsAllOthersOwn,
  getOrganizationsByIds: signedIn,
  countMembers: signedIn,
  countOrganizations: signedIn,
  createOrganization: adminsOnly,
  updateOrganizationDetails: adminsOnly,
  setPublicListing: adminsOnly,
  certifyOrganization: adminsOnly,
  deleteOrganization: adminsOnly,
  addMember: adminsOnly,
  removeMember: adminsOnly,
  // Activity: admins read and export it all; everyone else reads their own.
  listActivity: signedIn,
  exportActivity: adminsOnly,
  // Settings: admins; the notices the site shows are for anyone.
  listSettings: adminsOnly,
  readSiteNotices: row("allow", "allow", "allow", "allow"),
  updateSetting: adminsOnly,
  // Tokens: editors and admins; an admin reaches everyone's.
  listTokens: row("refuse", "refuse", "allow", "allow"),
  createToken: row("refuse", "refuse", "allow", "allow"),
  revokeToken: row("refuse", "refuse", "own", "allow"),
};

type Fixture = {
  people: Record<Role | "other", User>;
  invited: User;
  organizations: { mine: string; other: string };
  sessions: Record<Role | "other", string>;
  tokens: Record<"editor" | "admin", string>;
};

/** For each operation, an input aimed at the actor's own rows or at someone else's. */
type Probe = (fixture: Fixture, me: User | null, target: "own" | "other") => unknown;

function someoneElse(fixture: Fixture, me: User | null): User {
  return me?.id === fixture.people.other.id ? fixture.people.viewer : fixture.people.other;
}

function targetUser(fixture: Fixture, me: User | null, target: "own" | "other"): User {
  return target === "own" && me ? me : someoneElse(fixture, me);
}

const organizationDetails = {
  name: "Probe Clinic",
  kind: "clinic",
  city: "Madison",
  country: "US",
  certificationStatus: "not_certified",
};

const probes: Record<string, Probe> = {
  listUsers: () => ({}),
  getUser: (f, me, target) => ({ id: targetUser(f, me, target).id }),
  getUsersByIds: (f) => ({ ids: [f.people.admin.id, f.people.viewer.id] }),
  countUsersByStatus: () => ({}),
  listUserSessions: (f, me, target) => ({ userId: targetUser(f, me, target).id }),
  inviteUser: () => ({ email: "probe-invitee@example.test", role: "viewer" }),
  resendInvitation: (f) => ({ id: f.invited.id }),
  cancelInvitation: (f) => ({ id: f.invited.id }),
  updateProfile: (f, me, target) => {
    const user = targetUser(f, me, target);
    return { id: user.id, version: user.version, name: "Probe Name" };
  },
  updatePreferences: (f, me, target) => {
    const user = targetUser(f, me, target);
    return { id: user.id, version: user.version, colorMode: "dark" };
  },
  updatePicture: (f, me, target) => {
    const user = targetUser(f, me, target);
    return { id: user.id, version: user.version, picture: null };
  },
  getUserPicture: (f, me, target) => ({ userId: targetUser(f, me, target).id }),
  changeUserRole: (f) => ({ id: f.people.other.id, version: f.people.other.version, role: "editor" }),
  disableUser: (f) => ({ id: f.people.other.id, version: f.people.other.version }),
  enableUser: (f) => ({ id: f.people.other.id, version: f.people.other.version }),
  revokeUserSession: (f, me, target) => {
    const user = targetUser(f, me, target);
    const owner = (Object.keys(f.people) as (Role | "other")[]).find((key) => f.people[key].id === user.id) ?? "other";
    return { userId: user.id, sessionId: f.sessions[owner] };
  },
  signOutOtherSessions: () => ({ keepSessionId: null }),
  listOrganizations: () => ({}),
  getOrganization: (f, _me, target) => ({ id: target === "own" ? f.organizations.mine : f.organizations.other }),
  getOrganizationsByIds: (f) => ({ ids: [f.organizations.mine, f.organizations.other] }),
  countMembers: (f) => ({ ids: [f.organizations.mine] }),
  countOrganizations: () => ({}),
  createOrganization: () => organizationDetails,
  updateOrganizationDetails: (f) => ({ ...organizationDetails, id: f.organizations.other, version: 1 }),
  setPublicListing: (f) => ({ id: f.organizations.other, version: 1, publicListing: true }),
  certifyOrganization: (f) => ({
    id: f.organizations.other,
    version: 1,
    certificationStatus: "certified",
    certifiedUntil: "2030-01-01",
  }),
  deleteOrganization: (f) => ({ id: f.organizations.other, version: 1 }),
  addMember: (f) => ({ organizationId: f.organizations.other, userId: f.people.viewer.id }),
  removeMember: (f) => ({ organizationId: f.organizations.other, userId: f.people.other.id }),
  listActivity: () => ({}),
  exportActivity: () => ({}),
  listSettings: () => ({}),
  readSiteNotices: () => ({}),
  updateSetting: () => ({
    key: "maintenance",
    version: 0,
    value: { enabled: false, message: null, startsAt: null, endsAt: null },
  }),
  listTokens: () => ({}),
  createToken: () => ({ name: "probe", role: "viewer", expiresInDays: 30 }),
  revokeToken: (f, me, target) => ({
    id: target === "own" && me?.role === "admin" ? f.tokens.admin : target === "own" ? f.tokens.editor : f.tokens.admin,
  }),
};

async function insertUser(db: Database, values: Partial<typeof users.$inferInsert>): Promise<User> {
  const [user] = await db
    .insert(users)
    .values({ issuer: "https://idp.test", status: "active", ...values })
    .returning();
  if (!user) throw new Error("no user");
  return user;
}

async function makeFixture(db: Database): Promise<Fixture> {
  const [mine] = await db
    .insert(organizations)
    .values({ name: "Mine Clinic", kind: "clinic", city: "Madison", country: "US" })
    .returning();
  const [other] = await db
    .insert(organizations)
    .values({ name: "Other Hospital", kind: "hospital", city: "Leeds", country: "GB" })
    .returning();
  if (!mine || !other) throw new Error("no organizations");
  const person = (subject: string, role: Role, organizationId: string) =>
    insertUser(db, { subject, role, organizationId, email: `${subject}@example.test`, name: subject });
  const people = {
    admin: await person("admin", "admin", mine.id),
    editor: await person("editor", "editor", mine.id),
    viewer: await person("viewer", "viewer", mine.id),
    other: await person("other", "viewer", other.id),
  };
  // A second admin, so "the last admin" never decides an outcome here.
  await person("second-admin", "admin", other.id);
  const invited = await insertUser(db, {
    issuer: null,
    status: "invited",
    email: "invited@example.test",
    invitationExpiresAt: new Date(Date.now() + 86_400_000),
  });
  const store = createSessionStore(db, { idleTimeoutS: 3600, absoluteLifetimeS: 7200 });
  const sessionOf = async (user: User) => {
    const { token } = await store.start(user.id, { userAgent: "Probe" });
    const session = await store.read(token);
    if (!session) throw new Error("no session");
    return session.id;
  };
  const sessions = {
    admin: await sessionOf(people.admin),
    editor: await sessionOf(people.editor),
    viewer: await sessionOf(people.viewer),
    other: await sessionOf(people.other),
  };
  const tokenOf = async (user: User) => {
    const [token] = await db
      .insert(personalAccessTokens)
      .values({
        userId: user.id,
        name: "probe token",
        tokenHash: `hash-${user.id}`,
        prefix: "dpat_probe",
        role: user.role,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    if (!token) throw new Error("no token");
    return token.id;
  };
  return {
    people,
    invited,
    organizations: { mine: mine.id, other: other.id },
    sessions,
    tokens: { editor: await tokenOf(people.editor), admin: await tokenOf(people.admin) },
  };
}

/** Runs one operation in a transaction that is always rolled back, and says whether access let it through. */
async function attempt(
  db: Database,
  actor: Actor | null,
  operation: string,
  input: unknown,
): Promise<"permitted" | "refused"> {
  const run = domainOperations[operation];
  if (!run) throw new Error(`no operation ${operation}`);
  let outcome: "permitted" | "refused" = "permitted";
  try {
    await db.transaction(async (tx) => {
      try {
        await run(domainContext(tx, actor), input as never);
      } catch (error) {
        if (error instanceof ForbiddenError || error instanceof UnauthenticatedError) outcome = "refused";
      }
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return outcome;
}

describe("the permission matrix covers", () => {
  it("every domain operation, and nothing that is not one", () => {
    expect(Object.keys(expected).sort()).toEqual(Object.keys(domainOperations).sort());
    expect(Object.keys(probes).sort()).toEqual(Object.keys(domainOperations).sort());
  });
});

describe.each(databaseKinds)("permissions on %s", (kind) => {
  let handle: DatabaseHandle;
  let fixture: Fixture;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    fixture = await makeFixture(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });

  const cases = Object.keys(expected).flatMap((operation) =>
    everyone.map((who) => ({ operation, who, outcome: expected[operation]?.[who] ?? "refuse" })),
  );

  it.each(cases)("$operation for $who: $outcome", async ({ operation, who, outcome }) => {
    const me = who === "anonymous" ? null : fixture.people[who];
    const actor = me ? actorFor(me, "session") : null;
    const probe = probes[operation];
    if (!probe) throw new Error(`no probe for ${operation}`);
    const onOthers = await attempt(handle.db, actor, operation, probe(fixture, me, "other"));
    if (outcome === "own") {
      expect(onOthers, "on someone else's rows").toBe("refused");
      expect(await attempt(handle.db, actor, operation, probe(fixture, me, "own")), "on their own rows").toBe(
        "permitted",
      );
    } else {
      expect(onOthers).toBe(outcome === "allow" ? "permitted" : "refused");
    }
  });

  it("lets a token never make another token, whatever its role", async () => {
    const admin = actorFor(fixture.people.admin, "token");
    expect(await attempt(handle.db, admin, "createToken", probes.createToken?.(fixture, null, "own"))).toBe("refused");
  });

  it("filters the rows of a list to what the reader may see", async () => {
    const asViewer = domainContext(handle.db, fixture.people.viewer);
    const listUsers = domainOperations.listUsers;
    const listTokens = domainOperations.listTokens;
    if (!listUsers || !listTokens) throw new Error("missing operations");
    const seen = (await listUsers(asViewer, {} as never)) as { nodes: User[] };
    expect(seen.nodes.map((user) => user.id)).toEqual([fixture.people.viewer.id]);
    const asEditor = domainContext(handle.db, fixture.people.editor);
    const others = (await listTokens(asEditor, { userId: fixture.people.admin.id } as never)) as unknown[];
    expect(others).toEqual([]);
    const asAdmin = domainContext(handle.db, fixture.people.admin);
    const all = (await listTokens(asAdmin, { userId: fixture.people.editor.id } as never)) as unknown[];
    expect(all).toHaveLength(1);
  });
});
