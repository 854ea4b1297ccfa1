import type { PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Readable } from "node:stream";
import type { Database } from "../../db/client.ts";
import type { PutOptions, StoredBlob } from "../../storage/blob-store.ts";
import type { Actor, Decision, Rule } from "./access.ts";
import type { AuditTarget } from "./activity-log.ts";
import type { ChangeStamps, DomainContext, DomainPorts, RateLimit, RequestInfo } from "./context.ts";
import type { ReadDatabase } from "./database.ts";
import type { DomainError } from "./errors.ts";
import type { Constraints, RowReader, RowWriter, Target } from "./rows.ts";

/** The types of `defineEntity` (entity.ts): its spec, the scopes it gives operations, and what it makes. */

/**
 * What an operation on one row needs of the row's state, decided from the row alone:
 * "allowed"; "done" (the row is already where the operation leads, so it changes nothing);
 * or the refusal. The operation applies it (`scope.target`), and the API offers it per
 * row (`can { … }`), so the UI never re-derives it.
 */
export type RowVerdict = "allowed" | "done" | DomainError;
export type RowCheck<Row> = (row: Row, actor: Actor, now: Date) => RowVerdict;

export type EntitySpec<
  Name extends string,
  T extends PgTable,
  Operation extends string,
  RowOperation extends Operation,
  Action extends string,
> = {
  /** One word, as the activity log and the capabilities name it: "organization". */
  name: Name;
  /** The records as people say them, for filters and headings: "Organizations". */
  plural: string;
  table: T;
  /** How one row is named in messages and in the activity log (copied there at the time). */
  label: (row: T["$inferSelect"]) => string;
  /** Said of a row that does not exist, or that the viewer may not reach: the two read the same. */
  notFound: string;
  /** One rule per operation: yes, no, or a row filter. An operation without a rule is refused. */
  rules: Readonly<Record<Operation, Rule>>;
  /** The operations on one row, each with what it needs of the row's state. */
  rowChecks: { readonly [Op in RowOperation]: RowCheck<T["$inferSelect"]> };
  /**
   * Every action the activity log records for this entity: its `words`, which follow the
   * actor's name ("changed the role of"), and its `label`, which names it in a filter
   * ("Role changed"). The activity page shows these, never the action's code.
   */
  actions: Readonly<Record<Action, ActionWords>>;
  /** Unique indexes and foreign keys a write may break, as field messages. */
  constraints?: Constraints<T["$inferInsert"]>;
  /**
   * Rows that are one person's own passing state (their unsaved work, "I have this open"):
   * no one else's record changes, so its writes keep no activity row. Its rules keep each
   * person to their own rows all the same.
   */
  passing?: true;
};

/** How an action reads in the activity log: its words after the actor's name, and its name in a filter. */
type ActionWords = { readonly words: string; readonly label: string };

type ScopeBase<A extends Actor | null> = {
  actor: A;
  /** The moment of the request, the same for everything the operation does. */
  now: Date;
  request: RequestInfo;
  ports: DomainPorts;
};

/**
 * A read's scope: the entity's rows within the rule's filter (`find`, `findMany`,
 * `select`), and a database handle that cannot write, for other tables.
 */
export type ReadScope<T extends PgTable, A extends Actor | null = Actor> = ScopeBase<A> &
  RowReader<T> & { db: ReadDatabase; stamps: ChangeStamps | null };

/**
 * A write's scope, inside its transaction: the row helpers (`target`, `insert`, `update`,
 * `remove`), all within the rule's filter and at the version the caller read; `audit`,
 * which the write must call (or say it changed nothing with `unchanged`); and `tx`, for
 * other tables.
 */
export type WriteScope<
  T extends PgTable,
  Action extends string,
  A extends Actor | null = Actor,
  Staged = undefined,
> = ScopeBase<A> &
  RowWriter<T> & {
    tx: Database;
    /** What the write's `stage` step kept before the transaction (files in the store), or undefined. */
    staged: Staged;
    /** The row written in this transaction holds these staged files: they are kept. */
    claimFiles: (keys: readonly string[]) => Promise<void>;
    /** The row no longer holds these files: they are deleted once the transaction commits. */
    releaseFiles: (keys: readonly string[]) => Promise<void>;
    /**
     * The row an operation on one row is about: missing or out of reach is "not found", a
     * stale version a conflict, and the row check refuses what the row's state does not
     * allow. `done` means it is already where the operation leads: recorded as unchanged.
     */
    target: (input: Target<T["$inferSelect"]>) => Promise<{ row: T["$inferSelect"]; done: boolean }>;
    /** Records the write in the activity log, in this transaction (the row, or another record, as its target). */
    audit: (entry: {
      action?: Action;
      row?: T["$inferSelect"];
      target?: AuditTarget;
      before?: Record<string, unknown> | null;
      after?: Record<string, unknown> | null;
    }) => Promise<void>;
    /** Says the write found nothing to change (a role already set, say), so there is nothing to record. */
    unchanged: () => void;
    /**
     * Counts one more of this operation by this actor (or, anonymous, this address); past
     * the limit, RateLimitedError with this message. Operations that share an allowance
     * name the same `bucket` (inviting and sending an invitation again both mail someone).
     * `who` counts something else than the actor: an email address typed into a form, say.
     */
    limit: (rule: RateLimit, message: string, bucket?: string, who?: string) => Promise<void>;
  };

/**
 * Before a write's transaction (after access and the input are checked): files streamed
 * into the store with `stageFile`. Whatever the transaction does not claim is deleted when
 * the write ends, and so is everything when it fails.
 */
export type StageScope<A extends Actor | null = Actor> = ScopeBase<A> & {
  db: Database;
  stageFile: (key: string, body: Readable | Uint8Array, options: PutOptions) => Promise<StoredBlob>;
};

export type OperationKind = "read" | "write";

/** What the registry, the API and the tests know of an operation besides calling it. */
type OperationInfo = {
  readonly entity: AnyEntity;
  readonly operation: string;
  readonly kind: OperationKind;
  /** Anonymous visitors may run it when its rule lets them (a public read, the contact form). */
  readonly anonymous: boolean;
  readonly input: z.ZodType;
  readonly doing: string;
  /** Why the API does not offer it (see `OperationSpec.internal`); absent for an operation the API offers. */
  readonly internal?: string;
};

export type Operation<Input, Result> = ((context: DomainContext, input: Input) => Promise<Result>) & OperationInfo;

/** An entity as the registry, the capabilities and the activity log see it. */
export type AnyEntity = {
  readonly kind: "entity";
  readonly name: string;
  readonly plural: string;
  readonly table: PgTable;
  readonly rules: Readonly<Record<string, Rule>>;
  readonly rowOperations: readonly string[];
  readonly actions: Readonly<Record<string, ActionWords>>;
  decide: (operation: string, actor: Actor | null) => Decision;
  /** The keys among these that the actor reaches for an operation (its rule's filter applied). */
  keysInReach: (
    db: ReadDatabase,
    operation: string,
    actor: Actor | null,
    keys: readonly string[],
  ) => Promise<Set<string>>;
  /** Whether an operation on one row may go ahead for this actor, judged by its row check alone. */
  verdict: (operation: string, actor: Actor, row: never, now: Date) => RowVerdict;
};

export type OperationSpec<Operation extends string, Schema extends z.ZodType, Scope, Result> = {
  operation: Operation;
  /** What the operation does, in words that finish "Your role does not allow you to …". */
  doing: string;
  input: Schema;
  run: (scope: Scope, input: z.output<Schema>) => Promise<Result>;
  /**
   * Set on an operation the GraphQL API does not offer, in one line saying who runs it
   * instead (a scheduled job, the IdP, an HTTP file route). An operation is either used by
   * the schema or marked so (`server/graphql/exposed.test.ts`).
   */
  internal?: string;
};
