import { randomBytes, randomUUID } from "node:crypto";
import { desc, eq, gt, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setCookies, startAuthHarness, type AuthHarness } from "../../tests/support/auth-harness.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { domainContext, systemAdmin } from "../../tests/support/domain.ts";
import {
  graphqlRequest,
  signInAs,
  type GraphQLErrorBody,
  type GraphQLOptions,
  type GraphQLResult,
  type SignedInPerson,
} from "../../tests/support/graphql.ts";
import { activity, idpAccounts, organizations, outbox, personalAccessTokens, users } from "../db/schema/index.ts";
import type { Role } from "../domain/core/access.ts";
import { createOrganization } from "../domain/organizations/index.ts";
import { encodeCursor } from "../domain/core/pagination.ts";
import { disableUser, inviteUser } from "../domain/users/index.ts";
import { unexpectedErrorMessage } from "./execute.ts";
import { queryLimits } from "./yoga.ts";

/**
 * The API as a client meets it: real HTTP against /graphql of the real server (the
 * production build, the embedded provider, sign-in through OIDC), on each database.
 */

const graphqlResponseJson = "application/graphql-response+json";

const viewerQuery = "query Viewer { viewer { via role sessionId user { id email role } } }";
type ViewerData = {
  viewer: { via: string; role: Role; sessionId: string | null; user: { id: string; email: string; role: Role } } | null;
};

const userQuery = "query User($id: ID!) { user(id: $id) { id name version } }";
type UserData = { user: { id: string; name: string | null; version: number } };

const updateProfileMutation =
  "mutation UpdateProfile($input: UpdateProfileInput!) { updateProfile(input: $input) { id name version } }";
type UpdateProfileData = { updateProfile: { id: string; name: string | null; version: number } };

const organizationFields =
  "id name city country countryName version publicListing certificationStatus certifiedUntil memberCount";
type OrganizationData = {
  id: string;
  name: string;
  city: string;
  country: string;
  countryName: string;
  version: number;
  publicListing: boolean;
  certificationStatus: string;
  certifiedUntil: string | null;
  memberCount: number;
};
const createOrganizationMutation = `mutation CreateOrganization($input: CreateOrganizationInput!) {
  createOrganization(input: $input) { ${organizationFields} }
}`;
const updateOrganizationMutation = `mutation UpdateOrganization($input: UpdateOrganizationInput!) {
  updateOrganization(input: $input) { ${organizationFields} }
}`;

const createTokenMutation = `mutation CreateToken($input: CreateAccessTokenInput!) {
  createAccessToken(input: $input) { token record { id name prefix role expiresAt revokedAt } }
}`;
type CreateTokenData = {
  createAccessToken: {
    token: string;
    record: { id: string; name: string; prefix: string; role: Role; expiresAt: string; revokedAt: string | null };
  };
};

const siteSettingsQuery = "query Settings { siteSettings { announcement { version enabled } } }";

const inviteMutation = `mutation Invite($input: InviteUserInput!) {
  inviteUser(input: $input) { id email name role status version }
}`;
type InviteData = {
  inviteUser: { id: string; email: string; name: string | null; role: Role; status: string; version: number };
};

const paginationQuery = `query Organizations($search: String, $first: Int, $after: String, $last: Int, $before: String) {
  organizations(search: $search, sort: name, first: $first, after: $after, last: $last, before: $before) {
    nodes { id name }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;
type PageData = {
  organizations: {
    nodes: { id: string; name: string }[];
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  };
};

let uniqueCount = 0;
/** A name no other test uses. */
function unique(label: string): string {
  uniqueCount += 1;
  return `${label} ${uniqueCount}-${randomBytes(3).toString("hex")}`;
}

function organizationInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: unique("Clinic"), kind: "clinic", city: "Leipzig", country: "DE", ...overrides };
}

/** The first error of a response, after checking its code. */
function firstError<Data>(result: GraphQLResult<Data>, code: string): GraphQLErrorBody {
  const [error] = result.body.errors ?? [];
  expect(error, result.text).toBeDefined();
  expect(error?.extensions?.code, result.text).toBe(code);
  return error as GraphQLErrorBody;
}

/** Data, after checking the response had no errors. */
function dataOf<Data>(result: GraphQLResult<Data>): Data {
  expect(result.body.errors, result.text).toBeUndefined();
  expect(result.status, result.text).toBe(200);
  const data = result.body.data;
  if (!data) throw new Error(`no data in ${result.text}`);
  return data;
}

/** What must never reach a client: stack frames, source paths, SQL. */
function expectNoLeak(text: string): void {
  expect(text).not.toMatch(/\n\s+at\s|\bat [\w$.<>]+ \(|"stack"|node_modules|\/work\/|file:\/\/|\.[cm]?[jt]s:\d+/);
  expect(text).not.toMatch(/\b(insert into|select .* from|violates|relation "|syntax error at or near)\b/i);
}

describe.each(databaseKinds)("the GraphQL API over HTTP on %s", (kind) => {
  let harness: AuthHarness;
  let admin: SignedInPerson;
  let editor: SignedInPerson;
  let viewer: SignedInPerson;

  beforeAll(async () => {
    harness = await startAuthHarness(kind);
    admin = await signInAs(harness, "admin");
    editor = await signInAs(harness, "editor");
    viewer = await signInAs(harness, "viewer");
  });

  afterAll(async () => {
    await harness.close();
  });

  afterEach(() => {
    const errors = harness.log.entries.filter((entry) => entry.level === "error");
    harness.log.entries.length = 0;
    // Only a test that breaks something on purpose may leave an error in the log (and it clears it).
    expect(errors).toEqual([]);
  });

  const db = () => harness.database.db;

  function anonymous<Data = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options: GraphQLOptions = {},
  ): Promise<GraphQLResult<Data>> {
    return graphqlRequest<Data>(harness.origin, { query, ...(variables ? { variables } : {}) }, options);
  }

  function withToken<Data = Record<string, unknown>>(
    authorization: string,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<GraphQLResult<Data>> {
    return anonymous<Data>(query, variables, { authorization });
  }

  async function userRow(id: string) {
    const [row] = await db().select().from(users).where(eq(users.id, id));
    if (!row) throw new Error(`no user ${id}`);
    return row;
  }

  async function lastActivityId(): Promise<number> {
    const [row] = await db().select({ id: activity.id }).from(activity).orderBy(desc(activity.id)).limit(1);
    return row?.id ?? 0;
  }

  async function activitySince(id: number) {
    return db().select().from(activity).where(gt(activity.id, id)).orderBy(activity.id);
  }

  /** Runs one mutation and returns its result and the activity rows it wrote. */
  async function audited<Data>(run: () => Promise<GraphQLResult<Data>>) {
    const before = await lastActivityId();
    const result = await run();
    return { result, rows: await activitySince(before) };
  }

  async function createTokenFor(person: SignedInPerson, role: Role, name = unique("script")) {
    const result = await person.gql<CreateTokenData>(createTokenMutation, {
      input: { name, role, expiresInDays: 30 },
    });
    return dataOf(result).createAccessToken;
  }

  describe("transport (GraphQL over HTTP)", () => {
    it("runs the operation a POST of {operationName, variables, query} names", async () => {
      const document = `${viewerQuery}\n${userQuery}`;
      // Two operations and no name: the server cannot tell which to run.
      const unnamed = await admin.gql<UserData>(document, { id: viewer.user.id });
      expect(unnamed.body.data ?? null).toBeNull();
      expect(unnamed.body.errors?.[0]?.message).toBe("Could not determine what operation to execute.");

      const asUser = await graphqlRequest<UserData>(
        harness.origin,
        { query: document, operationName: "User", variables: { id: viewer.user.id } },
        { browser: admin.browser, csrfToken: admin.csrfToken },
      );
      expect(asUser.response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(asUser.response.headers.get("cache-control")).toBe("no-store");
      expect(dataOf(asUser).user).toMatchObject({ id: viewer.user.id, name: viewer.account.name });

      const asViewer = await graphqlRequest<ViewerData>(
        harness.origin,
        { query: document, operationName: "Viewer" },
        { browser: admin.browser, csrfToken: admin.csrfToken, accept: graphqlResponseJson },
      );
      expect(asViewer.response.headers.get("content-type")).toMatch(/^application\/graphql-response\+json/);
      expect(dataOf(asViewer).viewer).toMatchObject({ via: "session", role: "admin", user: { id: admin.user.id } });
    });

    it.each([
      ["a syntax error", "{ viewer { via ", "GRAPHQL_PARSE_FAILED"],
      ["a validation error", "{ viewer { nothingHere } }", "GRAPHQL_VALIDATION_FAILED"],
    ])("answers %s with 400 as graphql-response+json and 200 as application/json", async (_label, query, code) => {
      const strict = await anonymous(query, undefined, { accept: graphqlResponseJson });
      expect(strict.status).toBe(400);
      expect(strict.response.headers.get("content-type")).toMatch(/^application\/graphql-response\+json/);
      expect(strict.body.data).toBeUndefined();
      expect(firstError(strict, code).message).not.toBe("");

      const legacy = await anonymous(query, undefined, { accept: "application/json" });
      expect(legacy.status).toBe(200);
      expect(legacy.response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(legacy.body.data).toBeUndefined();
      expect(firstError(legacy, code).message).toBe(firstError(strict, code).message);
    });

    it("refuses a mutation sent by GET with 405, and runs nothing", async () => {
      const before = await userRow(viewer.user.id);
      const activityBefore = await lastActivityId();
      const result = await viewer.gql(
        updateProfileMutation,
        { input: { id: viewer.user.id, version: before.version, name: "Changed by GET" } },
        { method: "GET" },
      );
      expect(result.status).toBe(405);
      expect(result.response.headers.get("allow")).toBe("POST");
      expect(result.body.data).toBeUndefined();
      expect(result.body.errors?.[0]?.message).toMatch(/mutation.*POST/i);
      expect(await userRow(viewer.user.id)).toEqual(before);
      expect(await activitySince(activityBefore)).toEqual([]);
    });

    it("answers a GET query with the session cookie only when it carries the CSRF header", async () => {
      const withoutHeader = await graphqlRequest<ViewerData>(
        harness.origin,
        { query: viewerQuery },
        { method: "GET", browser: admin.browser },
      );
      expect(withoutHeader.status).toBeGreaterThanOrEqual(400);
      expect(withoutHeader.status).toBeLessThan(500);
      expect(withoutHeader.body.data).toBeUndefined();
      expect(withoutHeader.text).not.toContain(admin.account.email);

      const withHeader = await admin.gql<ViewerData>(viewerQuery, undefined, { method: "GET" });
      expect(dataOf(withHeader).viewer).toMatchObject({ via: "session", user: { email: admin.account.email } });
    });
  });

  describe("CSRF", () => {
    it("refuses a cookie-authenticated POST without the session's token, or with a wrong one, and changes nothing", async () => {
      const before = await userRow(viewer.user.id);
      const activityBefore = await lastActivityId();
      const variables = { input: { id: viewer.user.id, version: before.version, name: "Forged name" } };
      const attempts: (string | undefined)[] = [
        undefined,
        "",
        "x".repeat(43),
        editor.csrfToken,
        `${viewer.csrfToken}x`,
      ];
      for (const csrfToken of attempts) {
        const result = await graphqlRequest<UpdateProfileData>(
          harness.origin,
          { query: updateProfileMutation, variables },
          { browser: viewer.browser, ...(csrfToken === undefined ? {} : { csrfToken }) },
        );
        expect(result.status, `token ${String(csrfToken)}`).toBe(403);
        expect(result.response.headers.get("cache-control")).toBe("no-store");
        expect(firstError(result, "FORBIDDEN").message).toMatch(/security token/);
        expect(result.body.data).toBeUndefined();
      }
      expect(await userRow(viewer.user.id)).toEqual(before);
      expect(await activitySince(activityBefore)).toEqual([]);

      const { result, rows } = await audited(() =>
        viewer.gql<UpdateProfileData>(updateProfileMutation, {
          input: { id: viewer.user.id, version: before.version, name: "Right token" },
        }),
      );
      expect(dataOf(result).updateProfile).toEqual({
        id: viewer.user.id,
        name: "Right token",
        version: before.version + 1,
      });
      expect(rows).toHaveLength(1);
      expect((await userRow(viewer.user.id)).name).toBe("Right token");
    });

    it.each([
      ["an Origin of another site", { origin: "https://evil.example" }],
      ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
      ["Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
    ])("refuses a write with %s with 403, even with the right token", async (_label, headers) => {
      const before = await userRow(editor.user.id);
      const activityBefore = await lastActivityId();
      const variables = { input: { id: editor.user.id, version: before.version, name: "From evil.example" } };
      const byCookie = await editor.gql(updateProfileMutation, variables, { headers });
      expect(byCookie.status).toBe(403);
      expect(byCookie.body.data).toBeUndefined();
      expect(byCookie.text).toMatch(/another site/);

      const { token } = await createTokenFor(editor, "editor");
      const tokenBefore = await lastActivityId();
      const byToken = await anonymous(updateProfileMutation, variables, {
        authorization: `Bearer ${token}`,
        headers,
      });
      expect(byToken.status).toBe(403);
      expect(await userRow(editor.user.id)).toEqual(before);
      // The one row is the token's creation.
      expect((await activitySince(activityBefore)).map((row) => row.action)).toEqual(["token.create"]);
      expect(await activitySince(tokenBefore)).toEqual([]);

      // The same request from the site itself goes through.
      const sameOrigin = await editor.gql<UpdateProfileData>(updateProfileMutation, variables, {
        headers: { origin: harness.origin, "sec-fetch-site": "same-origin" },
      });
      expect(dataOf(sameOrigin).updateProfile.name).toBe("From evil.example");
    });
  });

  describe("sessions", () => {
    it("answers a forged session cookie with 401 UNAUTHENTICATED and clears the cookie", async () => {
      const browser = harness.newBrowser();
      browser.setCookie("densara_session", randomBytes(32).toString("base64url"));
      const result = await graphqlRequest<ViewerData>(harness.origin, { query: viewerQuery }, { browser });
      expect(result.status).toBe(401);
      expect(result.response.headers.get("cache-control")).toBe("no-store");
      expect(firstError(result, "UNAUTHENTICATED").message).toMatch(/session has ended/);
      expect(result.body.data).toBeUndefined();
      const [cleared] = setCookies(result.response, "densara_session");
      expect(cleared?.value).toBe("");
      expect(cleared?.attributes.get("max-age")).toBe("0");
      expect(browser.cookie("densara_session")).toBeUndefined();

      // The cookie gone, the same browser is simply anonymous.
      const after = await graphqlRequest<ViewerData>(harness.origin, { query: viewerQuery }, { browser });
      expect(dataOf(after).viewer).toBeNull();
    });

    it("answers a session that has ended with 401 and clears the cookie", async () => {
      const person = await signInAs(harness, "viewer", "ended");
      expect(dataOf(await person.gql<ViewerData>(viewerQuery)).viewer?.via).toBe("session");
      await harness.sessions.endAllFor(person.user.id);
      const result = await person.gql<ViewerData>(viewerQuery);
      expect(result.status).toBe(401);
      firstError(result, "UNAUTHENTICATED");
      expect(setCookies(result.response, "densara_session").map((cookie) => cookie.value)).toEqual([""]);
    });

    it("gives an anonymous request viewer: null, and UNAUTHENTICATED for what needs someone", async () => {
      const viewerResult = await anonymous<ViewerData>(viewerQuery);
      expect(dataOf(viewerResult)).toEqual({ viewer: null });

      const usersResult = await anonymous("{ users { nodes { id email } } }");
      expect(usersResult.status).toBe(200);
      const error = firstError(usersResult, "UNAUTHENTICATED");
      expect(error.message).toBe("Sign in to see the list of users.");
      expect(error.path).toEqual(["users"]);
      expect(usersResult.body.data).toBeNull();
      expect(usersResult.text).not.toContain(admin.account.email);
    });
  });

  describe("personal access tokens", () => {
    it("shows a new token once; it works as Bearer and bare, as a token, with no CSRF header", async () => {
      const before = await lastActivityId();
      const created = await createTokenFor(editor, "editor", "deploy script");
      const { token, record } = created;
      expect(token).toMatch(/^dpat_[\w-]{43}$/);
      expect(record).toMatchObject({
        name: "deploy script",
        role: "editor",
        prefix: token.slice(0, 11),
        revokedAt: null,
      });

      // Only a hash is kept; the audit row and the list never show the token again.
      const [row] = await db().select().from(personalAccessTokens).where(eq(personalAccessTokens.id, record.id));
      expect(row?.tokenHash).toBeDefined();
      expect(JSON.stringify(row)).not.toContain(token);
      const rows = await activitySince(before);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: "token.create", actorId: editor.user.id, via: "session" });
      expect(JSON.stringify(rows)).not.toContain(token);
      const listed = await editor.gql("{ accessTokens { id prefix name } }");
      expect(dataOf(listed)).toMatchObject({
        accessTokens: expect.arrayContaining([expect.objectContaining({ id: record.id })]) as unknown,
      });
      expect(listed.text).not.toContain(token);

      for (const authorization of [`Bearer ${token}`, `bearer ${token}`, token, `  ${token}  `]) {
        const result = await withToken<ViewerData>(authorization, viewerQuery);
        expect(dataOf(result).viewer, authorization).toEqual({
          via: "token",
          role: "editor",
          sessionId: null,
          user: { id: editor.user.id, email: editor.account.email, role: "editor" },
        });
      }

      // A write with a token needs no CSRF header: nothing a forged page could borrow.
      const current = await userRow(editor.user.id);
      const { result, rows: written } = await audited(() =>
        withToken<UpdateProfileData>(`Bearer ${token}`, updateProfileMutation, {
          input: { id: editor.user.id, version: current.version, name: "Renamed by a script" },
        }),
      );
      expect(dataOf(result).updateProfile.name).toBe("Renamed by a script");
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({ action: "user.update", actorId: editor.user.id, via: "token" });
      const [used] = await db().select().from(personalAccessTokens).where(eq(personalAccessTokens.id, record.id));
      expect(used?.lastUsedAt).toBeInstanceOf(Date);
    });

    it("answers a token alone on a GET, with no CSRF header; a session cookie alone still needs one there", async () => {
      const { token } = await createTokenFor(editor, "editor");
      const byToken = await graphqlRequest<ViewerData>(
        harness.origin,
        { query: viewerQuery },
        { method: "GET", authorization: `Bearer ${token}` },
      );
      expect(byToken.status, byToken.text).toBe(200);
      expect(dataOf(byToken).viewer?.via).toBe("token");
      const byCookie = await graphqlRequest(
        harness.origin,
        { query: viewerQuery },
        { method: "GET", browser: editor.browser },
      );
      expect(byCookie.status).toBe(403);
    });

    it.each([
      ["Basic credentials", () => `Basic ${Buffer.from("admin:secret").toString("base64")}`],
      ["an unknown token", () => `Bearer dpat_${randomBytes(32).toString("base64url")}`],
      ["an empty header", () => ""],
      ["a scheme with no token", () => "Bearer"],
    ])("answers %s with 401 and a Bearer challenge", async (_label, header) => {
      const result = await withToken<ViewerData>(header(), viewerQuery);
      expect(result.status).toBe(401);
      expect(result.response.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
      expect(firstError(result, "UNAUTHENTICATED").message).toMatch(/access token is not valid/);
      expect(result.body.data).toBeUndefined();
    });

    it("caps a token's role: never above its creator's, and its role limits what it may do", async () => {
      const before = await lastActivityId();
      const tokensBefore = await db()
        .select()
        .from(personalAccessTokens)
        .where(eq(personalAccessTokens.userId, editor.user.id));
      const tooHigh = await editor.gql(createTokenMutation, {
        input: { name: "root please", role: "admin", expiresInDays: 30 },
      });
      const error = firstError(tooHigh, "VALIDATION_FAILED");
      expect(error.extensions?.fields).toEqual({ role: "A token can have your role (editor) or less, not more." });
      expect(tooHigh.body.data).toBeNull();
      expect(
        await db().select().from(personalAccessTokens).where(eq(personalAccessTokens.userId, editor.user.id)),
      ).toEqual(tokensBefore);
      expect(await activitySince(before)).toEqual([]);

      const adminToken = await createTokenFor(admin, "admin");
      expect(dataOf(await withToken(`Bearer ${adminToken.token}`, siteSettingsQuery))).toMatchObject({
        siteSettings: { announcement: { enabled: false } },
      });

      const viewerToken = await createTokenFor(admin, "viewer");
      const asViewer = await withToken<ViewerData>(`Bearer ${viewerToken.token}`, viewerQuery);
      expect(dataOf(asViewer).viewer).toMatchObject({ via: "token", role: "viewer", user: { role: "admin" } });
      const refused = await withToken(`Bearer ${viewerToken.token}`, siteSettingsQuery);
      expect(refused.status).toBe(200);
      expect(firstError(refused, "FORBIDDEN").message).toBe(
        "Your role (viewer) does not allow you to see the site settings.",
      );
      expect(refused.body.data).toBeNull();
      // As a viewer, the token sees only its owner, not everyone the admin could.
      const listed = dataOf(
        await withToken<{ users: { nodes: { id: string }[] } }>(
          `Bearer ${viewerToken.token}`,
          "{ users(first: 100) { nodes { id } } }",
        ),
      );
      expect(listed.users.nodes.map((node) => node.id)).toEqual([admin.user.id]);
    });

    it("acts with its owner's new role when the owner is demoted", async () => {
      const owner = await signInAs(harness, "admin", "demoted");
      const { token } = await createTokenFor(owner, "admin");
      expect(dataOf(await withToken(`Bearer ${token}`, siteSettingsQuery))).toBeTruthy();

      await db().update(users).set({ role: "editor" }).where(eq(users.id, owner.user.id));
      const asViewer = await withToken<ViewerData>(`Bearer ${token}`, viewerQuery);
      expect(dataOf(asViewer).viewer).toMatchObject({ via: "token", role: "editor", user: { role: "editor" } });
      const refused = await withToken(`Bearer ${token}`, siteSettingsQuery);
      expect(firstError(refused, "FORBIDDEN").message).toMatch(/Your role \(editor\)/);
    });

    it("refuses a revoked token, an expired one and one whose owner is disabled with 401 invalid_token", async () => {
      const owner = await signInAs(harness, "editor", "token-owner");
      const revoked = await createTokenFor(owner, "editor");
      const expired = await createTokenFor(owner, "editor");
      const disabledOwner = await createTokenFor(owner, "editor");
      const expectRefused = async (token: string) => {
        const result = await withToken<ViewerData>(`Bearer ${token}`, viewerQuery);
        expect(result.status).toBe(401);
        expect(result.response.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
        firstError(result, "UNAUTHENTICATED");
        expect(result.body.data).toBeUndefined();
      };
      for (const { token } of [revoked, expired, disabledOwner]) {
        expect(dataOf(await withToken<ViewerData>(`Bearer ${token}`, viewerQuery)).viewer?.via).toBe("token");
      }

      const { result, rows } = await audited(() =>
        owner.gql<{ revokeAccessToken: { id: string; revokedAt: string | null } }>(
          "mutation Revoke($input: RevokeAccessTokenInput!) { revokeAccessToken(input: $input) { id revokedAt } }",
          { input: { id: revoked.record.id } },
        ),
      );
      expect(dataOf(result).revokeAccessToken.revokedAt).not.toBeNull();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: "token.revoke", targetType: "token", targetId: revoked.record.id });
      await expectRefused(revoked.token);

      await db()
        .update(personalAccessTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(personalAccessTokens.id, expired.record.id));
      await expectRefused(expired.token);

      // Still good until the owner is disabled.
      expect(dataOf(await withToken<ViewerData>(`Bearer ${disabledOwner.token}`, viewerQuery)).viewer?.via).toBe(
        "token",
      );
      const row = await userRow(owner.user.id);
      await disableUser(domainContext(db(), systemAdmin), { id: row.id, version: row.version });
      await expectRefused(disabledOwner.token);
      // Disabling ended the owner's sessions too.
      expect((await owner.gql<ViewerData>(viewerQuery)).status).toBe(401);
    });

    it("never lets a token create another token", async () => {
      const { token } = await createTokenFor(editor, "editor");
      const before = await lastActivityId();
      const tokenIds = async () =>
        (await db().select({ id: personalAccessTokens.id }).from(personalAccessTokens)).map((row) => row.id).sort();
      const tokensBefore = await tokenIds();
      const result = await withToken(`Bearer ${token}`, createTokenMutation, {
        input: { name: "child", role: "viewer", expiresInDays: 7 },
      });
      expect(firstError(result, "FORBIDDEN").message).toBe(
        "Your role (editor) does not allow you to create access tokens.",
      );
      expect(result.body.data).toBeNull();
      expect(await tokenIds()).toEqual(tokensBefore);
      expect(await activitySince(before)).toEqual([]);
    });
  });

  describe("profile pictures (multipart uploads)", () => {
    const updatePictureMutation = `mutation UpdatePicture($input: UpdatePictureInput!) {
      updatePicture(input: $input) { id picture version }
    }`;
    type PictureData = { updatePicture: { id: string; picture: string | null; version: number } };

    /** A small PNG, made by sharp: real image bytes. */
    async function png(): Promise<Uint8Array<ArrayBuffer>> {
      const { default: sharp } = await import("sharp");
      const buffer = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3366aa" } })
        .png()
        .toBuffer();
      return new Uint8Array(buffer);
    }

    /** A GraphQL multipart request (the multipart request spec) with one file at variables.input.picture. */
    function multipart(input: { id: string; version: number }, file: Blob, name: string): FormData {
      const form = new FormData();
      form.set(
        "operations",
        JSON.stringify({ query: updatePictureMutation, variables: { input: { ...input, picture: null } } }),
      );
      form.set("map", JSON.stringify({ 0: ["variables.input.picture"] }));
      form.set("0", file, name);
      return form;
    }

    async function upload(person: SignedInPerson, form: FormData, headers: Record<string, string> = {}) {
      const response = await person.browser.fetch("/graphql", {
        method: "POST",
        headers: { accept: "application/json", "x-csrf-token": person.csrfToken, ...headers },
        body: form,
      });
      const text = await response.text();
      let body: { data?: PictureData | null; errors?: GraphQLErrorBody[] } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        // A refusal before GraphQL: `text` has it.
      }
      return { response, status: response.status, text, body };
    }

    it("takes an upload authenticated by a token alone, with no CSRF header", async () => {
      const person = await signInAs(harness, "editor", "token-picture");
      const { token } = await createTokenFor(person, "editor");
      const current = await userRow(person.user.id);
      const response = await fetch(new URL("/graphql", harness.origin), {
        method: "POST",
        headers: { accept: "application/json", authorization: `Bearer ${token}` },
        body: multipart({ id: person.user.id, version: current.version }, new Blob([await png()]), "me.png"),
      });
      const text = await response.text();
      expect(response.status, text).toBe(200);
      expect((JSON.parse(text) as { data: PictureData }).data.updatePicture.version).toBe(current.version + 1);
    });

    it("keeps an uploaded picture as a small WebP, serves it to who may see it, and removes it", async () => {
      const person = await signInAs(harness, "viewer", "picture");
      const current = await userRow(person.user.id);
      const before = await lastActivityId();
      const sent = await png();
      // The name and type the browser claims do not matter: the bytes do.
      const result = await upload(
        person,
        multipart({ id: person.user.id, version: current.version }, new Blob([sent], { type: "text/plain" }), "x.txt"),
      );
      expect(result.status, result.text).toBe(200);
      expect(result.body.errors, result.text).toBeUndefined();
      const updated = result.body.data?.updatePicture;
      expect(updated).toEqual({
        id: person.user.id,
        picture: `/dashboard/pictures/${person.user.id}?v=${current.version + 1}`,
        version: current.version + 1,
      });
      const rows = await activitySince(before);
      expect(rows.map((row) => row.action)).toEqual(["user.updatePicture"]);

      // Served at its address: WebP, private, kept for good at this version.
      const own = await person.browser.fetch(updated?.picture ?? "");
      expect(own.status).toBe(200);
      expect(own.headers.get("content-type")).toBe("image/webp");
      expect(own.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
      const bytes = new Uint8Array(await own.arrayBuffer());
      const { default: sharp } = await import("sharp");
      expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
      // An admin sees it; to another viewer that person is no one (not found); a stranger must sign in.
      expect((await admin.browser.fetch(`/dashboard/pictures/${person.user.id}`)).status).toBe(200);
      const refused = await viewer.browser.fetch(`/dashboard/pictures/${person.user.id}`);
      expect(refused.status).toBe(404);
      expect(refused.headers.get("cache-control")).toBe("no-store");
      expect(await refused.text()).toBe("That user does not exist.");
      const stranger = await fetch(new URL(`/dashboard/pictures/${person.user.id}`, harness.origin));
      expect(stranger.status).toBe(401);
      expect((await admin.browser.fetch(`/dashboard/pictures/${randomUUID()}`)).status).toBe(404);
      expect((await admin.browser.fetch("/dashboard/pictures/not-an-id")).status).toBe(404);

      // Removing it (picture: null, as JSON) frees the address.
      const removed = await person.gql<PictureData>(updatePictureMutation, {
        input: { id: person.user.id, version: current.version + 1, picture: null },
      });
      expect(dataOf(removed).updatePicture.picture).toBeNull();
      expect((await person.browser.fetch(`/dashboard/pictures/${person.user.id}`)).status).toBe(404);
    });

    it("refuses a file that is not a picture, a stale version and a file over the limit, keeping the old picture", async () => {
      const person = await signInAs(harness, "viewer", "picture-refusals");
      const current = await userRow(person.user.id);
      const input = { id: person.user.id, version: current.version };

      const notImage = await upload(
        person,
        multipart(input, new Blob(["%PDF-1.7 not a picture"], { type: "image/png" }), "me.png"),
      );
      expect(notImage.status).toBe(200);
      expect(notImage.body.errors?.[0]?.extensions?.fields).toEqual({
        picture: "That file is a PDF, whatever its name says: choose a JPEG, PNG, WebP, GIF or AVIF image.",
      });

      // Someone else changed the profile since it was read: the upload at the old version is a conflict.
      const renamed = await person.gql<UpdateProfileData>(updateProfileMutation, {
        input: { id: person.user.id, version: current.version, name: "Renamed Meanwhile" },
      });
      expect(dataOf(renamed).updateProfile.version).toBe(current.version + 1);
      const stale = await upload(person, multipart(input, new Blob([await png()]), "a.png"));
      expect(stale.body.errors?.[0]?.extensions?.code, stale.text).toBe("CONFLICT");

      // Over the upload limit on the wire: refused before GraphQL reads it, with a clear message.
      const huge = await upload(person, multipart(input, new Blob([new Uint8Array(6 * 1024 * 1024 + 1)]), "big.png"));
      expect(huge.status).toBe(413);
      expect(huge.text).toMatch(/5 MB at most/);

      // Without the CSRF header, a cookie-carried upload is refused.
      const forged = await person.browser.fetch("/graphql", {
        method: "POST",
        headers: { accept: "application/json" },
        body: multipart(input, new Blob([await png()]), "a.png"),
      });
      expect(forged.status).toBe(403);

      expect(await userRow(person.user.id)).toMatchObject({ picture: null, version: current.version + 1 });
    });
  });

  describe("validation", () => {
    it("refuses an invitation to a malformed address, naming the field, and writes nothing", async () => {
      const before = await lastActivityId();
      const result = await admin.gql(inviteMutation, {
        input: { email: "not-an-address", name: "Nobody", role: "viewer" },
      });
      expect(result.status).toBe(200);
      const error = firstError(result, "VALIDATION_FAILED");
      expect(error.message).toBe("One field needs your attention.");
      expect(error.extensions?.fields).toEqual({ email: "Enter a valid email address, like name@example.com." });
      expect(error.path).toEqual(["inviteUser"]);
      expect(result.body.data).toBeNull();
      expect(await db().select().from(users).where(eq(users.name, "Nobody"))).toEqual([]);
      expect(await activitySince(before)).toEqual([]);
    });

    it.each<[string, Record<string, unknown>, Record<string, string>]>([
      ["a blank city", { city: "   " }, { city: "Enter the city." }],
      ["an unknown country", { country: "XX" }, { country: "Choose a country from the list." }],
      ["the 'Unknown Region' code", { country: "ZZ" }, { country: "Choose a country from the list." }],
      ["a grouping of countries", { country: "EU" }, { country: "Choose a country from the list." }],
      ["a retired code", { country: "UK" }, { country: "Choose a country from the list." }],
      [
        "a certified status without a date",
        { certificationStatus: "certified" },
        { certifiedUntil: "Enter the date the certification runs until." },
      ],
      [
        "several problems at once",
        { city: "", country: "12", website: "http://plain.example", certificationStatus: "certified" },
        {
          city: "Enter the city.",
          country: "Choose a country.",
          website: "Enter the full https address, like https://www.example.com.",
          certifiedUntil: "Enter the date the certification runs until.",
        },
      ],
    ])("refuses an organization with %s, naming the fields, and writes nothing", async (_label, overrides, fields) => {
      const input = organizationInput(overrides);
      const before = await lastActivityId();
      const result = await admin.gql(createOrganizationMutation, { input });
      const error = firstError(result, "VALIDATION_FAILED");
      expect(error.extensions?.fields).toEqual(fields);
      const count = Object.keys(fields).length;
      expect(error.message).toBe(
        count === 1 ? "One field needs your attention." : `${count} fields need your attention.`,
      );
      expect(result.body.data).toBeNull();
      expect(
        await db()
          .select()
          .from(organizations)
          .where(eq(organizations.name, String(input.name))),
      ).toEqual([]);
      expect(await activitySince(before)).toEqual([]);
    });

    it("answers an input that does not fit the schema (a missing city) as the client's mistake, not ours", async () => {
      const { city: _city, ...input } = organizationInput();
      const before = await lastActivityId();
      const result = await admin.gql(createOrganizationMutation, { input: { ...input, kind: "spaceship" } });
      expect(result.status).toBe(400);
      expect(result.body.data).toBeUndefined();
      const messages = (result.body.errors ?? []).map((error) => error.message);
      expect(messages).toEqual(
        expect.arrayContaining([
          expect.stringContaining('Field "city" of required type "String!" was not provided.'),
          expect.stringContaining('Value "spaceship" does not exist in "OrganizationKind" enum.'),
        ]) as unknown,
      );
      expect(result.text).not.toContain(unexpectedErrorMessage);
      expect(result.text).not.toContain("INTERNAL_SERVER_ERROR");
      expect(
        await db()
          .select()
          .from(organizations)
          .where(eq(organizations.name, String(input.name))),
      ).toEqual([]);
      expect(await activitySince(before)).toEqual([]);
    });
  });

  describe("optimistic versions", () => {
    it("refuses a user change at a stale version with CONFLICT, and the first change stays", async () => {
      const person = await signInAs(harness, "viewer", "versions");
      const read = dataOf(await person.gql<UserData>(userQuery, { id: person.user.id })).user;
      const first = await audited(() =>
        person.gql<UpdateProfileData>(updateProfileMutation, {
          input: { id: read.id, version: read.version, name: "First edit" },
        }),
      );
      expect(dataOf(first.result).updateProfile).toEqual({
        id: read.id,
        name: "First edit",
        version: read.version + 1,
      });
      expect(first.rows).toHaveLength(1);

      const second = await audited(() =>
        person.gql<UpdateProfileData>(updateProfileMutation, {
          input: { id: read.id, version: read.version, name: "Second edit" },
        }),
      );
      expect(firstError(second.result, "CONFLICT").message).toMatch(/was changed by someone else/);
      expect(second.result.body.data).toBeNull();
      expect(second.rows).toEqual([]);
      expect(dataOf(await person.gql<UserData>(userQuery, { id: read.id })).user).toEqual({
        id: read.id,
        name: "First edit",
        version: read.version + 1,
      });
    });

    it("refuses an organization change or deletion at a stale version with CONFLICT", async () => {
      const created = dataOf(
        await admin.gql<{ createOrganization: OrganizationData }>(createOrganizationMutation, {
          input: organizationInput(),
        }),
      ).createOrganization;
      expect(created.version).toBe(1);
      const first = await admin.gql<{ updateOrganization: OrganizationData }>(updateOrganizationMutation, {
        input: {
          ...organizationInput({ name: created.name, city: "Dresden" }),
          id: created.id,
          version: created.version,
        },
      });
      expect(dataOf(first).updateOrganization).toMatchObject({ city: "Dresden", version: 2 });

      const before = await lastActivityId();
      const stale = await admin.gql(updateOrganizationMutation, {
        input: {
          ...organizationInput({ name: created.name, city: "Halle" }),
          id: created.id,
          version: created.version,
        },
      });
      expect(firstError(stale, "CONFLICT").message).toBe(
        `${created.name} was changed by someone else while you were editing. Reload to see the latest, then try again.`,
      );
      const staleDelete = await admin.gql(
        "mutation Delete($input: DeleteOrganizationInput!) { deleteOrganization(input: $input) { id } }",
        { input: { id: created.id, version: created.version } },
      );
      firstError(staleDelete, "CONFLICT");
      const [row] = await db().select().from(organizations).where(eq(organizations.id, created.id));
      expect(row).toMatchObject({ city: "Dresden", version: 2 });
      expect(await activitySince(before)).toEqual([]);
    });
  });

  describe("the audit trail", () => {
    it("records every successful mutation in exactly one activity row, with actor, action, target and changes", async () => {
      const expectAudited = async <Data>(
        run: () => Promise<GraphQLResult<Data>>,
        expected: {
          action: string;
          targetType: string;
          targetId: (data: Data) => string;
          changes: Record<string, { from: unknown; to: unknown }>;
          /** Creations and deletions list every field; only some are checked. */
          someChanges?: boolean;
        },
      ): Promise<Data> => {
        const { result, rows } = await audited(run);
        const data = dataOf(result);
        expect(rows, expected.action).toHaveLength(1);
        expect(rows[0], expected.action).toMatchObject({
          actorId: admin.user.id,
          actorLabel: admin.account.name,
          via: "session",
          action: expected.action,
          targetType: expected.targetType,
          targetId: expected.targetId(data),
          address: admin.browser.clientAddress,
        });
        if (expected.someChanges) expect(rows[0]?.changes).toMatchObject(expected.changes);
        else expect(rows[0]?.changes, expected.action).toEqual(expected.changes);
        return data;
      };
      const name = unique("Audited Clinic");

      const { createOrganization: created } = await expectAudited(
        () =>
          admin.gql<{ createOrganization: OrganizationData }>(createOrganizationMutation, {
            input: organizationInput({ name, city: "Bonn", phone: "+49 228 0000" }),
          }),
        {
          action: "organization.create",
          targetType: "organization",
          targetId: (data) => data.createOrganization.id,
          changes: {
            name: { from: null, to: name },
            city: { from: null, to: "Bonn" },
            country: { from: null, to: "DE" },
            phone: { from: null, to: "+49 228 0000" },
          },
          someChanges: true,
        },
      );
      const organizationId = created.id;

      const { updateOrganization: updated } = await expectAudited(
        () =>
          admin.gql<{ updateOrganization: OrganizationData }>(updateOrganizationMutation, {
            input: {
              ...organizationInput({ name, city: "Köln", phone: "+49 228 0000" }),
              id: organizationId,
              version: created.version,
            },
          }),
        {
          action: "organization.update",
          targetType: "organization",
          targetId: () => organizationId,
          changes: { city: { from: "Bonn", to: "Köln" } },
        },
      );

      const { setPublicListing: listed } = await expectAudited(
        () =>
          admin.gql<{ setPublicListing: OrganizationData }>(
            `mutation List($input: SetPublicListingInput!) { setPublicListing(input: $input) { ${organizationFields} } }`,
            { input: { id: organizationId, version: updated.version, publicListing: true } },
          ),
        {
          action: "organization.setPublicListing",
          targetType: "organization",
          targetId: () => organizationId,
          changes: { publicListing: { from: false, to: true } },
        },
      );

      const { certifyOrganization: certified } = await expectAudited(
        () =>
          admin.gql<{ certifyOrganization: OrganizationData }>(
            `mutation Certify($input: CertifyOrganizationInput!) { certifyOrganization(input: $input) { ${organizationFields} } }`,
            {
              input: {
                id: organizationId,
                version: listed.version,
                certificationStatus: "certified",
                certifiedUntil: "2030-06-30",
              },
            },
          ),
        {
          action: "organization.certify",
          targetType: "organization",
          targetId: () => organizationId,
          changes: {
            certificationStatus: { from: "not_certified", to: "certified" },
            certifiedUntil: { from: null, to: "2030-06-30" },
          },
        },
      );

      const email = `${unique("invitee").replace(/\W+/g, "-")}@example.test`;
      const { inviteUser: invited } = await expectAudited(
        () => admin.gql<InviteData>(inviteMutation, { input: { email, name: "Ivy Invitee", role: "viewer" } }),
        {
          action: "user.invite",
          targetType: "user",
          targetId: (data) => data.inviteUser.id,
          changes: {
            email: { from: null, to: email },
            name: { from: null, to: "Ivy Invitee" },
            role: { from: null, to: "viewer" },
          },
        },
      );
      expect(invited).toMatchObject({ status: "invited", role: "viewer" });

      await expectAudited(
        () =>
          admin.gql<{ changeUserOrganization: { id: string } }>(
            "mutation Join($input: ChangeUserOrganizationInput!) { changeUserOrganization(input: $input) { id } }",
            { input: { id: invited.id, version: invited.version, organizationId } },
          ),
        {
          action: "user.changeOrganization",
          targetType: "user",
          targetId: () => invited.id,
          changes: { organization: { from: null, to: name } },
        },
      );

      const current = await userRow(invited.id);
      await expectAudited(
        () =>
          admin.gql<{ changeUserRole: { id: string } }>(
            "mutation Role($input: ChangeUserRoleInput!) { changeUserRole(input: $input) { id role } }",
            { input: { id: invited.id, version: current.version, role: "editor" } },
          ),
        {
          action: "user.changeRole",
          targetType: "user",
          targetId: () => invited.id,
          changes: { role: { from: "viewer", to: "editor" } },
        },
      );

      await expectAudited(
        () =>
          admin.gql<{ cancelInvitation: { id: string } }>(
            "mutation Cancel($input: CancelInvitationInput!) { cancelInvitation(input: $input) { id } }",
            { input: { id: invited.id, version: current.version + 1 } },
          ),
        {
          action: "user.delete",
          targetType: "user",
          targetId: () => invited.id,
          changes: {
            email: { from: email, to: null },
            role: { from: "editor", to: null },
            status: { from: "invited", to: null },
          },
        },
      );

      const announcement = dataOf(
        await admin.gql<{ siteSettings: { announcement: { version: number } } }>(siteSettingsQuery),
      ).siteSettings.announcement;
      await expectAudited(
        () =>
          admin.gql<{ updateAnnouncement: { version: number } }>(
            `mutation Announce($input: UpdateAnnouncementInput!) {
              updateAnnouncement(input: $input) { version enabled message }
            }`,
            { input: { version: announcement.version, enabled: true, tone: "info", message: "Audited banner" } },
          ),
        {
          action: "setting.update",
          targetType: "setting",
          targetId: () => "announcement",
          changes: { enabled: { from: false, to: true }, message: { from: null, to: "Audited banner" } },
        },
      );

      await expectAudited(
        () =>
          admin.gql<{ deleteOrganization: { id: string } }>(
            "mutation Delete($input: DeleteOrganizationInput!) { deleteOrganization(input: $input) { id } }",
            { input: { id: organizationId, version: certified.version } },
          ),
        {
          action: "organization.delete",
          targetType: "organization",
          targetId: () => organizationId,
          changes: { name: { from: name, to: null }, city: { from: "Köln", to: null } },
          someChanges: true,
        },
      );

      // The API reads the same trail back.
      const trail = dataOf(
        await admin.gql<{
          activity: { nodes: { action: string; targetId: string; via: string; changes: unknown[] }[] };
        }>("{ activity(first: 3) { nodes { action targetId via changes { field from to } } } }"),
      ).activity.nodes;
      expect(trail.map((row) => row.action)).toEqual(["organization.delete", "setting.update", "user.delete"]);
      expect(trail[0]?.changes).toEqual(
        expect.arrayContaining([{ field: "city", from: JSON.stringify("Köln"), to: null }]) as unknown,
      );
    });

    it("leaves nothing behind when the organization of an invitation does not exist", async () => {
      const email = `${unique("orphan").replace(/\W+/g, "-")}@example.test`;
      const before = await lastActivityId();
      const result = await admin.gql(inviteMutation, {
        input: { email, role: "viewer", organizationId: randomUUID() },
      });
      expect(firstError(result, "VALIDATION_FAILED").extensions?.fields).toEqual({
        organizationId: "That organization does not exist.",
      });
      expect(result.body.data).toBeNull();
      expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
      expect(await db().select().from(idpAccounts).where(eq(idpAccounts.email, email))).toEqual([]);
      expect(await db().select().from(outbox).where(eq(outbox.to, email))).toEqual([]);
      expect(await activitySince(before)).toEqual([]);
    });

    it("rolls back every write of a mutation whose audit row cannot be written", async () => {
      // The invitation writes the users row, the provider's account, its password link and
      // the mail; then the activity row fails (a trigger, for this test only).
      const suffix = randomBytes(4).toString("hex");
      const trigger = `api_test_refuse_audit_${suffix}`;
      await db().execute(
        sql.raw(
          `create function ${trigger}() returns trigger language plpgsql as $$ begin raise exception 'audit refused for %', new.target_label; end $$`,
        ),
      );
      await db().execute(
        sql.raw(
          `create trigger ${trigger} before insert on activity for each row when (new.target_label like 'Rollback probe%') execute function ${trigger}()`,
        ),
      );
      try {
        const email = `rollback-${suffix}@example.test`;
        const before = await lastActivityId();
        const result = await admin.gql(inviteMutation, { input: { email, name: "Rollback probe", role: "viewer" } });
        const error = firstError(result, "INTERNAL_SERVER_ERROR");
        expect(error.message).toBe(unexpectedErrorMessage);
        expect(result.body.data).toBeNull();
        expectNoLeak(result.text);
        expect(result.text).not.toMatch(/audit refused|trigger|Rollback probe|P0001/);

        expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
        expect(await db().select().from(idpAccounts).where(eq(idpAccounts.email, email))).toEqual([]);
        expect(await db().select().from(outbox).where(eq(outbox.to, email))).toEqual([]);
        expect(await activitySince(before)).toEqual([]);

        // The operator finds it in the log.
        const logged = harness.log.entries.filter((entry) => entry.level === "error");
        expect(logged).toHaveLength(1);
        expect(logged[0]?.message).toBe("GraphQL request failed");
        expect(String(logged[0]?.fields.error)).toContain('insert into "activity"');
        harness.log.entries.length = 0;
      } finally {
        await db().execute(sql.raw(`drop trigger if exists ${trigger} on activity`));
        await db().execute(sql.raw(`drop function if exists ${trigger}()`));
      }
    });
  });

  describe("pagination", () => {
    it("continues exactly where a page ended when rows arrive before and after it, and pages back", async () => {
      const search = `paging${randomBytes(3).toString("hex")}`;
      const context = domainContext(db(), systemAdmin);
      const add = (label: string) =>
        createOrganization(context, {
          name: `${search} ${label}`,
          kind: "clinic",
          city: "Pageton",
          country: "DE",
          certificationStatus: "not_certified",
        });
      for (let index = 10; index < 40; index += 1) await add(String(index));

      const page = async (variables: Record<string, unknown>) =>
        dataOf(await admin.gql<PageData>(paginationQuery, { search, ...variables })).organizations;
      const full = async () => (await page({ first: 100 })).nodes;

      const first = await page({ first: 10 });
      expect(first.nodes.map((node) => node.name)).toEqual(
        Array.from({ length: 10 }, (_, index) => `${search} ${10 + index}`),
      );
      expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });

      // Rows arrive before the page, right after its end, and at the very end.
      await add("00");
      await add("19a");
      await add("99");

      const second = await page({ first: 10, after: first.pageInfo.endCursor });
      const everything = await full();
      const ids = everything.map((node) => node.id);
      const lastOfFirst = ids.indexOf(first.nodes.at(-1)?.id ?? "");
      expect(second.nodes.map((node) => node.id)).toEqual(ids.slice(lastOfFirst + 1, lastOfFirst + 11));
      expect(second.nodes[0]?.name).toBe(`${search} 19a`);
      const firstIds = new Set(first.nodes.map((node) => node.id));
      expect(second.nodes.filter((node) => firstIds.has(node.id))).toEqual([]);
      expect(second.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });

      // Going back from the second page gives the first again.
      const back = await page({ last: 10, before: second.pageInfo.startCursor });
      expect(back.nodes).toEqual(first.nodes);
      expect(back.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });

      // Walking every page by its cursor reads the whole list once, in order.
      const walked: string[] = [];
      let cursor: string | null = null;
      // At most one page more than the list needs: a cursor that goes in circles fails here.
      for (let pages = 0; pages < 6; pages += 1) {
        const next = await page({ first: 7, ...(cursor ? { after: cursor } : {}) });
        walked.push(...next.nodes.map((node) => node.id));
        if (!next.pageInfo.hasNextPage) break;
        cursor = next.pageInfo.endCursor;
      }
      expect(walked).toEqual(ids);
      expect(ids).toHaveLength(33);
    });

    it("counts a list's total when totalCount is asked for, and only then", async () => {
      const search = `counted${randomBytes(3).toString("hex")}`;
      const context = domainContext(db(), systemAdmin);
      for (let index = 0; index < 5; index += 1) {
        await createOrganization(context, {
          name: `${search} ${index}`,
          kind: "clinic",
          city: "Countville",
          country: "DE",
          certificationStatus: "not_certified",
        });
      }
      const list = (fields: string) =>
        `query Counted($search: String) { organizations(search: $search, first: 2) { nodes { id } ${fields} } }`;
      type Counted = {
        organizations: { nodes: { id: string }[]; totalCount?: number; totalCountIsLowerBound?: boolean };
      };
      const selects = vi.spyOn(db(), "select");
      try {
        const read = async (fields: string) => {
          selects.mockClear();
          const data = dataOf(await admin.gql<Counted>(list(fields), { search })).organizations;
          // The session check is a prepared query of its own: what is left is the list's.
          return { ...data, selects: selects.mock.calls.length };
        };
        const plain = await read("");
        const counted = await read("totalCount totalCountIsLowerBound");
        expect(counted).toMatchObject({ totalCount: 5, totalCountIsLowerBound: false });
        expect(counted.nodes).toEqual(plain.nodes);
        // The count is its subquery and itself, once for both fields.
        expect(counted.selects - plain.selects).toBe(2);
      } finally {
        selects.mockRestore();
      }
    });

    it("pages through names whose lower case JavaScript and the database spell differently", async () => {
      // "İ" lowers to two characters in JavaScript and one in PostgreSQL; a final "Σ" to
      // "ς" in one and "σ" in the other. The cursor must carry the database's key.
      const names = ["İstanbul Klinik", "Istanbul Zahn", "istanbul Nord", "ΟΔΟΣ", "ΟΔΟΣ Klinik", "οδος Zwei", "Zeta"];
      const city = `Walkton ${randomBytes(3).toString("hex")}`;
      const context = domainContext(db(), systemAdmin);
      const organizationIds: string[] = [];
      for (const name of names) {
        const created = await createOrganization(context, {
          name: `${name} ${city}`,
          kind: "clinic",
          city,
          country: "DE",
          certificationStatus: "not_certified",
        });
        organizationIds.push(created.id);
      }
      const home = organizationIds[0] ?? "";
      for (const [index, name] of names.entries()) {
        await inviteUser(context, {
          email: `walk-${index}-${city.slice(-6)}@example.test`,
          name,
          role: "viewer",
          organizationId: home,
        });
      }

      const walk = async (list: "organizations" | "users", filter: string) => {
        const query = `query Walk($after: String) {
          ${list}(${filter}, sort: name, first: 1, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } }
        }`;
        type Page = Record<string, { nodes: { id: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } }>;
        const all = dataOf(await admin.gql<Page>(query.replace("first: 1", "first: 100")))[list]?.nodes ?? [];
        const walked: string[] = [];
        let after: string | undefined;
        for (let pages = 0; pages <= names.length; pages += 1) {
          const next = dataOf(await admin.gql<Page>(query, after ? { after } : {}))[list];
          walked.push(...(next?.nodes ?? []).map((node) => node.id));
          if (!next?.pageInfo.hasNextPage) break;
          after = next.pageInfo.endCursor;
        }
        expect(all).toHaveLength(names.length);
        expect(walked, list).toEqual(all.map((node) => node.id));
      };
      await walk("organizations", `search: ${JSON.stringify(city)}`);
      await walk("users", `organizationId: ${JSON.stringify(home)}`);
    });

    it.each([
      ["text that is no cursor", () => "garbage!!"],
      ["a cursor of the wrong shape", () => encodeCursor(["only", "a", "list"] as unknown as [string, string])],
      ["an id that is no UUID", () => encodeCursor(["clinic", "not-a-uuid"])],
      ["a number for the id", () => encodeCursor(["clinic", 5] as unknown as [string, string])],
      ["a number for the name", () => encodeCursor([5, randomUUID()] as unknown as [string, string])],
      ["a string with a NUL", () => encodeCursor(["a\u0000b", randomUUID()])],
    ])("refuses %s as VALIDATION_FAILED", async (_label, cursor) => {
      for (const variables of [
        { first: 5, after: cursor() },
        { last: 5, before: cursor() },
      ]) {
        const result = await admin.gql(paginationQuery, variables);
        const error = firstError(result, "VALIDATION_FAILED");
        expect(error.extensions?.fields).toEqual({
          after: "That page link is no longer valid. Start again from the first page.",
        });
        expect(result.body.data).toBeNull();
      }
    });

    it("refuses a cursor whose time is not a time, on lists sorted by time", async () => {
      const forged = encodeCursor(["last tuesday", randomUUID()]);
      const usersResult = await admin.gql(
        "query($after: String) { users(sort: created, first: 2, after: $after) { nodes { id } } }",
        {
          after: forged,
        },
      );
      firstError(usersResult, "VALIDATION_FAILED");
      const activityResult = await admin.gql(
        "query($after: String) { activity(first: 2, after: $after) { nodes { id } } }",
        {
          after: encodeCursor(["2024-02-31T00:00:00.000000Z", "1"]),
        },
      );
      firstError(activityResult, "VALIDATION_FAILED");
      // A real cursor of that list still works.
      const activityPage = dataOf(
        await admin.gql<{ activity: { pageInfo: { endCursor: string } } }>(
          "{ activity(first: 1) { pageInfo { endCursor } } }",
        ),
      );
      const next = await admin.gql("query($after: String) { activity(first: 1, after: $after) { nodes { id } } }", {
        after: activityPage.activity.pageInfo.endCursor,
      });
      expect(dataOf(next)).toBeTruthy();
    });
  });

  describe("limits on what one request may ask", () => {
    /** A mutation that would change the profile, so "refused before execution" is visible. */
    async function expectRefusedBeforeExecution(selection: string, limit: RegExp) {
      const before = await userRow(viewer.user.id);
      const activityBefore = await lastActivityId();
      const query = `mutation Limited($input: UpdateProfileInput!) { ${selection} }`;
      const variables = { input: { id: viewer.user.id, version: before.version, name: "Should never be saved" } };
      // An invalid request, as GraphQL over HTTP says: 400 to a client that takes its media type, else 200.
      for (const [accept, status] of [
        ["application/json", 200],
        [graphqlResponseJson, 400],
      ] as const) {
        const result = await viewer.gql(query, variables, { accept });
        expect(result.body.data, accept).toBeUndefined();
        expect(result.body.errors?.[0]?.message, accept).toMatch(limit);
        expect(result.body.errors?.[0]?.extensions?.code, accept).toBe("GRAPHQL_VALIDATION_FAILED");
        expect(result.status, accept).toBe(status);
      }
      expect(await userRow(viewer.user.id)).toEqual(before);
      expect(await activitySince(activityBefore)).toEqual([]);
    }

    it(`refuses a query deeper than ${queryLimits.maxDepth} levels`, async () => {
      let selection = "id";
      for (let level = 0; level < 5; level += 1) selection = `organization { members { ${selection} } }`;
      await expectRefusedBeforeExecution(
        `updateProfile(input: $input) { ${selection} }`,
        new RegExp(`depth limit of ${queryLimits.maxDepth} exceeded`),
      );
    });

    it(`refuses more than ${queryLimits.maxAliases} aliases, and allows ${queryLimits.maxAliases}`, async () => {
      const aliases = (count: number) =>
        Array.from({ length: count }, (_, index) => `a${index}: updateProfile(input: $input) { id }`).join("\n");
      await expectRefusedBeforeExecution(
        aliases(queryLimits.maxAliases + 1),
        new RegExp(`Aliases limit of ${queryLimits.maxAliases} exceeded`),
      );
      const allowed = Array.from({ length: queryLimits.maxAliases }, (_, index) => `v${index}: viewer { via }`);
      const result = await viewer.gql<Record<string, { via: string }>>(`{ ${allowed.join(" ")} }`);
      expect(Object.values(dataOf(result))).toHaveLength(queryLimits.maxAliases);
    });

    it(`refuses a query that costs more than ${queryLimits.maxCost}`, async () => {
      // The cost grows by half with each level, and each field counts as it is written:
      // a field asked for 600 times deep down is as dear as 600 fields.
      let selection = Array.from({ length: 600 }, () => "id").join(" ");
      for (let level = 0; level < 3; level += 1) selection = `id organization { id members { ${selection} } }`;
      await expectRefusedBeforeExecution(
        `updateProfile(input: $input) { ${selection} }`,
        new RegExp(`Cost limit of ${queryLimits.maxCost} exceeded`),
      );
    });
  });

  describe("introspection and GraphiQL", () => {
    const introspection = "{ __schema { types { name } } }";

    it("refuses introspection to anonymous visitors, viewers and non-admin tokens, and allows it to admins", async () => {
      const { token } = await createTokenFor(editor, "editor");
      const refusals = [
        await anonymous(introspection),
        await viewer.gql(introspection),
        await editor.gql('{ __type(name: "User") { fields { name } } }'),
        await withToken(`Bearer ${token}`, introspection),
      ];
      for (const result of refusals) {
        expect(result.body.data).toBeUndefined();
        expect(firstError(result, "GRAPHQL_VALIDATION_FAILED").message).toMatch(/introspection has been disabled/);
        expect(result.text).not.toContain("siteSettings");
      }
      // __typename is not introspection.
      expect(dataOf(await anonymous("{ __typename }"))).toEqual({ __typename: "Query" });

      const allowed = dataOf(await admin.gql<{ __schema: { types: { name: string }[] } }>(introspection));
      expect(allowed.__schema.types.map((type) => type.name)).toEqual(
        expect.arrayContaining(["Query", "Mutation", "Organization", "PersonalAccessToken"]) as unknown,
      );
    });

    it("serves GraphiQL to an admin with its script under the response's nonce, and to no one else", async () => {
      const response = await admin.browser.fetch("/graphql", { headers: { accept: "text/html" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const html = await response.text();
      expect(html).toContain("Densara API");
      const policy = response.headers.get("content-security-policy") ?? "";
      const directives = new Map(
        policy.split(";").map((directive) => {
          const [name = "", ...values] = directive.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      const scriptSrc = directives.get("script-src") ?? [];
      const nonce = /^'nonce-([^']+)'$/.exec(scriptSrc.find((value) => value.startsWith("'nonce-")) ?? "")?.[1];
      expect(nonce).toBeDefined();
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(directives.get("style-src")).toContain("'unsafe-inline'");
      expect(directives.get("worker-src")).toContain("blob:");
      expect(directives.get("default-src")).toEqual(["'self'"]);
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce ?? ""}"`);
      // GraphiQL sends the admin's requests with the session's CSRF token.
      expect(html).toContain(admin.csrfToken);

      const again = await admin.browser.fetch("/graphql", { headers: { accept: "text/html" } });
      expect(again.headers.get("content-security-policy")).not.toContain(`'nonce-${nonce ?? ""}'`);
      await again.text();

      for (const browser of [viewer.browser, editor.browser, harness.newBrowser()]) {
        const refused = await browser.fetch("/graphql", { headers: { accept: "text/html" } });
        const body = await refused.text();
        expect(refused.status).not.toBe(200);
        expect(refused.headers.get("content-type") ?? "").not.toMatch(/text\/html/);
        expect(body.toLowerCase()).not.toContain("graphiql");
      }
    });
  });

  describe("what the API tells those who may not read its schema", () => {
    it("suggests no field or value names to them, and does to admins", async () => {
      const misspelt = "{ viewer { usr { id } } }";
      const wrongValue = [
        "query Users($role: Role) { users(role: $role) { nodes { id } } }",
        { role: "admn" },
      ] as const;
      for (const result of [
        await viewer.gql(misspelt),
        await anonymous(misspelt),
        await viewer.gql(...wrongValue),
        await anonymous(...wrongValue),
      ]) {
        const message = result.body.errors?.[0]?.message ?? "";
        expect(message, result.text).toMatch(/Cannot query field "usr"|Value "admn" does not exist/);
        expect(message).not.toMatch(/Did you mean/);
      }
      expect((await admin.gql(misspelt)).body.errors?.[0]?.message).toMatch(/Did you mean "user"\?/);
      expect((await admin.gql(...wrongValue)).body.errors?.[0]?.message).toMatch(
        /Did you mean the enum value "admin"\?/,
      );
    });

    it("echoes nothing of the parser's own words for a body that is not JSON", async () => {
      // As GraphQL over HTTP has it: 400 to a client that takes its media type, 200 to a plain JSON one.
      for (const [accept, status] of [
        ["application/json", 200],
        [graphqlResponseJson, 400],
      ] as const) {
        const response = await fetch(new URL("/graphql", harness.origin), {
          method: "POST",
          headers: { "content-type": "application/json", accept },
          body: '{"query": "{ viewer { via } }"',
        });
        const text = await response.text();
        expect(response.status, accept).toBe(status);
        expect(text).not.toMatch(/originalError|Unexpected|position|at JSON/);
        expect(JSON.parse(text)).toEqual({
          errors: [{ message: "POST body sent invalid JSON.", extensions: { code: "BAD_REQUEST" } }],
        });
      }
    });

    it("keeps the activity log's actions and kinds to those who may read the log", async () => {
      for (const query of ["{ activityActions { action words } }", "{ activityKinds { type label } }"]) {
        firstError(await anonymous(query), "UNAUTHENTICATED");
        const own = dataOf(await viewer.gql<Record<string, unknown[]>>(query));
        expect(Object.values(own)[0]?.length).toBeGreaterThan(0);
      }
      const actions = dataOf(
        await admin.gql<{ activityActions: { action: string; words: string }[] }>(
          "{ activityActions { action words } }",
        ),
      ).activityActions;
      expect(actions).toContainEqual({ action: "user.changeRole", words: "changed the role of" });
    });
  });

  describe("errors", () => {
    it("keeps a refusal's message and code, and never sends a stack trace", async () => {
      const { token } = await createTokenFor(editor, "editor");
      const cases: [GraphQLResult<unknown>, number, string | undefined, RegExp | string][] = [
        [
          await viewer.gql(siteSettingsQuery),
          200,
          "FORBIDDEN",
          "Your role (viewer) does not allow you to see the site settings.",
        ],
        // Someone else's row is out of a viewer's reach: it reads exactly as one that does not exist.
        [await viewer.gql(userQuery, { id: admin.user.id }), 200, "NOT_FOUND", "That user does not exist."],
        [await admin.gql(userQuery, { id: randomUUID() }), 200, "NOT_FOUND", "That user does not exist."],
        [await admin.gql(userQuery, { id: "not-a-uuid" }), 200, "VALIDATION_FAILED", "One field needs your attention."],
        [await anonymous(siteSettingsQuery), 200, "UNAUTHENTICATED", "Sign in to see the site settings."],
        [await withToken(`Bearer ${token}x`, viewerQuery), 401, "UNAUTHENTICATED", /access token is not valid/],
        [
          await graphqlRequest(harness.origin, { query: viewerQuery }, { browser: viewer.browser, csrfToken: "wrong" }),
          403,
          "FORBIDDEN",
          /security token/,
        ],
        [await anonymous("{ viewer { "), 200, "GRAPHQL_PARSE_FAILED", /Syntax Error/],
        [await anonymous(userQuery, { id: 5.5 }), 400, undefined, /Variable "\$id" got invalid value 5.5/],
      ];
      for (const [result, status, code, message] of cases) {
        expect(result.status, result.text).toBe(status);
        const error = result.body.errors?.[0];
        expect(error?.extensions?.code, result.text).toBe(code);
        if (typeof message === "string") expect(error?.message).toBe(message);
        else expect(error?.message).toMatch(message);
        expect(JSON.stringify(error)).not.toMatch(/originalError|stacktrace|exception/i);
        expectNoLeak(result.text);
      }
    });
  });
});
