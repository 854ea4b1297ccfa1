import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { Database } from "../../server/db/client.ts";
import type { Actor } from "../../server/domain/core/access.ts";
import type { DomainContext, SignInFailuresPort } from "../../server/domain/core/context.ts";
import { actorFor, type User } from "../../server/domain/users/index.ts";
import { embeddedInvitations, externalInvitations, unreachableProviderSessions } from "../../server/idp/invitations.ts";
import { formTicketsWithKey, type FormTickets } from "../../server/http/security/form-tickets.ts";
import { databaseRateLimits } from "../../server/web/rate-limit.ts";
import { externalSignInFailures } from "../../server/idp/sign-in-failures.ts";
import type { BlobStore } from "../../server/storage/blob-store.ts";
import { openFilesystemStore } from "../../server/storage/filesystem.ts";

export const testPublicUrl = new URL("https://portal.test");

/** The product acting on its own (as seeding does): an admin that is no one's account. */
export const systemAdmin: Actor = {
  id: "00000000-0000-4000-8000-000000000000",
  role: "admin",
  organizationId: null,
  label: "Test setup",
  via: "system",
};

/** A domain context for direct calls to operations, as the server makes one per request. */
export function domainContext(
  db: Database,
  actor: Actor | User | null,
  options: {
    now?: () => Date;
    address?: string;
    userAgent?: string;
    /** With an external provider's invitations: no account, no password to hash (quick, for many invitations). */
    externalProvider?: boolean;
    /** What the identity provider knows of wrong passwords (by default: nothing, as an external one). */
    signInFailures?: SignInFailuresPort;
    /** The file store (by default, one temporary folder for the whole test file). */
    files?: BlobStore;
    formTickets?: FormTickets;
  } = {},
): DomainContext {
  const asActor = actor && "status" in actor ? actorFor(actor, "session") : actor;
  return {
    db,
    actor: asActor,
    request: { address: options.address ?? "192.0.2.10", userAgent: options.userAgent ?? "Vitest" },
    now: options.now ?? (() => new Date()),
    ports: {
      publicUrl: testPublicUrl,
      invitations: options.externalProvider
        ? externalInvitations(testPublicUrl, new URL("https://idp.example"))
        : embeddedInvitations(testPublicUrl),
      providerSessions: unreachableProviderSessions,
      signInFailures: options.signInFailures ?? externalSignInFailures,
      rateLimits: databaseRateLimits,
      formTickets: options.formTickets ?? testFormTickets,
      files: options.files ?? testFiles(),
    },
  };
}

/** The tests' form tickets: a fixed key, so a test can issue the ticket a form would carry. */
export const testFormTickets: FormTickets = formTicketsWithKey(Buffer.alloc(32, 7));

let sharedFiles: BlobStore | undefined;
let sharedRoot: string | undefined;

/** Every key the test file's store holds (`testFiles`), sorted: what a test left behind. */
export function keysInTestFiles(): string[] {
  const blobs = sharedRoot ? join(sharedRoot, "blobs") : undefined;
  if (!blobs || !existsSync(blobs)) return [];
  return readdirSync(blobs, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(blobs, join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * A file store in a temporary folder, one per test file (each runs in its own worker),
 * opened on first use and removed when the worker exits.
 */
export function testFiles(): BlobStore {
  if (sharedFiles) return sharedFiles;
  const root = mkdtempSync(join(tmpdir(), "densara-test-files-"));
  sharedRoot = root;
  process.once("exit", () => rmSync(root, { recursive: true, force: true }));
  const opened = openFilesystemStore(root);
  sharedFiles = {
    kind: "filesystem",
    put: async (...args) => (await opened).put(...args),
    get: async (...args) => (await opened).get(...args),
    head: async (...args) => (await opened).head(...args),
    delete: async (...args) => (await opened).delete(...args),
    list: async function* () {
      yield* (await opened).list();
    },
    close: () => Promise.resolve(),
  };
  return sharedFiles;
}
