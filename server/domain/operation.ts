import type { SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../db/client.ts";
import { decide, type Actor, type EntityAccess } from "./access.ts";
import { recordActivity, type AuditEntry } from "./activity-log.ts";
import { ForbiddenError, UnauthenticatedError, ValidationError, type FieldMessages } from "./errors.ts";

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

/** What the domain needs from outside it, given by the server when it assembles. */
export type DomainPorts = {
  publicUrl: URL;
  invitations: InvitationPort;
  providerSessions: ProviderSessionsPort;
};

/** Everything an operation runs with: the database, who is asking, from where, and when. */
export type DomainContext = {
  db: Database;
  actor: Actor | null;
  request: RequestInfo;
  now: () => Date;
  ports: DomainPorts;
};

export type Scope<A extends Actor | null> = {
  /** A transaction for a write; the database for a read. */
  db: Database;
  actor: A;
  now: Date;
  request: RequestInfo;
  ports: DomainPorts;
  /** The rule's row filter, when it allows this actor only some rows. */
  rows: SQL | undefined;
  /** Records the write in the activity log, in this transaction. */
  audit: (entry: AuditEntry) => Promise<void>;
  /** Says the write found nothing to change (a role already set, say), so there is nothing to record. */
  unchanged: () => void;
};

export type Operation<Input, Result> = ((context: DomainContext, input: Input) => Promise<Result>) & {
  readonly entity: string;
  readonly operation: string;
  readonly write: boolean;
  readonly anonymous: boolean;
};

/** zod's issues as field messages ("contacts.0.email" → message); the first message per field wins. */
export function fieldMessages(error: z.ZodError): FieldMessages {
  const fields: FieldMessages = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    fields[path] ??= issue.message;
  }
  return fields;
}

export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new ValidationError(fieldMessages(parsed.error));
  return parsed.data;
}

type Spec<Op extends string, Schema extends z.ZodType, Result, A extends Actor | null> = {
  access: EntityAccess<Op>;
  operation: Op;
  /** What the operation does, in words that finish "Your role does not allow you to …". */
  doing: string;
  input: Schema;
  /** A write runs in a transaction and must record at least one activity row. */
  write: boolean;
  run: (scope: Scope<A>, input: z.output<Schema>) => Promise<Result>;
};

function define<Op extends string, Schema extends z.ZodType, Result, A extends Actor | null>(
  spec: Spec<Op, Schema, Result, A>,
  anonymous: boolean,
): Operation<z.input<Schema>, Result> {
  const run = async (context: DomainContext, rawInput: z.input<Schema>): Promise<Result> => {
    const { actor } = context;
    if (actor === null && !anonymous) throw new UnauthenticatedError(`Sign in to ${spec.doing}.`);
    const decision = decide(spec.access, spec.operation, actor);
    if (decision === false) {
      throw actor
        ? new ForbiddenError(`Your role (${actor.role}) does not allow you to ${spec.doing}.`)
        : new UnauthenticatedError(`Sign in to ${spec.doing}.`);
    }
    // Access first: someone refused learns nothing from the validation messages.
    const input = parseInput(spec.input, rawInput);
    const rows = decision === true ? undefined : decision;
    const now = context.now();
    const scopeOn = (db: Database, audited: { count: number; unchanged: boolean }): Scope<A> => ({
      db,
      actor: actor as A,
      now,
      request: context.request,
      ports: context.ports,
      rows,
      audit: async (entry) => {
        audited.count += 1;
        await recordActivity(db, {
          actor,
          request: context.request,
          at: now,
          action: entry.action ?? `${spec.access.entity}.${spec.operation}`,
          entry,
        });
      },
      unchanged: () => {
        audited.unchanged = true;
      },
    });
    if (!spec.write) return spec.run(scopeOn(context.db, { count: 0, unchanged: false }), input);
    return context.db.transaction(async (tx) => {
      const audited = { count: 0, unchanged: false };
      const result = await spec.run(scopeOn(tx, audited), input);
      if (audited.count === 0 && !audited.unchanged) {
        throw new Error(
          `${spec.access.entity}.${spec.operation} changed data without recording it in the activity log`,
        );
      }
      return result;
    });
  };
  return Object.assign(run, {
    entity: spec.access.entity,
    operation: spec.operation,
    write: spec.write,
    anonymous,
  });
}

/** An operation for a signed-in actor (or a token); anyone else is asked to sign in. */
export function defineOperation<Op extends string, Schema extends z.ZodType, Result>(
  spec: Spec<Op, Schema, Result, Actor>,
): Operation<z.input<Schema>, Result> {
  return define(spec, false);
}

/** An operation that anonymous visitors may also run, when its rule lets them. */
export function definePublicOperation<Op extends string, Schema extends z.ZodType, Result>(
  spec: Spec<Op, Schema, Result, Actor | null>,
): Operation<z.input<Schema>, Result> {
  return define(spec, true);
}
