import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formAlertText, locationOf, TestBrowser } from "../tests/support/auth-harness.ts";
import { createPostgresDatabase, postgresUrl } from "../tests/support/databases.ts";
import { sample } from "../tests/support/metrics-text.ts";
import { startS3Server } from "../tests/support/s3-server.ts";
import {
  atOrigin,
  freePort,
  saying,
  signInWithPassword,
  startServerProcess,
  type ServerProcess,
} from "../tests/support/server-process.ts";
import { startSmtpSink } from "../tests/support/smtp-sink.ts";
import { openDatabase, queryRows, type DatabaseHandle } from "./db/client.ts";
import { migrationsFolder } from "./db/migrate.ts";
import { enqueueMail } from "./mail/outbox.ts";

/**
 * Two machines, one database (issue 19): two production processes (`server/main.ts` on
 * the build) on two ports, started at the same moment against one new PostgreSQL
 * database, one S3-compatible store (s3rver) and one SMTP server, as two machines behind
 * a load balancer would be. One site: both have the same PUBLIC_URL. Each step below
 * goes to one machine or the other on purpose, and nothing may depend on which.
 */

type Machine = { name: string; port: number; origin: string; process: ServerProcess };

const adminEmail = "admin@densara.test";
const adminPassword = "two-machines-password-1";
const metricsToken = "two-machines-metrics-token-0123456789";

describe.runIf(postgresUrl)("two server processes on one PostgreSQL, one file store and one mail server", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let db: DatabaseHandle;
  let one: Machine;
  let two: Machine;
  let browsers = 0;
  const cleanup: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    cleanup.push(() => database.drop());
    s3 = await startS3Server("densara-files");
    cleanup.push(() => s3.stop());
    smtp = await startSmtpSink();
    cleanup.push(() => smtp.stop());
    // Only for the processes' own scratch files: the files themselves go to the bucket.
    const dataDir = mkdtempSync(join(tmpdir(), "densara-two-"));
    cleanup.push(() => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })));
    const [portOne, portTwo] = [await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${portOne}`;
    const env = (port: number) => ({
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: "true",
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      S3_BUCKET: "densara-files",
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      METRICS_TOKEN: metricsToken,
    });
    // Both at once, on an empty database: the migrations and the first administrator race.
    const processes = [portOne, portTwo].map((port) => startServerProcess(env(port), { for: "file" }));
    await Promise.all(processes.map((running) => running.next(saying("listening"))));
    const machine = (name: string, port: number, running: ServerProcess | undefined): Machine => {
      if (!running) throw new Error("not started");
      return { name, port, origin: `http://127.0.0.1:${port}`, process: running };
    };
    one = machine("one", portOne, processes[0]);
    two = machine("two", portTwo, processes[1]);
    // Stopped as production stops them: each drains and exits 0.
    cleanup.push(async () => {
      for (const machine of [one, two]) machine.process.child.kill("SIGTERM");
      expect(await Promise.all([one.process.exited, two.process.exited])).toEqual([
        { code: 0, signal: null },
        { code: 0, signal: null },
      ]);
    });
    db = await openDatabase({ url: database.url, dataDir: "" });
    cleanup.push(() => db.close());
  }, 120_000);

  afterAll(async () => {
    // What beforeAll made, last first (it may have stopped partway).
    for (const step of cleanup.reverse()) await step();
  });

  /** A browser (its own client address, one cookie jar for the site); it goes to whichever machine each call names. */
  function newBrowser(): TestBrowser {
    browsers += 1;
    return new TestBrowser(one.origin, `198.18.2.${browsers}`);
  }

  /** The same address on this machine (a redirect names the site's one PUBLIC_URL). */
  const on = (machine: Machine, address: string | URL) => atOrigin(machine.origin, address);

  async function sessionOf(browser: TestBrowser, machine: Machine) {
    const response = await browser.fetch(on(machine, "/auth/session"));
    return (await response.json()) as { signedIn: boolean; csrfToken?: string; user?: { email: string } };
  }

  async function metricsOf(machine: Machine): Promise<string> {
    const response = await fetch(on(machine, "/metrics"), { headers: { authorization: `Bearer ${metricsToken}` } });
    return response.text();
  }

  /** A sign-in whose every step goes to the other machine from the one before. */
  const signInAcross = (browser: TestBrowser) =>
    signInWithPassword(browser, { email: adminEmail, password: adminPassword }, (step) =>
      step % 2 === 0 ? one.origin : two.origin,
    );

  it("ran each migration once, and made the first administrator once, when both started together", async () => {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const [applied] = await queryRows<{ rows: number; hashes: number }>(
      db.db,
      sql`select count(*)::int as rows, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations`,
    );
    expect(applied).toEqual({ rows: journal.entries.length, hashes: journal.entries.length });
    const [accounts] = await queryRows<{ n: number }>(db.db, sql`select count(*)::int as n from idp_accounts`);
    expect(accounts?.n).toBe(1);
    const created = [one, two].flatMap((machine) =>
      machine.process.events.filter(saying("created the first administrator account")),
    );
    expect(created).toHaveLength(1);
    for (const machine of [one, two]) {
      expect(machine.process.events.filter(saying("database ready"))).toHaveLength(1);
      expect(machine.process.events.filter((event) => event.level === "error")).toEqual([]);
    }
  });

  it("keeps a session made through one machine on the other, and a sign-out on one is heard by the other at once", async () => {
    const browser = newBrowser();
    const { csrfToken, token } = await signInAcross(browser);
    // Signed in everywhere: pages on either machine, and /graphql on the other.
    for (const machine of [one, two]) {
      expect((await browser.fetch(on(machine, "/dashboard"))).status).toBe(200);
      expect((await sessionOf(browser, machine)).user?.email).toBe(adminEmail);
    }
    const viewer = await browser.fetch(on(two, "/graphql"), {
      method: "POST",
      headers: { "content-type": "application/json", "x-csrf-token": csrfToken },
      body: JSON.stringify({ query: "{ viewer { role user { email } } }" }),
    });
    expect(await viewer.json()).toEqual({ data: { viewer: { role: "admin", user: { email: adminEmail } } } });

    // Both machines hear PostgreSQL's announcements (and so keep a signed-in answer for 30 s: ADR 034).
    for (const machine of [one, two]) await machine.process.next(saying("hearing database changes"));
    // A second browser that holds the same cookie (a copy, say) asks machine two, which keeps the answer.
    const copy = newBrowser();
    copy.setCookie("densara_session", token);
    expect((await sessionOf(copy, two)).signedIn).toBe(true);
    expect((await sessionOf(copy, two)).signedIn).toBe(true);

    // Signed out through machine one…
    const signedOut = await browser.post(on(one, "/auth/logout"), { csrf: csrfToken });
    expect(signedOut.status).toBe(303);
    const outAt = performance.now();
    // …and machine two says so once PostgreSQL has told it. Its kept answer would last 30 s
    // otherwise, longer than this wait, so only the announcement can do it.
    let checks = 0;
    await expect
      .poll(
        async () => {
          checks += 1;
          return (await sessionOf(copy, two)).signedIn;
        },
        { timeout: 20_000, interval: 10 },
      )
      .toBe(false);
    const heardAfterMs = performance.now() - outAt;
    expect((await copy.fetch(on(two, "/dashboard"))).status).toBe(302);
    console.info(`sign-out on one, seen on two after ${heardAfterMs.toFixed(0)} ms (${checks} checks)`);
  });

  it("counts a sign-in rate limit across both machines", async () => {
    const guesser = newBrowser();
    const begun = await guesser.fetch(on(two, "/auth/login?returnTo=/dashboard"));
    const opened = await guesser.fetch(on(one, locationOf(begun, two.origin)));
    const uid = /\/idp\/interaction\/([^/?]+)/.exec(locationOf(opened, one.origin).pathname)?.[1] ?? "";
    const alerts: { machine: string; alert: string | undefined }[] = [];
    // Six wrong passwords for one address from one client, every other one through each machine.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const machine = attempt % 2 === 0 ? one : two;
      const answer = await guesser.post(on(machine, `/idp/interaction/${uid}`), {
        email: adminEmail,
        password: `not the password ${attempt}`,
      });
      alerts.push({ machine: machine.name, alert: await formAlertText(answer) });
    }
    expect(alerts.slice(0, 5).map(({ alert }) => alert)).toEqual(
      Array.from({ length: 5 }, () => expect.stringMatching(/do not match an account/) as unknown),
    );
    // The sixth reaches machine two, which saw only two before it: the count is the database's.
    expect(alerts[5]).toEqual({
      machine: "two",
      alert: "Too many sign-in attempts for this email address. Try again in 15 minutes, or reset your password.",
    });
  });

  it("sends each queued mail exactly once while both machines deliver", async () => {
    const count = 60;
    const before = smtp.messages.length;
    for (let index = 0; index < count; index += 1) {
      await enqueueMail(db.db, {
        to: `reader-${index}@example.test`,
        subject: `Two machines ${index}`,
        text: `Message ${index}, queued once.`,
      });
    }
    // Each machine's worker takes 20 at a time every 5 seconds, claiming with SKIP LOCKED.
    await expect
      .poll(
        async () =>
          (await queryRows<{ n: number }>(db.db, sql`select count(*)::int as n from outbox where sent_at is null`))[0]
            ?.n,
        { timeout: 60_000, interval: 200 },
      )
      .toBe(0);
    const ours = smtp.messages.slice(before).filter((message) => message.subject.startsWith("Two machines "));
    expect(ours.map((message) => message.subject).sort()).toEqual(
      Array.from({ length: count }, (_, index) => `Two machines ${index}`).sort(),
    );
    for (const message of ours) {
      expect(message.to).toEqual([`reader-${message.subject.slice("Two machines ".length)}@example.test`]);
    }
    // Every row sent is one message at the server, whoever sent it.
    const [sent] = await queryRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from outbox where sent_at is not null`,
    );
    expect(smtp.messages).toHaveLength(sent?.n ?? -1);
    const byMachine = await Promise.all(
      [one, two].map(async (machine) => sample(await metricsOf(machine), "outbox_mail_total", { outcome: "sent" })),
    );
    const [sentByOne = 0, sentByTwo = 0] = byMachine;
    expect(sentByOne + sentByTwo).toBe(sent?.n);
    console.info(`${count} queued mails: machine one sent ${sentByOne}, machine two ${sentByTwo}`);
  });

  it("serves a file uploaded through one machine from the other", async () => {
    const browser = newBrowser();
    const { csrfToken } = await signInAcross(browser);
    const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");
    const uploaded = await browser.fetch(on(one, "/uploads/media"), {
      method: "POST",
      headers: {
        "x-csrf-token": csrfToken,
        "x-file-name": encodeURIComponent("Service manual v5.pdf"),
        "content-type": "application/octet-stream",
      },
      body: pdf,
    });
    expect(uploaded.status).toBe(201);
    const { media } = (await uploaded.json()) as { media: { id: string; url: string } };
    const served = await browser.fetch(on(two, media.url));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pdf);
    // The library lists it on machine two as well.
    const listed = await browser.fetch(on(two, "/graphql"), {
      method: "POST",
      headers: { "content-type": "application/json", "x-csrf-token": csrfToken },
      body: JSON.stringify({ query: `{ mediaFile(id: "${media.id}") { id name } }` }),
    });
    expect(await listed.json()).toEqual({ data: { mediaFile: { id: media.id, name: "Service manual v5.pdf" } } });
  });
});
