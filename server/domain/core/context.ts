import type { Database, ReadDatabase } from "../../db/client.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import type { Actor } from "./access.ts";

/** Where a request came from, for the audit trail. */
export type RequestInfo = { address: string | null; userAgent: string | null };

/** An invited person's way in: with the embedded provider, an account and a link to set its password. */
export type InvitationPort = {
  /** Called in the invitation's transaction; returns the text of the mail's "how to sign in" part. */
  prepare: (
    tx: Database,
    invitee: { email: string; name: string | null; invitedAt: Date; expiresAt: Date },
  ) => Promise<string>;
};

/**
 * The identity provider's own sign-in sessions. Ending a person's sessions on the site
 * ends theirs there too, where the provider is ours: otherwise a browser that still holds
 * the provider's cookie would be signed in again without a password.
 */
export type ProviderSessionsPort = {
  endFor: (tx: Database, person: { issuer: string | null; subject: string | null }) => Promise<void>;
};

/** Wrong passwords given for one account at the identity provider since it last signed in. */
type SignInFailures = { issuer: string; subject: string; failures: number; lastFailedAt: Date };

/**
 * What the identity provider knows of wrong passwords. The embedded provider counts them
 * per account; an external provider keeps its own records, out of the site's reach
 * (`available` is false).
 */
export type SignInFailuresPort = {
  available: boolean;
  /** Accounts whose latest wrong password came at `since` or later, the latest first. */
  since: (db: ReadDatabase, since: Date, limit: number) => Promise<SignInFailures[]>;
};

export type RateLimit = { limit: number; windowS: number };
export type RateLimitResult = { allowed: boolean; count: number; retryAfterS: number };

/**
 * Counters shared by every server process (the database's `rate_limits`), counted in
 * the operation's own transaction: a write that is refused or undone counts nothing.
 */
export type RateLimitPort = {
  hit: (db: Database, key: string, rule: RateLimit, now: Date) => Promise<RateLimitResult>;
};

/** What a public form's ticket says about when the form was given out. */
export type FormTicketCheck = "fresh" | "too-soon" | "expired" | "invalid";

/**
 * The public forms' tickets (`server/http/security/form-tickets.ts`): each form carries the
 * moment the server gave it out, signed, so a submission sent faster than a person can
 * type, or long after, is told apart from a real one without a CAPTCHA.
 */
export type FormTicketPort = { check: (ticket: string, now: Date) => FormTicketCheck };

/** What the domain needs from outside it, given by the server when it assembles. */
export type DomainPorts = {
  publicUrl: URL;
  invitations: InvitationPort;
  providerSessions: ProviderSessionsPort;
  signInFailures: SignInFailuresPort;
  rateLimits: RateLimitPort;
  formTickets: FormTicketPort;
  /** Where uploaded files live (ADR 021): the filesystem under DATA_DIR, or an S3-compatible bucket. */
  files: BlobStore;
};

/**
 * Stamps of rows that change rarely and are read on every page, read with the request's
 * session check (one query the request makes anyway). A cache keyed by a stamp is as
 * fresh as the database on every process: a change on any process changes the stamp the
 * next request reads.
 */
export type ChangeStamps = {
  /** The site's banner and maintenance notice (`noticesStamp` in settings/read.ts). */
  notices: string;
};

/** Everything an operation runs with: the database, who is asking, from where, and when. */
export type DomainContext = {
  db: Database;
  actor: Actor | null;
  request: RequestInfo;
  now: () => Date;
  ports: DomainPorts;
  /** What the request's session check read of `ChangeStamps`; absent without a session. */
  stamps?: ChangeStamps | undefined;
};
