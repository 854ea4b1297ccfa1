import { describe, expect, it, vi } from "vitest";
import { databaseKinds, useTestDatabase } from "../../tests/support/databases.ts";
import { outbox } from "../db/schema/index.ts";
import { createLogger, type Logger } from "../log.ts";
import {
  deliverDueMail,
  enqueueMail,
  logTransport,
  retryDelayMs,
  safeMail,
  startOutboxWorker,
  waitingMail,
  type MailTransport,
  type OutgoingMail,
} from "./outbox.ts";

const from = "Densara <no-reply@densara.example>";

function recordingTransport(failFor: (mail: OutgoingMail) => boolean = () => false) {
  const delivered: (OutgoingMail & { from: string })[] = [];
  const transport: MailTransport = {
    name: "test",
    send: (mail) => {
      if (failFor(mail)) return Promise.reject(new Error("550 mailbox unavailable"));
      delivered.push(mail);
      return Promise.resolve();
    },
  };
  return { transport, delivered };
}

type LogEvent = { level: keyof Logger; message: string; fields: Record<string, unknown> | undefined };

function recordingLog(): { log: Logger; events: LogEvent[] } {
  const events: LogEvent[] = [];
  const at = (level: keyof Logger) => (message: string, fields?: Record<string, unknown>) =>
    events.push({ level, message, fields });
  return { log: { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") }, events };
}

describe("a mail made safe", () => {
  it("keeps the subject on one line and the body free of other controls, whatever went in", () => {
    expect(
      safeMail({
        to: "staff@densara.example",
        subject: "New inquiry: Ruth\r\nBcc: everyone@elsewhere.example\u202e",
        text: "Where: WI\r\nThe message,\u0000 as written.\u000b",
      }),
    ).toEqual({
      to: "staff@densara.example",
      subject: "New inquiry: Ruth Bcc: everyone@elsewhere.example",
      text: "Where: WI\nThe message, as written.\n",
    });
  });

  it("goes to one address, never a list, a group or a header", () => {
    for (const to of [
      "staff@densara.example\r\nBcc: everyone@elsewhere.example",
      "staff@densara.example, everyone@elsewhere.example",
      "Staff: everyone@elsewhere.example;",
      "Staff <staff@densara.example>",
      "staff@densara.example\u202e",
    ]) {
      expect(() => safeMail({ to, subject: "Hello", text: "Hello" }), to).toThrow(/one address/);
    }
  });
});

describe.each(databaseKinds)("outbox on %s", (kind) => {
  const database = useTestDatabase(kind);

  it("delivers at once when nudged, without waiting for the next round", async () => {
    const { transport, delivered } = recordingTransport();
    // A round an hour away: only the nudge can have sent it before stop().
    const worker = startOutboxWorker(database().db, transport, {
      from,
      intervalMs: 60 * 60 * 1000,
      log: createLogger("error"),
    });
    await enqueueMail(database().db, { to: "now@example.com", subject: "Finish your account", text: "link" });
    worker.nudge();
    worker.nudge();
    await worker.stop();
    expect(delivered.map((mail) => mail.to)).toEqual(["now@example.com"]);
  });

  it("delivers queued mail once, oldest first, and marks it sent", async () => {
    await enqueueMail(database().db, { to: "a@example.com", subject: "First", text: "one" });
    await enqueueMail(database().db, { to: "b@example.com", subject: "Second", text: "two" });
    const { transport, delivered } = recordingTransport();
    expect(await waitingMail(database().db)).toEqual({ queued: 2, abandoned: 0 });
    expect(await deliverDueMail(database().db, transport, { from })).toEqual({ sent: 2, failed: 0, abandoned: 0 });
    expect(await waitingMail(database().db)).toEqual({ queued: 0, abandoned: 0 });
    expect(delivered.map((mail) => mail.subject)).toEqual(["First", "Second"]);
    expect(delivered[0]?.from).toBe(from);
    expect(await deliverDueMail(database().db, transport, { from })).toEqual({ sent: 0, failed: 0, abandoned: 0 });
    const rows = await database().db.select().from(outbox);
    expect(rows.every((row) => row.sentAt !== null)).toBe(true);
  });

  it("keeps a failed message, records the error and retries it after the backoff", async () => {
    await enqueueMail(database().db, { to: "bounce@example.com", subject: "Reset your password", text: "link" });
    let failing = true;
    const { transport, delivered } = recordingTransport(() => failing);
    // Queued rows are due from the database's own clock; this run happens just after.
    const now = new Date(Date.now() + 1000);
    expect(await deliverDueMail(database().db, transport, { from, now })).toEqual({ sent: 0, failed: 1, abandoned: 0 });
    const [row] = await database().db.select().from(outbox);
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toContain("550");
    expect(row?.nextAttemptAt.getTime()).toBe(now.getTime() + retryDelayMs(1));

    failing = false;
    const early = new Date(now.getTime() + retryDelayMs(1) - 1);
    expect(await deliverDueMail(database().db, transport, { from, now: early })).toEqual({
      sent: 0,
      failed: 0,
      abandoned: 0,
    });
    const due = new Date(now.getTime() + retryDelayMs(1));
    expect(await deliverDueMail(database().db, transport, { from, now: due })).toEqual({
      sent: 1,
      failed: 0,
      abandoned: 0,
    });
    expect(delivered).toHaveLength(1);
  });

  it("tries a failing message eight times, then leaves it unsent with its last error and says so once", async () => {
    await enqueueMail(database().db, { to: "gone@example.com", subject: "Reset your password", text: "link" });
    let failing = true;
    const { transport, delivered } = recordingTransport(() => failing);
    const { log, events } = recordingLog();
    const runs: { sent: number; failed: number; abandoned: number }[] = [];
    // Each run a day later than the last, so every backoff has passed.
    for (let day = 1; day <= 10; day += 1) {
      if (day === 10) failing = false;
      const now = new Date(Date.now() + day * 24 * 60 * 60 * 1000);
      runs.push(await deliverDueMail(database().db, transport, { from, now, log }));
    }
    expect(runs.map((run) => run.failed)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 0, 0]);
    expect(runs.map((run) => run.abandoned)).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 0, 0]);
    expect(runs.every((run) => run.sent === 0)).toBe(true);
    expect(delivered).toEqual([]);
    expect(await waitingMail(database().db)).toEqual({ queued: 0, abandoned: 1 });
    const [row] = await database().db.select().from(outbox);
    expect(row).toMatchObject({ attempts: 8, sentAt: null, lastError: "550 mailbox unavailable" });
    expect(events.filter((event) => event.level === "warn")).toHaveLength(7);
    expect(events.filter((event) => event.level === "error")).toEqual([
      {
        level: "error",
        message: "mail delivery abandoned",
        fields: expect.objectContaining({ attempts: 8 }) as unknown,
      },
    ]);
  });

  it.runIf(kind === "postgres")("never sends a message twice when two servers deliver at the same moment", async () => {
    for (const to of ["a@example.com", "b@example.com", "c@example.com"]) {
      await enqueueMail(database().db, { to, subject: "Finish your account", text: "link" });
    }
    const delivered: string[] = [];
    let firstSendStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstSendStarted = resolve));
    let releaseFirst!: () => void;
    const released = new Promise<void>((resolve) => (releaseFirst = resolve));
    const held: MailTransport = {
      name: "held",
      send: async (mail) => {
        firstSendStarted();
        await released;
        delivered.push(mail.to);
      },
    };
    const quick: MailTransport = {
      name: "quick",
      send: (mail) => {
        delivered.push(mail.to);
        return Promise.resolve();
      },
    };
    // The first server has claimed the due rows and is part-way through sending them…
    const first = deliverDueMail(database().db, held, { from });
    await started;
    // …when the second runs: it must skip what the first holds, not send it again or wait.
    expect(await deliverDueMail(database().db, quick, { from })).toEqual({ sent: 0, failed: 0, abandoned: 0 });
    releaseFirst();
    expect(await first).toEqual({ sent: 3, failed: 0, abandoned: 0 });
    expect(delivered.sort()).toEqual(["a@example.com", "b@example.com", "c@example.com"]);
    expect(await deliverDueMail(database().db, quick, { from })).toEqual({ sent: 0, failed: 0, abandoned: 0 });
  });
});

describe("outbox transports and backoff", () => {
  it("backs off 1, 2, 4 … minutes, capped at an hour", () => {
    expect([1, 2, 3, 4, 7, 8, 20].map((attempts) => retryDelayMs(attempts) / 60_000)).toEqual([1, 2, 4, 8, 60, 60, 60]);
  });

  it("without SMTP, prints the message whole beside the log, and the log keeps no link or address (ADR 031)", async () => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    let logged: string[];
    let printed: string[];
    try {
      await logTransport(createLogger("info")).send({
        from,
        to: "alice@example.com",
        subject: "Reset your password",
        text: "Open https://localhost:3000/idp/password/reset/abc123secret",
      });
      logged = out.mock.calls.map(([chunk]) => String(chunk));
      printed = err.mock.calls.map(([chunk]) => String(chunk));
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    // The log: one line, no address, no link.
    expect(logged).toHaveLength(1);
    expect(logged.join("")).not.toMatch(/alice@|abc123secret/);
    expect(JSON.parse(logged.join(""))).toMatchObject({ level: "info", subject: "Reset your password" });
    // The development mailbox beside it: the whole message, to follow its link.
    const mail = JSON.parse(printed.join("")) as Record<string, string>;
    expect(mail.to).toBe("alice@example.com");
    expect(mail.text).toContain("/idp/password/reset/abc123secret");
  });
});
