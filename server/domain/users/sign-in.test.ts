import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../../tests/support/databases.ts";
import { domainContext, systemAdmin } from "../../../tests/support/domain.ts";
import { idpPasswordResets } from "../../db/schema/index.ts";
import { inviteUser, updateProfile, upsertUserFromClaims } from "./index.ts";

const issuer = "https://idp.test";

describe.each(databaseKinds)("signing in on %s", (kind) => {
  const database = useTestDatabase(kind);
  it("makes the first account an admin and later ones viewers", async () => {
    const first = await upsertUserFromClaims(
      database().db,
      { issuer, subject: "1", email: "first@example.com" },
      { adminEmails: [] },
    );
    const second = await upsertUserFromClaims(
      database().db,
      { issuer, subject: "2", email: "second@example.com" },
      { adminEmails: [] },
    );
    expect([first.role, second.role]).toEqual(["admin", "viewer"]);
  });

  it("makes an address listed in ADMIN_EMAILS an admin, whatever its case", async () => {
    await upsertUserFromClaims(
      database().db,
      { issuer, subject: "1", email: "first@example.com" },
      { adminEmails: [] },
    );
    const boss = await upsertUserFromClaims(
      database().db,
      { issuer, subject: "2", email: "Boss@Example.com", emailVerified: true },
      { adminEmails: ["boss@example.COM"] },
    );
    expect(boss.role).toBe("admin");
    expect(boss.email).toBe("boss@example.com");
  });

  it("makes a listed address an admin even when it is not the first account", async () => {
    const adminEmails = ["boss@example.com"];
    await upsertUserFromClaims(database().db, { issuer, subject: "1", email: "first@example.com" }, { adminEmails });
    await upsertUserFromClaims(database().db, { issuer, subject: "2", email: "second@example.com" }, { adminEmails });
    const boss = await upsertUserFromClaims(
      database().db,
      { issuer, subject: "3", email: "boss@example.com", emailVerified: true },
      { adminEmails },
    );
    expect(boss.role).toBe("admin");
  });

  it("makes a listed address an admin only when the provider says it is verified", async () => {
    const adminEmails = ["boss@example.com"];
    const impostor = await upsertUserFromClaims(
      database().db,
      { issuer, subject: "1", email: "boss@example.com", emailVerified: false },
      { adminEmails },
    );
    expect(impostor.role).toBe("viewer");
    // A provider that says nothing about verification is not trusted either: some let
    // people type any address into their profile.
    const silent = await upsertUserFromClaims(
      database().db,
      { issuer: "https://other-idp.test", subject: "1", email: "boss@example.com", emailVerified: null },
      { adminEmails },
    );
    expect(silent.role).toBe("viewer");
  });

  it("with ADMIN_EMAILS set, a stranger who signs in first stays a viewer", async () => {
    const adminEmails = ["boss@example.com"];
    const stranger = await upsertUserFromClaims(
      database().db,
      { issuer, subject: "1", email: "stranger@example.com", emailVerified: true },
      { adminEmails },
    );
    const anonymous = await upsertUserFromClaims(database().db, { issuer, subject: "2" }, { adminEmails });
    const boss = await upsertUserFromClaims(
      database().db,
      { issuer, subject: "3", email: "boss@example.com", emailVerified: true },
      { adminEmails },
    );
    expect([stranger.role, anonymous.role, boss.role]).toEqual(["viewer", "viewer", "admin"]);
  });

  it("with ADMIN_EMAILS set, an unverified listed address signing in first stays a viewer", async () => {
    const first = await upsertUserFromClaims(
      database().db,
      { issuer, subject: "1", email: "boss@example.com", emailVerified: false },
      { adminEmails: ["boss@example.com"] },
    );
    expect(first.role).toBe("viewer");
  });

  it("a returning user keeps their role even once their address is listed", async () => {
    await upsertUserFromClaims(database().db, { issuer, subject: "1" }, { adminEmails: [] });
    const viewer = await upsertUserFromClaims(
      database().db,
      { issuer, subject: "2", email: "later@example.com" },
      { adminEmails: [] },
    );
    const again = await upsertUserFromClaims(
      database().db,
      { issuer, subject: "2", email: "later@example.com" },
      { adminEmails: ["later@example.com"] },
    );
    expect([viewer.role, again.role]).toEqual(["viewer", "viewer"]);
  });

  it("keeps what a returning user's provider did not send this time", async () => {
    await upsertUserFromClaims(
      database().db,
      { issuer, subject: "1", email: "kept@example.com", name: "Kept Name" },
      { adminEmails: [] },
    );
    const again = await upsertUserFromClaims(database().db, { issuer, subject: "1" }, { adminEmails: [] });
    expect(again.email).toBe("kept@example.com");
    expect(again.name).toBe("Kept Name");
  });

  it("updates the profile of a returning user from the new claims but keeps their role", async () => {
    const first = await upsertUserFromClaims(database().db, { issuer, subject: "1", name: "Old" }, { adminEmails: [] });
    const again = await upsertUserFromClaims(
      database().db,
      { issuer, subject: "1", name: "New Name", picture: "https://img.example/a.png" },
      { adminEmails: [] },
    );
    expect(again.id).toBe(first.id);
    expect(again.name).toBe("New Name");
    expect(again.picture).toBe("https://img.example/a.png");
    expect(again.role).toBe("admin");
  });

  it("keeps a name the person wrote in the portal over the provider's, until they clear it", async () => {
    const signIn = (name: string) =>
      upsertUserFromClaims(database().db, { issuer, subject: "1", name }, { adminEmails: [] });
    const first = await signIn("Provider Name");
    const asThemself = domainContext(database().db, first);
    const renamed = await updateProfile(asThemself, { id: first.id, version: first.version, name: "Dr. Ana Díaz" });
    // The provider still sends its own name (or a changed one) at each sign-in: the person's choice stays.
    expect((await signIn("Provider Name")).name).toBe("Dr. Ana Díaz");
    const again = await signIn("Provider Name Changed");
    expect(again.name).toBe("Dr. Ana Díaz");
    // Cleared in settings, the provider's name fills it again.
    await updateProfile(asThemself, { id: first.id, version: again.version, name: null });
    expect((await signIn("Provider Name Changed")).name).toBe("Provider Name Changed");
    expect(renamed.version).toBe(first.version + 1);
  });

  it("dates an invitation's password link at the moment of the invitation, on the domain's clock", async () => {
    const invitedAt = new Date("2026-02-03T04:05:06.000Z");
    const asSystem = domainContext(database().db, systemAdmin, { now: () => invitedAt });
    await inviteUser(asSystem, { email: "invited@example.com", name: "Invited Person", role: "viewer" });
    const links = await database().db.select().from(idpPasswordResets);
    expect(links).toHaveLength(1);
    expect(links[0]?.createdAt.toISOString()).toBe(invitedAt.toISOString());
    expect(links[0]?.expiresAt.toISOString()).toBe("2026-02-10T04:05:06.000Z");
  });

  it("keeps the same subject at different issuers apart", async () => {
    const a = await upsertUserFromClaims(
      database().db,
      { issuer: "https://a.test", subject: "1" },
      { adminEmails: [] },
    );
    const b = await upsertUserFromClaims(
      database().db,
      { issuer: "https://b.test", subject: "1" },
      { adminEmails: [] },
    );
    expect(a.id).not.toBe(b.id);
  });

  it.each(["http://img.example/a.png", "javascript:alert(1)", "not a url"])(
    "drops a picture that is not https: %s",
    async (picture) => {
      const user = await upsertUserFromClaims(database().db, { issuer, subject: "1", picture }, { adminEmails: [] });
      expect(user.picture).toBeNull();
    },
  );

  it("strips NUL characters from what a provider sends, rather than failing the sign-in", async () => {
    const user = await upsertUserFromClaims(
      database().db,
      { issuer, subject: "1", email: "nul\u0000@example.com", name: "Ana\u0000 Díaz" },
      { adminEmails: [] },
    );
    expect([user.email, user.name]).toEqual(["nul@example.com", "Ana Díaz"]);
  });

  it("keeps a provider's name on one line, without the controls that reorder it", async () => {
    const user = await upsertUserFromClaims(
      database().db,
      { issuer, subject: "1", email: "ana@example.com", name: "Ana\r\nBcc: eve@example.com \u202eziaD" },
      { adminEmails: [] },
    );
    expect(user.name).toBe("Ana Bcc: eve@example.com ziaD");
  });

  it("lets only one of two simultaneous first sign-ins become admin", async () => {
    const [a, b] = await Promise.all([
      upsertUserFromClaims(database().db, { issuer, subject: "a" }, { adminEmails: [] }),
      upsertUserFromClaims(database().db, { issuer, subject: "b" }, { adminEmails: [] }),
    ]);
    expect([a.role, b.role].sort()).toEqual(["admin", "viewer"]);
  });
});
