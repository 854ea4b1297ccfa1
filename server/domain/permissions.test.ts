import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../../tests/support/databases.ts";
import { attempt, makeFixture, probes, type Attempt, type Fixture } from "../../tests/support/domain-probes.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { Actor, Role } from "./core/access.ts";
import { DomainError, ForbiddenError, NotFoundError, UnauthenticatedError } from "./core/errors.ts";
import { domainOperations } from "./index.ts";
import { actorFor } from "./users/index.ts";

/**
 * The permission matrix: every domain operation (found in the entity modules, so a new
 * one cannot be left out), for the anonymous visitor and every role, against the outcome
 * written out below. Every cell must come out exactly so:
 *
 * - "allow": the operation succeeds;
 * - "refuse": it is refused as forbidden (or, anonymous, asked to sign in);
 * - "own": the rule gives this role a row filter. On someone else's row the operation
 *   finds nothing (not found, exactly as a missing row); on the actor's own it succeeds;
 *   and a list or count holds only the actor's own rows.
 *
 * Each attempt runs in a transaction that is rolled back, and an attempt that fails must
 * have changed nothing at all (a fingerprint of every table is compared).
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
const editors = row("refuse", "refuse", "allow", "allow");
/** Editors and admins reach every row; viewers those of published releases ("own" here). */
const editorsAllOthersPublished = row("refuse", "own", "allow", "allow");
const adminsAllOthersOwn = row("refuse", "own", "own", "allow");
const ownForEditors = row("refuse", "refuse", "own", "own");

const expected: Record<string, Record<Who, Outcome>> = {
  // Users: admins manage everyone; everyone else only themselves.
  listUsers: adminsAllOthersOwn,
  getUser: adminsAllOthersOwn,
  getUsersByIds: adminsAllOthersOwn,
  countUsersByStatus: adminsAllOthersOwn,
  listLapsingInvitations: adminsOnly,
  listDisabledWithLiveTokens: adminsOnly,
  listFailedSignIns: adminsOnly,
  listUserSessions: adminsAllOthersOwn,
  getUserPicture: adminsAllOthersOwn,
  inviteUser: adminsOnly,
  resendInvitation: adminsOnly,
  cancelInvitation: adminsOnly,
  updateProfile: adminsAllOthersOwn,
  updatePreferences: row("refuse", "own", "own", "own"),
  updatePicture: adminsAllOthersOwn,
  changeUserRole: adminsOnly,
  changeUserGrants: adminsOnly,
  changeUserOrganization: adminsOnly,
  disableUser: adminsOnly,
  enableUser: adminsOnly,
  revokeUserSession: adminsAllOthersOwn,
  signOutOtherSessions: signedIn,
  // Organizations: admins manage them; everyone else sees their own.
  listOrganizations: adminsAllOthersOwn,
  getOrganization: adminsAllOthersOwn,
  getOrganizationsByIds: adminsAllOthersOwn,
  countMembers: adminsAllOthersOwn,
  countOrganizations: adminsAllOthersOwn,
  listExpiringCertifications: adminsOnly,
  createOrganization: adminsOnly,
  updateOrganization: adminsOnly,
  setPublicListing: adminsOnly,
  certifyOrganization: adminsOnly,
  deleteOrganization: adminsOnly,
  // The public locations page: anyone finds the listed ones (and sees only what the page shows).
  findLocations: row("allow", "allow", "allow", "allow"),
  // Inquiries: anyone sends one; admins (and people given the duty, none here) read and answer them.
  submitInquiry: row("allow", "allow", "allow", "allow"),
  listInquiries: adminsOnly,
  getInquiry: adminsOnly,
  countInquiries: adminsOnly,
  listInquiryNotes: adminsOnly,
  listInquiryAssignees: adminsOnly,
  exportInquiries: adminsOnly,
  assignInquiry: adminsOnly,
  setInquiryStatus: adminsOnly,
  addInquiryNote: adminsOnly,
  forgetPerson: adminsOnly,
  purgeInquiries: adminsOnly,
  // Certification applications: anyone applies; admins (and the inquiries duty) move them along.
  applyForCertification: row("allow", "allow", "allow", "allow"),
  listApplications: adminsOnly,
  getApplication: adminsOnly,
  countApplications: adminsOnly,
  setApplicationStatus: adminsOnly,
  linkApplicationOrganization: adminsOnly,
  purgeApplications: adminsOnly,
  // Activity: admins read and export it all; everyone else reads their own.
  listActivity: adminsAllOthersOwn,
  exportActivity: adminsOnly,
  readActivityVocabulary: signedIn,
  // Settings: admins; what the site shows (the notices, the analytics loaders) is for anyone.
  listSettings: adminsOnly,
  readSiteNotices: row("allow", "allow", "allow", "allow"),
  readSiteAnalytics: row("allow", "allow", "allow", "allow"),
  updateAnalyticsSettings: adminsOnly,
  updateContactRecipients: adminsOnly,
  updateAnnouncement: adminsOnly,
  updateMaintenanceNotice: adminsOnly,
  // Tokens: editors and admins; an admin reaches everyone's.
  listTokens: row("refuse", "refuse", "own", "allow"),
  createToken: row("refuse", "refuse", "allow", "allow"),
  revokeToken: row("refuse", "refuse", "own", "allow"),
  listMedia: editors,
  // Anyone may load the images public releases show (media.test.ts); a file nothing public
  // shows, as here, asks a visitor to sign in.
  getMedia: editorsAllOthersPublished,
  listMediaUses: editorsAllOthersPublished,
  getMediaUploaders: editorsAllOthersPublished,
  listMediaUploaders: editors,
  openMediaFile: editorsAllOthersPublished,
  uploadMedia: editors,
  updateMedia: editors,
  replaceMediaFile: editors,
  deleteMedia: editors,
  listReleases: editorsAllOthersPublished,
  latestReleases: row("allow", "allow", "allow", "allow"),
  listPublishedReleases: row("allow", "allow", "allow", "allow"),
  // A release's public page, and the list of them: the same for everyone.
  getPublicRelease: row("allow", "allow", "allow", "allow"),
  listReleasePages: row("allow", "allow", "allow", "allow"),
  getRelease: editorsAllOthersPublished,
  getReleasesByIds: editorsAllOthersPublished,
  // Anyone sees the downloads of published stable releases (the public feed lists them).
  listReleaseAssets: row("allow", "own", "allow", "allow"),
  createRelease: editors,
  updateRelease: editors,
  publishRelease: editors,
  unpublishRelease: editors,
  deleteRelease: editors,
  downloadReleaseAsset: editorsAllOthersPublished,
  getReleaseAsset: editorsAllOthersPublished,
  // Docs: everyone signed in reads what is published; editors see drafts (preview) and write;
  // only admins see and empty the trash.
  docTree: editorsAllOthersPublished,
  readDoc: editorsAllOthersPublished,
  readDocMarkdown: editorsAllOthersPublished,
  checkDocsPreview: signedIn,
  docsProductOf: signedIn,
  readDocsHome: editorsAllOthersPublished,
  searchDocs: editorsAllOthersPublished,
  getDoc: editors,
  listDocs: editors,
  getDocEditors: editors,
  listDocRevisions: editors,
  getDocRevision: editors,
  previewDocBody: editors,
  createDoc: editors,
  saveDoc: editors,
  publishDoc: editors,
  unpublishDoc: editors,
  restoreDocRevision: editors,
  deleteDoc: editors,
  startDocsPreview: editors,
  listDocsTrash: adminsOnly,
  restoreDoc: adminsOnly,
  emptyDocsTrash: adminsOnly,
  // The editor's unsaved work and who has a doc open: each editor's own, no one else's.
  keepDocWork: ownForEditors,
  docWorkOf: ownForEditors,
  dropDocWork: ownForEditors,
  markDocOpen: ownForEditors,
  markDocClosed: ownForEditors,
  // Search synonyms: editors and admins keep them (every reader's docs search uses them).
  listSearchSynonyms: editors,
  createSearchSynonym: editors,
  updateSearchSynonym: editors,
  deleteSearchSynonym: editors,
};

function describeFailure(outcome: Attempt): string {
  if (outcome.ok) return "it succeeded";
  const { error } = outcome;
  return error instanceof DomainError ? `${error.name}: ${error.message}` : String(error);
}

function expectRefused(outcome: Attempt, who: Who): void {
  expect(outcome.ok, "was let through").toBe(false);
  if (outcome.ok) return;
  const refusal = who === "anonymous" ? UnauthenticatedError : ForbiddenError;
  expect(outcome.error, describeFailure(outcome)).toBeInstanceOf(refusal);
}

describe("the permission matrix covers", () => {
  it("every domain operation, and nothing that is not one", () => {
    expect(Object.keys(expected).sort()).toEqual(Object.keys(domainOperations).sort());
    expect(Object.keys(probes).sort()).toEqual(Object.keys(domainOperations).sort());
  });

  it("with a row filter exactly where the matrix says own, and a list check for every list among them", () => {
    for (const [name, operation] of Object.entries(domainOperations)) {
      for (const role of ["viewer", "editor", "admin"] as const) {
        const actor: Actor = {
          id: "00000000-0000-4000-8000-000000000001",
          role,
          organizationId: null,
          label: "x",
          via: "session",
        };
        const decision = operation.entity.decide(operation.operation, actor);
        const filtered = decision !== true && decision !== false;
        // A filter that never narrows what the operation returns (signing yourself out) counts as allowed.
        const cell = expected[name]?.[role];
        if (cell === "own") expect(filtered, `${name} for ${role}`).toBe(true);
        if (!filtered) expect(cell, `${name} for ${role}`).not.toBe("own");
      }
    }
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
    const onOthers = await attempt(handle.db, actor, operation, probe.input(fixture, me, "other"));
    switch (outcome) {
      case "refuse":
        expectRefused(onOthers, who);
        break;
      case "allow":
        expect(onOthers.ok, describeFailure(onOthers)).toBe(true);
        break;
      case "own": {
        if (!me) throw new Error("only a signed-in actor has rows of their own");
        if (probe.onlyOwn) {
          expect(onOthers.ok, describeFailure(onOthers)).toBe(true);
          if (onOthers.ok) expect(probe.onlyOwn(onOthers.result, me), "others' rows were shown").not.toBe("others");
        } else {
          expect(onOthers.ok, "someone else's row was reached").toBe(false);
          if (!onOthers.ok) expect(onOthers.error, describeFailure(onOthers)).toBeInstanceOf(NotFoundError);
        }
        const onOwn = await attempt(handle.db, actor, operation, probe.input(fixture, me, "own"));
        expect(onOwn.ok, `on their own rows: ${describeFailure(onOwn)}`).toBe(true);
        if (onOwn.ok && probe.onlyOwn) expect(probe.onlyOwn(onOwn.result, me), "the actor's own rows").toBe("own");
        break;
      }
    }
  });

  it("lets a token never make another token, whatever its role", async () => {
    const admin = actorFor(fixture.people.admin, "token");
    expectRefused(
      await attempt(handle.db, admin, "createToken", probes.createToken?.input(fixture, null, "own")),
      "admin",
    );
  });
});
