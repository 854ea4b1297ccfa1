import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { TestBrowser } from "../tests/support/auth-harness.ts";
import { contactFormMessage } from "../tests/support/contact-form.ts";
import { postgresUrl } from "../tests/support/databases.ts";
import { startLoad, tally, type LoadOutcome, type LoadRequest } from "../tests/support/load.ts";
import { startS3Server } from "../tests/support/s3-server.ts";
import {
  freePort,
  saying,
  signInWithPassword,
  startServerProcess,
  type ServerProcess,
} from "../tests/support/server-process.ts";
import { openDatabase, queryRows } from "./db/client.ts";

/**
 * Faults survived, nothing lost (issue 19): the production process (`server/main.ts` on
 * the build) under load while its database, its disk or its file store fails, and while
 * it is told to stop. Each case is bounded by the test's timeout and waits only for what
 * the server or the load shows, never for a length of time. Each prints what it saw (the
 * requests sent, the answers by kind and status, the rows checked) for the closing note.
 */

const adminEmail = "admin@densara.test";
const adminPassword = "fault-test-password-1";
const isRoot = process.getuid?.() === 0;

type Site = { port: number; origin: string; server: ServerProcess };

async function startSite(env: Record<string, string>): Promise<Site> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startServerProcess({
    PORT: String(port),
    PUBLIC_URL: origin,
    TRUST_PROXY: "true",
    FORM_MINIMUM_SECONDS: "0",
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    ...env,
  });
  await server.next(saying("listening"));
  return { port, origin, server };
}

function temporaryFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/**
 * Polls `check` until it holds; after a minute it fails, with what `tell` says about the
 * state of things (the load's outcomes so far, the server's last words).
 */
async function until(check: () => boolean, tell: () => string = () => ""): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${tell()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The administrator, signed in through the embedded provider; the page's CSRF token. */
async function signInAdmin(site: Site): Promise<{ browser: TestBrowser; csrfToken: string }> {
  const browser = new TestBrowser(site.origin, "198.18.9.1");
  const { csrfToken } = await signInWithPassword(browser, { email: adminEmail, password: adminPassword });
  return { browser, csrfToken };
}

function upload(site: Site, signedIn: { browser: TestBrowser; csrfToken: string }, name: string, body: Uint8Array) {
  return signedIn.browser.fetch(new URL("/uploads/media", site.origin), {
    method: "POST",
    headers: {
      "x-csrf-token": signedIn.csrfToken,
      "x-file-name": encodeURIComponent(name),
      "content-type": "application/octet-stream",
    },
    body: body as Uint8Array<ArrayBuffer>,
  });
}

/** A PDF of about this many bytes (its magic bytes, then comment lines). */
function pdfOf(bytes: number, mark: string): Uint8Array {
  const head = `%PDF-1.7\n% ${mark}\n`;
  const tail = "\n%%EOF\n";
  const filler = `${"%".repeat(79)}\n`.repeat(Math.max(0, Math.floor((bytes - head.length - tail.length) / 80)));
  return new TextEncoder().encode(head + filler + tail);
}

function filesUnder(folder: string): { path: string; size: number }[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, size: statSync(path).size };
    });
}

describe("faults, against the production process", () => {
  it.runIf(postgresUrl)(
    "the database goes away mid-load and comes back: 503 with a sentence, /readyz unready, writes whole or not at all, and service resumes by itself",
    { timeout: 180_000 },
    async () => {
      // A PostgreSQL of this test's own, which it crashes and starts again.
      const script = join(process.cwd(), "scripts", "test-postgres.sh");
      const started = execFileSync("bash", [script], { encoding: "utf8" });
      const url = /TEST_DATABASE_URL=(\S+)/.exec(started)?.[1] ?? "";
      const clusterDir = /TEST_PG_DIR=(\S+)/.exec(started)?.[1] ?? "";
      onTestFinished(() => {
        execFileSync("bash", [script, "stop", clusterDir]);
      });
      const site = await startSite({ DATABASE_URL: url, DATA_DIR: temporaryFolder("densara-fault-db-") });
      await site.server.next(saying("hearing database changes"));
      const form = await (await fetch(`${site.origin}/about/contact`)).text();
      const ticket = /name="ticket" value="([^"]*)"/.exec(form)?.[1] ?? "";

      let writes = 0;
      const next = (_loop: number, count: number): LoadRequest => {
        switch (count % 4) {
          case 0:
            return { name: "prerendered page", path: "/products/v5" };
          case 1:
            return { name: "rendered search", path: "/locations?place=WI" };
          case 2:
            return { name: "readyz", path: "/readyz" };
          default: {
            writes += 1;
            // Each message from its own network and address: the form's rate limits stay out of the way.
            return {
              name: `write:${writes}`,
              method: "POST",
              path: "/about/contact",
              headers: {
                "content-type": "application/x-www-form-urlencoded",
                "x-forwarded-for": `10.${(writes >> 8) % 256}.${writes % 256}.1`,
              },
              body: new URLSearchParams({
                ...contactFormMessage,
                name: "Fault Test",
                email: `fault-${writes}@example.test`,
                ticket,
              }).toString(),
            };
          }
        }
      };
      const kind = (outcome: LoadOutcome) => outcome.name.split(":")[0] ?? outcome.name;
      const count = (from: number, match: (outcome: LoadOutcome) => boolean) =>
        load.outcomes.slice(from).filter(match).length;
      const load = startLoad({ port: site.port, concurrency: 6, next });
      const tell = () =>
        `${JSON.stringify(tally(load.outcomes, kind))}; the server said: ` +
        site.server.events
          .slice(-8)
          .map((event) => JSON.stringify(event))
          .join("\n");

      await until(() => count(0, (o) => kind(o) === "write" && o.status === 303) >= 20, tell);
      const haltedAt = load.outcomes.length;
      execFileSync("bash", [script, "halt", clusterDir]);
      await until(
        () =>
          count(haltedAt, (o) => o.name === "readyz" && o.status === 503) >= 10 &&
          count(haltedAt, (o) => o.name === "rendered search" && o.status === 503) >= 10 &&
          count(haltedAt, (o) => kind(o) === "write" && o.status === 503) >= 10,
        tell,
      );
      const resumedAt = load.outcomes.length;
      execFileSync("bash", [script, "resume", clusterDir]);
      await until(
        () =>
          count(resumedAt, (o) => o.name === "readyz" && o.status === 200) >= 1 &&
          count(resumedAt, (o) => kind(o) === "write" && o.status === 303) >= 20,
        tell,
      );
      await load.stop();
      const outcomes = load.outcomes;

      // Every request was answered: none was dropped, whatever the database did.
      expect(outcomes.filter((outcome) => outcome.error !== undefined)).toEqual([]);
      // Pages from memory never noticed.
      expect(outcomes.filter((o) => o.name === "prerendered page" && o.status !== 200)).toEqual([]);
      // Nothing else than served, unready or unavailable: never a fault of ours (500).
      const answered = outcomes.map((o) => `${kind(o)} ${o.status}`);
      expect(new Set(answered)).toEqual(
        new Set([
          "prerendered page 200",
          "rendered search 200",
          "rendered search 503",
          "readyz 200",
          "readyz 503",
          "write 303",
          "write 503",
        ]),
      );
      // Every refusal says why in words.
      for (const outcome of outcomes.filter((o) => o.status === 503)) {
        expect(outcome.body).toMatch(
          outcome.name === "readyz" ? /"status":"unready"/ : /database is not answering at the moment/,
        );
      }

      // Whole or not at all: each message taken (303) is there with its confirmation mail;
      // each refused one left nothing, or (cut between commit and answer) everything.
      const database = await openDatabase({ url, dataDir: "" });
      onTestFinished(() => database.close());
      const rows = await queryRows<{ email: string; mails: number }>(
        database.db,
        sql`select i.email, (select count(*)::int from outbox o where o.to = i.email) as mails from inquiries i`,
      );
      const mailsOf = new Map(rows.map((row) => [row.email, row.mails]));
      const taken = outcomes.filter((o) => kind(o) === "write" && o.status === 303);
      const refused = outcomes.filter((o) => kind(o) === "write" && o.status === 503);
      for (const outcome of taken) expect(mailsOf.get(`fault-${outcome.name.split(":")[1]}@example.test`)).toBe(1);
      for (const row of rows) expect(row.mails).toBe(1);
      const [orphans] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from outbox o where o.to like 'fault-%' and not exists (select 1 from inquiries i where i.email = o.to)`,
      );
      expect(orphans?.n).toBe(0);
      const refusedButKept = refused.filter((o) => mailsOf.has(`fault-${o.name.split(":")[1]}@example.test`));

      // It came back by itself: the pool took new connections, and the listener heard again.
      await site.server.next(saying("hearing database changes again"));
      console.info(
        [
          `database outage: ${outcomes.length} requests`,
          JSON.stringify(tally(outcomes, kind)),
          `${rows.length} messages in the database, each with its mail; ${taken.length} taken (303), all there;`,
          `${refused.length} refused (503), of which ${refusedButKept.length} had committed whole before the answer failed`,
        ].join("\n"),
      );
    },
  );

  it(
    "told to stop under load (SIGTERM), turns /readyz unready first, goes on serving through its grace period, drops nothing, and closes its database",
    {
      timeout: 120_000,
    },
    async () => {
      const dataDir = temporaryFolder("densara-fault-stop-");
      const site = await startSite({ DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: "1500" });
      const paths = ["/", "/products/v5", "/locations", "/locations?place=WI", "/about/contact"];
      let balancerStopped = false;
      const load = startLoad({
        port: site.port,
        concurrency: 8,
        next: (loop, count) => ({ name: "page", path: paths[(loop + count) % paths.length] ?? "/" }),
      });
      // A load balancer's health check: /readyz on a connection of its own, again and again;
      // after three 503s in a row it sends nothing more here (what the grace period is for).
      const readiness: { status: number; at: number }[] = [];
      const balancer = (async () => {
        while (!balancerStopped) {
          const response = await fetch(`${site.origin}/readyz`, { headers: { connection: "close" } });
          await response.arrayBuffer();
          readiness.push({ status: response.status, at: load.outcomes.length });
          if (readiness.slice(-3).filter((check) => check.status === 503).length === 3) {
            balancerStopped = true;
            await load.stop();
          }
        }
      })();
      const loadStarted = performance.now();
      await until(() => load.outcomes.length >= 1_000);
      const signalledAt = load.outcomes.length;
      const started = performance.now();
      const rate = signalledAt / ((started - loadStarted) / 1000);
      site.server.child.kill("SIGTERM");
      await balancer;
      const outcomes = load.outcomes;
      const exit = await site.server.exited;
      const seconds = (performance.now() - started) / 1000;

      expect(exit).toEqual({ code: 0, signal: null });
      // Unready first, then the port closed only after the grace period, then stopped.
      const said = site.server.events.map((event) => event.message);
      const order = ["shutting down", "grace period over; no longer taking connections", "stopped"].map((message) =>
        said.indexOf(message),
      );
      expect(order.every((index, at) => index >= 0 && (at === 0 || index > (order[at - 1] ?? -1)))).toBe(true);
      expect(readiness.at(-1)?.status).toBe(503);
      // None dropped: every request sent was answered, and answered in full.
      expect(outcomes.filter((outcome) => outcome.error !== undefined || outcome.status !== 200)).toEqual([]);
      // Requests in flight when the signal came, and after, were served.
      expect(outcomes.length).toBeGreaterThan(signalledAt);
      // The embedded database was closed cleanly: it opens again with no recovery to do.
      const reopened = await openDatabase({ dataDir });
      onTestFinished(() => reopened.close());
      expect(await queryRows(reopened.db, sql`select count(*)::int as n from idp_accounts`)).toEqual([{ n: 1 }]);
      console.info(
        `SIGTERM under load (${rate.toFixed(0)} requests/s): ${outcomes.length} requests, ${outcomes.length - signalledAt} of them after the signal, ` +
          `all 200; ${readiness.length} health checks; exited 0 ${seconds.toFixed(1)} s after the signal`,
      );
    },
  );

  it(
    "the file store (S3) goes out of reach: uploads fail with a sentence and keep nothing, pages that only read go on",
    {
      timeout: 120_000,
    },
    async () => {
      const s3 = await startS3Server("densara-files");
      let s3Stopped = false;
      onTestFinished(async () => {
        if (!s3Stopped) await s3.stop();
      });
      const site = await startSite({
        DATA_DIR: temporaryFolder("densara-fault-s3-"),
        S3_BUCKET: "densara-files",
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
      });
      const admin = await signInAdmin(site);
      const before = await upload(site, admin, "Before.pdf", pdfOf(2_000, "before"));
      expect(before.status).toBe(201);
      const { media } = (await before.json()) as { media: { id: string; url: string } };

      await s3.stop();
      s3Stopped = true;
      const refused = await upload(site, admin, "During.pdf", pdfOf(2_000, "during"));
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({
        error: {
          code: "UNAVAILABLE",
          message: "The file store did not answer: the file was not kept. Try again in a moment.",
        },
      });
      // A file already kept cannot be read either: said in words, not a fault of ours.
      const download = await admin.browser.fetch(media.url);
      expect(download.status).toBe(503);
      expect(await download.text()).toMatch(/file store did not answer/);
      // Everything that only reads the database goes on.
      for (const path of ["/", "/locations?place=WI", "/dashboard", "/dashboard/admin/media", "/readyz"]) {
        expect((await admin.browser.fetch(path)).status, path).toBe(200);
      }
      const listed = await admin.browser.fetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": admin.csrfToken },
        body: JSON.stringify({ query: "{ media(first: 10) { nodes { name } } }" }),
      });
      // Only the file kept before the store went away: the refused upload left no row.
      expect(await listed.json()).toEqual({ data: { media: { nodes: [{ name: "Before.pdf" }] } } });
      expect(site.server.events.filter((event) => event.level === "error" && event.message !== "request")).toEqual([]);
    },
  );

  it.runIf(isRoot)(
    "the disk for files fills during uploads: a clear error, no partial file, no orphan row",
    { timeout: 120_000 },
    async () => {
      const dataDir = temporaryFolder("densara-fault-disk-");
      // The files' folder is a 1 MB disk of its own; the database lives beside it, on the real one.
      const filesDir = join(dataDir, "files");
      mkdirSync(filesDir);
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", filesDir]);
      onTestFinished(() => {
        execFileSync("umount", [filesDir]);
      });
      const site = await startSite({ DATA_DIR: dataDir });
      const admin = await signInAdmin(site);
      // Six uploads of 300 KB at once into 1 MB: together they cannot fit (each may fail partway).
      const burst = await Promise.all(
        Array.from({ length: 6 }, async (_, index) => {
          const response = await upload(site, admin, `Large ${index}.pdf`, pdfOf(300_000, `large ${index}`));
          return { index, status: response.status, body: (await response.json()) as Record<string, unknown> };
        }),
      );
      // Then one at a time until the disk is full.
      const oneByOne: typeof burst = [];
      for (let index = 6; oneByOne.every((answer) => answer.status === 201) && index < 12; index += 1) {
        const response = await upload(site, admin, `Large ${index}.pdf`, pdfOf(300_000, `large ${index}`));
        oneByOne.push({ index, status: response.status, body: (await response.json()) as Record<string, unknown> });
      }
      const answers = [...burst, ...oneByOne];
      const kept = answers.filter((answer) => answer.status === 201);
      const refused = answers.filter((answer) => answer.status !== 201);
      expect(oneByOne.filter((answer) => answer.status === 201).length).toBeGreaterThanOrEqual(2);
      expect(oneByOne.at(-1)?.status).toBe(503);
      for (const answer of refused) {
        expect(answer).toMatchObject({
          status: 503,
          body: { error: { code: "UNAVAILABLE", message: "The server's disk is full: the file was not kept." } },
        });
      }
      // On the disk: exactly the files kept, each whole; nothing half-written is left.
      const size = pdfOf(300_000, "large 0").byteLength;
      const onDisk = filesUnder(filesDir);
      expect(onDisk.map((file) => file.size)).toEqual(kept.map(() => size));
      // In the database: a row for each file kept, and none for the refused.
      const listed = await admin.browser.fetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": admin.csrfToken },
        body: JSON.stringify({ query: "{ media(first: 50) { nodes { name size } } }" }),
      });
      const nodes = ((await listed.json()) as { data: { media: { nodes: { name: string; size: number }[] } } }).data
        .media.nodes;
      expect(nodes.map((node) => node.name).sort()).toEqual(kept.map((answer) => `Large ${answer.index}.pdf`).sort());
      // A file that fits in what is left is taken: nothing was stuck.
      const small = await upload(site, admin, "Small.pdf", pdfOf(10_000, "small"));
      expect(small.status).toBe(201);
      console.info(
        `disk full: 6 uploads of 300 KB at once into 1 MB (${burst.filter((a) => a.status === 201).length} kept), then ` +
          `${oneByOne.length} one by one (${oneByOne.filter((a) => a.status === 201).length} kept): ` +
          `${kept.length} kept and ${refused.length} refused with the sentence; ` +
          `${onDisk.length} files on the disk, ${nodes.length} rows; then a 10 KB upload taken`,
      );
    },
  );
});
