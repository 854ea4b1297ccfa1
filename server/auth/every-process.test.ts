import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { databaseKinds, useTestDatabase } from "../../tests/support/databases.ts";
import { domainContext, systemAdmin } from "../../tests/support/domain.ts";
import { openDatabase, type DatabaseHandle } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { forgetNotices, readSiteNotices, updateAnnouncement } from "../domain/settings/index.ts";
import { changeUserRole } from "../domain/users/index.ts";
import { createSessionStore, type StampSource } from "../domain/users/session-store.ts";

const policy = { idleTimeoutS: 30 * 60, absoluteLifetimeS: 8 * 60 * 60 };

/**
 * What one process changes, every process sees on its next request: the session check
 * reads the session, its person and the notices' stamp from the database on every
 * request. On PostgreSQL the two "processes" are two connection pools to one database
 * (what two workers or two machines have); PGlite serves one process, so both are one.
 */
describe.each(databaseKinds)("changes seen by every process, on %s", (kind) => {
  const database = useTestDatabase(kind);
  let other: DatabaseHandle;

  beforeEach(async () => {
    const first = database();
    other =
      first.kind === "postgres"
        ? await openDatabase({ url: String(first.pool.options.connectionString), dataDir: "" })
        : first;
    forgetNotices();
  });
  afterEach(async () => {
    if (other !== database()) await other.close();
  });

  const here = () => createSessionStore(database().db, policy);
  const there = () => createSessionStore(other.db, policy);

  async function signIn(role: "viewer" | "admin" = "viewer") {
    const [user] = await database()
      .db.insert(users)
      .values({ issuer: "https://idp.test", subject: `s-${role}`, email: `${role}@example.com`, role })
      .returning();
    if (!user) throw new Error("no user");
    return { user, token: (await here().start(user.id)).token };
  }

  it("a sign-out elsewhere ends the session on the next request", async () => {
    const { token } = await signIn();
    expect(await there().read(token)).not.toBeNull();
    await there().end(token);
    expect(await here().read(token)).toBeNull();
  });

  it("a role changed elsewhere is the role of the next request", async () => {
    const { user, token } = await signIn();
    expect((await here().read(token))?.user.role).toBe("viewer");
    await changeUserRole(domainContext(other.db, systemAdmin), { id: user.id, version: user.version, role: "editor" });
    expect((await here().read(token))?.user.role).toBe("editor");
  });

  // PGlite's own server reads the stamp from itself (the only process that writes); both ways are checked on it.
  const sources: StampSource[] = kind === "pglite" ? ["database", "this process"] : ["database"];
  it.each(sources)("a notice saved elsewhere shows on the next page, stamps from %s", async (source) => {
    const { user, token } = await signIn();
    const sessions = createSessionStore(database().db, policy, { stampsFrom: source });
    /** A page's read of the notices, as the in-process API runs it: with the stamps its session check read. */
    const notices = async () => {
      const session = await sessions.read(token);
      const context = { ...domainContext(database().db, user), stamps: session?.stamps };
      return readSiteNotices(context, {});
    };
    expect(await notices()).toEqual({ announcement: null, maintenance: null });

    // While nothing changes, the notices' rows are not read again (the cache serves them).
    const selects = vi.spyOn(database().db, "select");
    expect(await notices()).toEqual({ announcement: null, maintenance: null });
    expect(selects).not.toHaveBeenCalled();
    selects.mockRestore();

    await updateAnnouncement(domainContext(other.db, systemAdmin), {
      version: 0,
      enabled: true,
      tone: "warning",
      message: "Scheduled maintenance tonight",
    });
    expect((await notices()).announcement).toMatchObject({ enabled: true, message: "Scheduled maintenance tonight" });

    // And the same again, on a process that never cached them (and without a session's stamp).
    forgetNotices();
    expect((await readSiteNotices(domainContext(database().db, user), {})).announcement).toMatchObject({
      message: "Scheduled maintenance tonight",
    });
  });
});
