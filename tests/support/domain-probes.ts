import { randomUUID } from "node:crypto";
import { count, eq, TransactionRollbackError } from "drizzle-orm";
import { expect } from "vitest";
import { createSessionStore } from "../../server/domain/users/session-store.ts";
import type { Database } from "../../server/db/client.ts";
import {
  activity,
  docs,
  organizations,
  outbox,
  personalAccessTokens,
  sessions,
  settings,
  media,
  mediaUses,
  docPresence,
  docWorkingCopies,
  releases,
  revisions,
  searchSynonyms,
  unclaimedFiles,
  users,
} from "../../server/db/schema/index.ts";
import type { Actor, Role } from "../../server/domain/core/access.ts";
import { recordActivity } from "../../server/domain/core/activity-log.ts";
import { domainOperations } from "../../server/domain/index.ts";
import {
  createDoc,
  deleteDoc,
  keepDocWork,
  markDocOpen,
  publishDoc,
  saveDoc,
  type Doc,
} from "../../server/domain/docs/index.ts";
import { createSearchSynonym, type SearchSynonymGroup } from "../../server/domain/search-synonyms/index.ts";
import { applyForCertification, type CertificationApplication } from "../../server/domain/certification/index.ts";
import { submitInquiry, type Inquiry } from "../../server/domain/inquiries/index.ts";
import type { Media } from "../../server/domain/media/index.ts";
import { parseVersion, versionKey, type Release } from "../../server/domain/releases/index.ts";
import type { Organization } from "../../server/domain/organizations/index.ts";
import type { PersonalAccessToken } from "../../server/domain/tokens/index.ts";
import { actorFor, userEntity, type User } from "../../server/domain/users/index.ts";
import { domainContext, systemAdmin, testFiles, testFormTickets } from "./domain.ts";

/**
 * A database with people of every role, their organizations, sessions, tokens, pictures
 * and activity, and the helpers each entity's probes (`server/domain/<entity>/
 * permissions.cases.ts`: an input aimed at the actor's own rows or at someone else's) are
 * written with: the permission matrix and the version checks run every operation through
 * these.
 */

export type Person = Role | "other";

export type Fixture = {
  people: Record<Person, User>;
  invited: User;
  organizations: { mine: Organization; other: Organization };
  sessions: Record<Person, string>;
  tokens: Record<"editor" | "admin", PersonalAccessToken>;
  /** A PDF in the media library, its file in the test store, that nothing uses. */
  file: Media;
  /** A file the published release offers as its download. */
  releaseFile: Media;
  releases: { draft: Release; published: Release };
  /** A published doc, a draft with two revisions, and a doc in the trash. */
  docs: { published: Doc; draft: Doc; trashed: Doc };
  /** A group of the docs search's synonyms. */
  synonyms: SearchSynonymGroup;
  /** A message from the contact form, sent by an anonymous visitor. */
  inquiry: Inquiry;
  /** An application to the Get Certified programme, sent by an anonymous visitor. */
  application: CertificationApplication;
};

export type Seen = "own" | "nothing" | "others";

/** What a list or count shows: nothing, only rows that pass `mine`, or others' rows too. */
export function seen<Item>(items: Item[], mine: (item: Item) => boolean): Seen {
  if (items.length === 0) return "nothing";
  return items.every(mine) ? "own" : "others";
}

export type Probe = {
  /** The input, aimed at the actor's own rows or at someone else's. */
  input: (fixture: Fixture, me: User | null, target: "own" | "other") => unknown;
  /** For a list or a count: whether what came back holds the actor's own rows ("own"), nothing, or others' too. */
  onlyOwn?: (result: unknown, me: User) => Seen;
};

/** A viewer's "own" file is one a published release uses; "other" is one nothing uses. */
export function fileFor(fixture: Fixture, target: "own" | "other"): Media {
  return target === "own" ? fixture.releaseFile : fixture.file;
}

function someoneElse(fixture: Fixture, me: User | null): User {
  return me?.id === fixture.people.other.id ? fixture.people.viewer : fixture.people.other;
}

export function aimedAt(fixture: Fixture, me: User | null, target: "own" | "other"): User {
  return target === "own" && me ? me : someoneElse(fixture, me);
}

export function personOf(fixture: Fixture, user: User): Person {
  return (Object.keys(fixture.people) as Person[]).find((key) => fixture.people[key].id === user.id) ?? "other";
}

export const organizationDetails = {
  name: "Probe Clinic",
  kind: "clinic",
  city: "Madison",
  country: "US",
  certificationStatus: "not_certified",
};

const ids = (rows: unknown): string[] =>
  (Array.isArray(rows) ? rows : (rows as { nodes: unknown[] }).nodes).map((item) => (item as { id: string }).id);
export const onlyMe = (result: unknown, me: User) => seen(ids(result), (id) => id === me.id);
export const onlyMyOrganization = (result: unknown, me: User) => seen(ids(result), (id) => id === me.organizationId);
export const total = (value: number): Seen => (value === 0 ? "nothing" : value === 1 ? "own" : "others");

export const setting = (values: Record<string, unknown>) => () => ({ version: 0, ...values });

/** A small PDF, as the library keeps one: a row, and its file in the store. */
export const probePdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n");

/** The name of the file the published release offers: lists a viewer sees hold only it. */
const publishedAssetName = "Probe firmware 5.2.1.pdf";

function fail(version: string): never {
  throw new Error(`not a version: ${version}`);
}

async function probeFile(db: Database, uploader: User, name = "Probe manual.pdf"): Promise<Media> {
  const folder = `media/${randomUUID()}`;
  const stored = await testFiles().put(`${folder}/original.pdf`, probePdf, {
    contentType: "application/pdf",
    maxBytes: 1024,
  });
  const [file] = await db
    .insert(media)
    .values({
      kind: "document",
      name,
      originalName: name,
      folder,
      extension: "pdf",
      contentType: "application/pdf",
      size: stored.size,
      sha256: stored.sha256,
      uploadedById: uploader.id,
    })
    .returning();
  if (!file) throw new Error("no media row");
  return file;
}

async function insertUser(db: Database, values: Partial<typeof users.$inferInsert>): Promise<User> {
  const [user] = await db
    .insert(users)
    .values({ issuer: "https://idp.test", status: "active", ...values })
    .returning();
  if (!user) throw new Error("no user");
  return user;
}

/** A contact form message, its ticket from a form given out a minute ago. */
export function probeInquiry(email: string) {
  return {
    topic: "support" as const,
    name: "Probe Writer",
    email,
    organization: "Probe Clinic",
    country: "US",
    product: "v5" as const,
    message: "The probe unit shows E41 at calibration.",
    consentToContact: true,
    ticket: testFormTickets.issue(new Date(Date.now() - 60_000)),
  };
}

/** An application to the Get Certified programme, its ticket from a page served a minute ago. */
export function probeApplication(email: string) {
  return {
    name: "Probe Applicant",
    email,
    organizationName: "Probe Clinic",
    jobTitle: "Radiographer",
    country: "US",
    product: "v5" as const,
    trainingFormat: "online" as const,
    consentToContact: true,
    ticket: testFormTickets.issue(new Date(Date.now() - 60_000)),
  };
}

export async function makeFixture(db: Database): Promise<Fixture> {
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
  const sessionIds = {
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
    return token;
  };
  for (const user of Object.values(people)) {
    const key = `pictures/probe-${user.id}.webp`;
    await testFiles().put(key, new Uint8Array([1, 2, 3]), { contentType: "image/webp", maxBytes: 16 });
    await db.update(users).set({ pictureFile: key }).where(eq(users.id, user.id));
    await recordActivity(db, {
      actor: actorFor(user, "session"),
      request: { address: null, userAgent: null },
      at: new Date(),
      action: "user.signIn",
      entry: { target: userEntity.targetOf(user) },
    });
  }
  const releaseFile = await probeFile(db, people.editor, publishedAssetName);
  const releaseRow = async (versionNumber: string, publishedAt: Date | null) => {
    const [row] = await db
      .insert(releases)
      .values({
        product: "v5",
        channel: "stable",
        versionNumber,
        versionKey: versionKey(parseVersion(versionNumber) ?? fail(versionNumber)),
        releasedOn: "2026-11-02",
        notes: "## Fixed\n\n- Probe notes.",
        notesHtml: "<h2>Fixed</h2>\n<ul>\n<li>Probe notes.</li>\n</ul>",
        publishedAt,
      })
      .returning();
    if (!row) throw new Error("no release");
    return row;
  };
  const published = await releaseRow("5.2.1", new Date());
  const draft = await releaseRow("5.3.0", null);
  await db.insert(mediaUses).values([
    { mediaId: releaseFile.id, ownerType: "release", ownerId: published.id, role: "asset" },
    { mediaId: releaseFile.id, ownerType: "release", ownerId: draft.id, role: "asset" },
  ]);
  const asSystem = domainContext(db, systemAdmin);
  const guide = await createDoc(asSystem, { title: "Probe guide", slug: "probe-guide", body: "Probe steps." });
  const publishedDoc = await publishDoc(asSystem, { id: guide.id, version: guide.version });
  const firstDraft = await createDoc(asSystem, { title: "Probe draft", slug: "probe-draft", body: "Draft steps." });
  const draftDoc = await saveDoc(asSystem, {
    id: firstDraft.id,
    version: firstDraft.version,
    title: firstDraft.title,
    slug: firstDraft.slug,
    body: "Draft steps, edited.",
  });
  const toTrash = await createDoc(asSystem, { title: "Probe old page", slug: "probe-old", body: "Old." });
  const trashed = await deleteDoc(asSystem, { id: toTrash.id, version: toTrash.version });
  for (const person of [people.editor, people.admin]) {
    const asPerson = domainContext(db, actorFor(person, "session"));
    await keepDocWork(asPerson, workOn(draftDoc));
    await markDocOpen(asPerson, { docId: draftDoc.id });
  }
  return {
    docs: { published: publishedDoc, draft: draftDoc, trashed },
    synonyms: await createSearchSynonym(asSystem, { terms: ["probe", "sample"] }),
    people,
    invited,
    organizations: { mine, other },
    sessions: sessionIds,
    tokens: { editor: await tokenOf(people.editor), admin: await tokenOf(people.admin) },
    file: await probeFile(db, people.editor),
    releaseFile,
    releases: { draft, published },
    inquiry: await submitInquiry(domainContext(db, null), probeInquiry("fixture-writer@example.test")),
    application: await applyForCertification(
      domainContext(db, null),
      probeApplication("fixture-applicant@example.test"),
    ),
  };
}

/** Unsaved work on a doc, as its editor would keep it. */
export function workOn(doc: Doc) {
  return {
    docId: doc.id,
    title: doc.title,
    slug: doc.slug,
    parentId: doc.parentId,
    position: doc.position,
    description: doc.description,
    products: doc.products,
    counterpartId: doc.counterpartId,
    body: `${doc.body}\n\nProbe work not saved yet.`,
    baseVersion: doc.version,
    baseRevision: doc.headRevision,
  };
}

/** Everything an operation could change, as one comparable value. */
export async function fingerprint(db: Database): Promise<string> {
  const rows = await Promise.all([
    db.select({ id: users.id, version: users.version, pictureFile: users.pictureFile }).from(users).orderBy(users.id),
    db.select({ id: organizations.id, version: organizations.version }).from(organizations).orderBy(organizations.id),
    db.select({ key: settings.key, version: settings.version }).from(settings).orderBy(settings.key),
    db
      .select({ id: personalAccessTokens.id, revoked: personalAccessTokens.revokedAt })
      .from(personalAccessTokens)
      .orderBy(personalAccessTokens.id),
    db.select({ id: media.id, version: media.version, folder: media.folder }).from(media).orderBy(media.id),
    db.select({ value: count() }).from(activity),
    db.select({ value: count() }).from(sessions),
    db.select({ value: count() }).from(outbox),
    db.select().from(unclaimedFiles).orderBy(unclaimedFiles.key),
    db.select({ id: docs.id, version: docs.version, path: docs.path }).from(docs).orderBy(docs.id),
    db.select({ value: count() }).from(revisions),
    db
      .select({ id: searchSynonyms.id, version: searchSynonyms.version })
      .from(searchSynonyms)
      .orderBy(searchSynonyms.id),
    db
      .select({ id: docWorkingCopies.id, body: docWorkingCopies.body, savedAt: docWorkingCopies.savedAt })
      .from(docWorkingCopies)
      .orderBy(docWorkingCopies.id),
    db.select({ id: docPresence.id, seenAt: docPresence.seenAt }).from(docPresence).orderBy(docPresence.id),
  ]);
  return JSON.stringify(rows);
}

export type Attempt = { ok: true; result: unknown } | { ok: false; error: unknown };

/**
 * Runs one operation in a transaction that is always rolled back. A failed attempt must
 * leave every table as it found it.
 */
export async function attempt(
  db: Database,
  actor: Actor | null,
  operation: string,
  input: unknown,
  /** Runs first, in the same transaction (to make a row's version stale, say). */
  prepare?: (tx: Database) => Promise<void>,
): Promise<Attempt> {
  const run = domainOperations[operation];
  if (!run) throw new Error(`no operation ${operation}`);
  let outcome: Attempt | undefined;
  await db
    .transaction(async (tx) => {
      await prepare?.(tx);
      const before = await fingerprint(tx);
      try {
        outcome = { ok: true, result: await run(domainContext(tx, actor), input as never) };
      } catch (error) {
        outcome = { ok: false, error };
        expect(await fingerprint(tx), `${operation} failed but changed something`).toBe(before);
      }
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  if (!outcome) throw new Error(`${operation} did not run`);
  return outcome;
}
