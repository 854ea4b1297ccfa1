import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../tests/support/databases.ts";
import { createSessionStore } from "../auth/sessions.ts";
import { ForbiddenError, hasRole } from "./authorization.ts";
import { listUsers, setUserDisabled, upsertUserFromClaims, UserRuleError, type User } from "./users.ts";

const issuer = "https://idp.test";

describe("roles", () => {
  it("ranks admin above editor above viewer", () => {
    expect(hasRole({ id: "a", role: "admin" }, "editor")).toBe(true);
    expect(hasRole({ id: "e", role: "editor" }, "editor")).toBe(true);
    expect(hasRole({ id: "e", role: "editor" }, "admin")).toBe(false);
    expect(hasRole({ id: "v", role: "viewer" }, "editor")).toBe(false);
  });
});

describe.each(databaseKinds)("user administration on %s", (kind) => {
  const database = useTestDatabase(kind);

  async function people(): Promise<{ admin: User; viewer: User }> {
    const db = database().db;
    const admin = await upsertUserFromClaims(db, { issuer, subject: "a", email: "a@x.test" }, { adminEmails: [] });
    const viewer = await upsertUserFromClaims(db, { issuer, subject: "v", email: "v@x.test" }, { adminEmails: [] });
    return { admin, viewer };
  }

  it("lists users for an admin, newest first, and refuses everyone else", async () => {
    const { admin, viewer } = await people();
    const listed = await listUsers(database().db, admin);
    expect(listed.map((user) => user.email)).toEqual(["v@x.test", "a@x.test"]);
    await expect(listUsers(database().db, viewer)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listUsers(database().db, { id: viewer.id, role: "editor" })).rejects.toThrow(/admin role/);
  });

  it("disables a user, ending their sessions, and enables them again", async () => {
    const { admin, viewer } = await people();
    const sessions = createSessionStore(database().db, { idleTimeoutS: 3600, absoluteLifetimeS: 86_400 });
    const { token } = await sessions.start(viewer.id);
    const disabled = await setUserDisabled(database().db, admin, viewer.id, true);
    expect(disabled.disabledAt).toBeInstanceOf(Date);
    expect(await sessions.read(token)).toBeNull();
    const enabled = await setUserDisabled(database().db, admin, viewer.id, false);
    expect(enabled.disabledAt).toBeNull();
  });

  it("refuses a viewer, an admin disabling themselves, and unknown ids", async () => {
    const { admin, viewer } = await people();
    await expect(setUserDisabled(database().db, viewer, admin.id, true)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(setUserDisabled(database().db, admin, admin.id, true)).rejects.toThrow(
      "You cannot disable your own account.",
    );
    await expect(setUserDisabled(database().db, admin, "not-a-uuid", true)).rejects.toBeInstanceOf(UserRuleError);
    await expect(
      setUserDisabled(database().db, admin, "00000000-0000-4000-8000-000000000000", true),
    ).rejects.toBeInstanceOf(UserRuleError);
    const [stillAdmin] = (await listUsers(database().db, admin)).filter((user) => user.id === admin.id);
    expect(stillAdmin?.disabledAt).toBeNull();
  });
});
