import { PgTransaction, type PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Actor, Decision } from "./access.ts";
import { recordActivity, type AuditTarget } from "./activity-log.ts";
import type { DomainContext } from "./context.ts";
import type { ReadDatabase } from "./database.ts";
import type {
  AnyEntity,
  EntitySpec,
  Operation,
  OperationKind,
  OperationSpec,
  ReadScope,
  RowCheck,
  RowVerdict,
  StageScope,
  WriteScope,
} from "./entity-types.ts";
import { claimFiles, deleteUnclaimedFiles, releaseFiles, stageFile } from "./files.ts";
import { ConflictError, DomainError, ForbiddenError, RateLimitedError, UnauthenticatedError } from "./errors.ts";
import { parseInput } from "./input.ts";
import { readRows, shapeOf, writeRows, type Constraints } from "./rows.ts";

export type {
  AnyEntity,
  Operation,
  OperationKind,
  ReadScope,
  RowVerdict,
  StageScope,
  WriteScope,
} from "./entity-types.ts";

/**
 * An entity: its table, its access rules, the checks of its row operations and the
 * words of its activity. Its operations are made with `entity.read` and `entity.write`,
 * which decide access, parse the input, give the operation a scope whose row helpers
 * always apply the rule's filter, and for a write open the transaction and demand an
 * activity row. Register the entity's module in `server/domain/index.ts`.
 */
export function defineEntity<
  const Name extends string,
  T extends PgTable,
  const Op extends string,
  const RowOp extends Op,
  const Action extends string,
>(spec: EntitySpec<Name, T, Op, RowOp, Action>) {
  type Row = T["$inferSelect"];
  const shape = shapeOf(spec.table);
  const constraints: Constraints<T["$inferInsert"]> = spec.constraints ?? {};

  function decide(operation: string, actor: Actor | null): Decision {
    const rule = Object.hasOwn(spec.rules, operation) ? spec.rules[operation as Op] : undefined;
    return rule ? rule(actor) : false;
  }

  const rowChecks: Readonly<Record<string, RowCheck<Row>>> = spec.rowChecks;

  function verdict(operation: string, actor: Actor, row: Row, now: Date): RowVerdict {
    const check = Object.hasOwn(rowChecks, operation) ? rowChecks[operation] : undefined;
    return check ? check(row, actor, now) : "allowed";
  }

  function rowsOptions(filter: Decision) {
    return {
      table: spec.table,
      shape,
      filter: filter === true ? undefined : filter || undefined,
      notFound: spec.notFound,
      label: spec.label,
    };
  }

  /** Access first: someone refused learns nothing from the validation messages. */
  function admit(operation: string, doing: string, actor: Actor | null, anonymous: boolean): Decision {
    if (actor === null && !anonymous) throw new UnauthenticatedError(`Sign in to ${doing}.`);
    const decision = decide(operation, actor);
    if (decision === false) {
      throw actor
        ? new ForbiddenError(`Your role (${actor.role}) does not allow you to ${doing}.`)
        : new UnauthenticatedError(`Sign in to ${doing}.`);
    }
    return decision;
  }

  function info(kind: OperationKind, anonymous: boolean, definition: OperationSpec<Op, z.ZodType, never, unknown>) {
    const { operation, input, doing, internal } = definition;
    return { entity, operation, kind, anonymous, input, doing, ...(internal === undefined ? {} : { internal }) };
  }

  function makeRead<Schema extends z.ZodType, Result, A extends Actor | null>(
    definition: OperationSpec<Op, Schema, ReadScope<T, A>, Result>,
    anonymous: boolean,
  ): Operation<z.input<Schema>, Result> {
    const run = async (context: DomainContext, rawInput: z.input<Schema>): Promise<Result> => {
      const decision = admit(definition.operation, definition.doing, context.actor, anonymous);
      const input = parseInput(definition.input, rawInput);
      const scope: ReadScope<T, A> = {
        actor: context.actor as A,
        now: context.now(),
        request: context.request,
        ports: context.ports,
        db: context.db,
        stamps: context.stamps ?? null,
        ...readRows(context.db, rowsOptions(decision)),
      };
      return definition.run(scope, input);
    };
    return Object.assign(run, info("read", anonymous, definition));
  }

  function makeWrite<Schema extends z.ZodType, Result, A extends Actor | null, Staged>(
    definition: OperationSpec<Op, Schema, WriteScope<T, Action, A, Staged>, Result> & {
      action?: Action;
      stage?: (scope: StageScope<A>, input: z.output<Schema>) => Promise<Staged>;
    },
    anonymous: boolean,
  ): Operation<z.input<Schema>, Result> {
    const run = async (context: DomainContext, rawInput: z.input<Schema>): Promise<Result> => {
      const { actor } = context;
      const decision = admit(definition.operation, definition.doing, actor, anonymous);
      const input = parseInput(definition.input, rawInput);
      const now = context.now();
      const files = { staged: [] as string[], released: [] as string[] };
      const settle = (keys: readonly string[]) => deleteUnclaimedFiles(context.db, context.ports.files, keys);
      let staged: Staged;
      try {
        staged = definition.stage
          ? await definition.stage(
              {
                actor: actor as A,
                now,
                request: context.request,
                ports: context.ports,
                db: context.db,
                stageFile: async (key, body, options) => {
                  files.staged.push(key);
                  return stageFile({ db: context.db, files: context.ports.files, now }, key, body, options);
                },
              },
              input,
            )
          : (undefined as Staged);
      } catch (error) {
        await settle(files.staged);
        throw error;
      }
      let result: Result;
      try {
        result = await transact();
      } catch (error) {
        await settle(files.staged);
        throw error;
      }
      // What the write staged and did not claim, and what its rows let go of. Inside a larger
      // transaction (seeding, tests) nothing is committed yet: what was let go of waits for the sweep.
      await settle(context.db instanceof PgTransaction ? files.staged : [...files.staged, ...files.released]);
      return result;

      function transact() {
        return context.db.transaction(async (tx) => {
          const audited = { count: 0, unchanged: false };
          const rows = writeRows(tx, { ...rowsOptions(decision), now, constraints });
          const scope: WriteScope<T, Action, A, Staged> = {
            actor: actor as A,
            now,
            request: context.request,
            ports: context.ports,
            tx,
            staged,
            claimFiles: (keys) => claimFiles(tx, keys),
            async releaseFiles(keys) {
              await releaseFiles(tx, keys, now);
              files.released.push(...keys);
            },
            ...rows,
            async target(target) {
              const row = await rows.find(target.id);
              if ("version" in target && (row as { version?: unknown }).version !== target.version) {
                throw new ConflictError(
                  `${spec.label(row)} was changed by someone else while you were editing. Reload to see the latest, then try again.`,
                );
              }
              const found = actor ? verdict(definition.operation, actor, row, now) : "allowed";
              if (found instanceof DomainError) throw found;
              if (found === "done") audited.unchanged = true;
              return { row, done: found === "done" };
            },
            async audit(entry) {
              const action = entry.action ?? definition.action ?? (definition.operation as string);
              if (!Object.hasOwn(spec.actions, action)) {
                throw new Error(`${spec.name}.${action} has no words in the entity's actions: add them there`);
              }
              const target = entry.target ?? (entry.row ? targetOf(entry.row) : undefined);
              if (!target) throw new Error(`${spec.name}.${action}: an activity row needs a row or a target`);
              audited.count += 1;
              await recordActivity(tx, {
                actor,
                request: context.request,
                at: now,
                action: `${spec.name}.${action}`,
                entry: { target, before: entry.before ?? null, after: entry.after ?? null },
              });
            },
            unchanged() {
              audited.unchanged = true;
            },
            async limit(rule, message, bucket = definition.operation, counted) {
              // The product acting on its own (seeding) is not limited.
              if (actor?.via === "system") return;
              const who = counted ?? (actor ? actor.id : (context.request.address ?? "unknown"));
              const result = await context.ports.rateLimits.hit(tx, `${spec.name}.${bucket}:${who}`, rule, now);
              if (!result.allowed) throw new RateLimitedError(message, result.retryAfterS);
            },
          };
          const result = await definition.run(scope, input);
          if (audited.count === 0 && !audited.unchanged && !spec.passing) {
            throw new Error(
              `${spec.name}.${definition.operation} changed data without recording it in the activity log`,
            );
          }
          return result;
        });
      }
    };
    return Object.assign(run, info("write", anonymous, definition));
  }

  function targetOf(row: Row): AuditTarget {
    return { type: spec.name, id: String(row[shape.keyProperty as keyof Row]), label: spec.label(row) };
  }

  const entity = {
    kind: "entity" as const,
    name: spec.name,
    plural: spec.plural,
    table: spec.table,
    rules: spec.rules,
    rowOperations: Object.keys(spec.rowChecks) as RowOp[],
    actions: spec.actions,
    label: spec.label,
    decide,
    verdict: verdict as (operation: string, actor: Actor, row: never, now: Date) => RowVerdict,
    /** The activity log's target for one of this entity's rows. */
    targetOf,
    async keysInReach(db: ReadDatabase, operation: string, actor: Actor | null, keys: readonly string[]) {
      const decision = decide(operation, actor);
      if (decision === false || keys.length === 0) return new Set<string>();
      const found = await readRows(db, rowsOptions(decision)).findMany(keys);
      return new Set(found.map((row) => String(row[shape.keyProperty as keyof Row])));
    },
    /** A read for signed-in actors (or tokens). */
    read: <Schema extends z.ZodType, Result>(definition: OperationSpec<Op, Schema, ReadScope<T>, Result>) =>
      makeRead(definition, false),
    /** A read anonymous visitors may also run, when its rule lets them. */
    publicRead: <Schema extends z.ZodType, Result>(
      definition: OperationSpec<Op, Schema, ReadScope<T, Actor | null>, Result>,
    ) => makeRead(definition, true),
    /** A write: in a transaction, with at least one activity row (`action` names it when it is not the operation's). */
    write: <Schema extends z.ZodType, Result, Staged = undefined>(
      definition: OperationSpec<Op, Schema, WriteScope<T, Action, Actor, Staged>, Result> & {
        action?: Action;
        /** Before the transaction: stream files into the store (`scope.stageFile`); what it returns is `scope.staged`. */
        stage?: (scope: StageScope, input: z.output<Schema>) => Promise<Staged>;
      },
    ) => makeWrite(definition, false),
    /** A write anonymous visitors may also make, when its rule lets them (the public forms): limit it. */
    publicWrite: <Schema extends z.ZodType, Result>(
      definition: OperationSpec<Op, Schema, WriteScope<T, Action, Actor | null>, Result> & { action?: Action },
    ) => makeWrite(definition, true),
  };
  return entity;
}

/** Whether a module's export is an entity or an operation (the registry finds them by this). */
export function isEntity(value: unknown): value is AnyEntity {
  return typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "entity";
}

export function isOperation(value: unknown): value is Operation<never, unknown> {
  return (
    typeof value === "function" &&
    "entity" in value &&
    "operation" in value &&
    "kind" in value &&
    isEntity((value as { entity: unknown }).entity)
  );
}
