import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSessionStore } from "../../server/domain/users/session-store.ts";
import { openDatabase } from "../../server/db/client.ts";
import { migrateDatabase } from "../../server/db/migrate.ts";
import { serverEnvironment, serverNodeFlags } from "../../server/node-flags.ts";
import { openFileStore } from "../../server/storage/open.ts";
import { seedDemoData } from "../../server/demo/seed.ts";
import { closeRenderPool } from "../../server/markdown/pool.ts";
import type { Database } from "../../server/db/client.ts";
import type { Actor } from "../../server/domain/core/access.ts";
import type { DomainContext } from "../../server/domain/core/context.ts";
import { createToken } from "../../server/domain/tokens/index.ts";
import { upsertUserFromClaims } from "../../server/domain/users/index.ts";
import { formTicketsWithKey } from "../../server/http/security/form-tickets.ts";
import { databaseRateLimits } from "../../server/web/rate-limit.ts";
import { embeddedInvitations, unreachableProviderSessions } from "../../server/idp/invitations.ts";
import { externalSignInFailures } from "../../server/idp/sign-in-failures.ts";
import type { BlobStore } from "../../server/storage/blob-store.ts";

/** A positive number given on the command line as `--name value`, or the fallback. */
export function numberOption(args: readonly string[], name: string, fallback: number): number {
  const index = args.indexOf(name);
  const value = index === -1 ? Number.NaN : Number(args[index + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the production server on a free loopback port and waits until it answers. */
export async function startServer(
  extraEnv: Record<string, string> = {},
): Promise<{ origin: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  // As `npm start` runs it: with the server's Node flags and allocator settings (this shell's own win).
  const child = spawn(process.execPath, [...serverNodeFlags, "server/main.ts"], {
    // Sign-in redirects to PUBLIC_URL: it must be the origin the benchmark uses.
    env: {
      ...serverEnvironment,
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  // A start on a database that has no demo data yet fills it first: up to a minute here.
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      const response = await fetch(`${origin}/`);
      if (response.ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (attempt === 599) throw new Error("the server did not start within a minute");
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { origin, child, stop };
}

/** What the domain needs from outside, for a benchmark: no mail goes out, no provider is asked. */
export function benchPorts(files: BlobStore): DomainContext["ports"] {
  const publicUrl = new URL("http://localhost");
  return {
    publicUrl,
    invitations: embeddedInvitations(publicUrl),
    providerSessions: unreachableProviderSessions,
    signInFailures: externalSignInFailures,
    rateLimits: databaseRateLimits,
    formTickets: formTicketsWithKey(randomBytes(32)),
    files,
  };
}

/** A domain context for a benchmark's own writes, as `actor`, outside any request. */
export function benchContext(db: Database, actor: Actor, files: BlobStore): DomainContext {
  return {
    db,
    actor,
    request: { address: "192.0.2.16", userAgent: "bench" },
    now: () => new Date(),
    ports: benchPorts(files),
  };
}

/** The benchmarks' admin (admin@bench.test, "Bench Admin"), as an actor, with a live session's token. */
export async function benchAdmin(db: Database): Promise<{ actor: Actor; token: string }> {
  const user = await upsertUserFromClaims(
    db,
    {
      issuer: "https://bench.test",
      subject: "admin",
      email: "admin@bench.test",
      name: "Bench Admin",
      emailVerified: true,
    },
    { adminEmails: ["admin@bench.test"] },
  );
  const { token } = await createSessionStore(db, { idleTimeoutS: 28_800, absoluteLifetimeS: 604_800 }).start(user.id, {
    userAgent: "bench",
  });
  return { actor: { id: user.id, role: "admin", organizationId: null, label: "Bench Admin", via: "session" }, token };
}

/**
 * A database made beforehand, with an admin, a live session and a personal access token
 * (admin role) the load uses; and how the server opens it.
 */
export async function prepareSignedInDatabase(
  kind: "pglite" | "postgres",
): Promise<{ env: Record<string, string>; token: string; apiToken: string; drop: () => Promise<void> }> {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let database;
  // Files (and, on PGlite, the database) in a folder of this run, whatever the shell's DATA_DIR says.
  const dataDir = mkdtempSync(join(tmpdir(), "densara-bench-"));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === "pglite") {
    database = await openDatabase({ dataDir });
    env = { DATA_DIR: dataDir };
    drop = () => Promise.resolve(removeDataDir());
  } else {
    const server = process.env.TEST_DATABASE_URL ?? "";
    const name = `bench_portal_${Date.now()}`;
    const admin = await openDatabase({ url: server, dataDir: "" });
    if (admin.kind !== "postgres") throw new Error("expected PostgreSQL");
    await admin.pool.query(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString(), dataDir: "" });
    env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
    drop = async () => {
      await admin.pool.query(`drop database if exists ${name} with (force)`);
      await admin.close();
      removeDataDir();
    };
  }
  await migrateDatabase(database);
  const { actor, token } = await benchAdmin(database.db);
  const files = await openFileStore({ s3: undefined, dataDir });
  const { token: apiToken } = await createToken(benchContext(database.db, actor, files), {
    name: "bench",
    role: "admin",
    expiresInDays: 7,
  });
  // The demo data, here: as `npm start` fills a new embedded database in a short-lived
  // process (server/first-start.ts), so the server measured starts as on any restart and
  // holds none of the seeding's memory or render threads.
  await seedDemoData(database.db, { publicUrl: new URL("http://127.0.0.1"), files });
  await closeRenderPool();
  await files.close();
  await database.close();
  return { env, token, apiToken, drop };
}
