import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { asText } from "../../shared/text-kinds.ts";
import { queryRows, type Database } from "../db/client.ts";
import { outbox } from "../db/schema/index.ts";
import { announce, type Logger } from "../log.ts";

export type OutgoingMail = { to: string; subject: string; text: string };

/**
 * A value a person gave, for a line of a mail ("Where: Madison, WI"): one line whatever
 * it holds, so it can never start a line of its own (ADR 041). The forms refuse such text
 * already; this holds for rows kept before, and for what no form checked.
 */
export function mailLine(value: string): string {
  return asText("one-line", value);
}

/** One address and nothing that would make it a list, a group or a display name. */
const oneAddress = /^[^\s,;:<>"()\\]+@[^\s,;:<>"()\\]+$/u;

/**
 * A mail made safe by construction: it goes to one address (anything else is refused: the
 * forms only ever give one), its subject is one line and its body multi-line text, whatever
 * went into them, so no text a person gave can add a header, a recipient or a line break
 * the mail did not have.
 */
export function safeMail<Mail extends OutgoingMail>(mail: Mail): Mail {
  if (!oneAddress.test(mail.to) || asText("one-line", mail.to) !== mail.to) {
    throw new Error("a mail goes to one address, and this is not one");
  }
  return { ...mail, subject: mailLine(mail.subject), text: asText("multi-line", mail.text) };
}

/** Delivers one message or throws; the outbox retries. */
export type MailTransport = { name: string; send: (mail: OutgoingMail & { from: string }) => Promise<void> };

/** Queues a message, made safe (`safeMail`). Call it inside the transaction of the change that causes it. */
export async function enqueueMail(db: Database, mail: OutgoingMail): Promise<string> {
  const [row] = await db.insert(outbox).values(safeMail(mail)).returning({ id: outbox.id });
  if (!row) throw new Error("the outbox did not accept the message");
  return row.id;
}

/** SMTP through nodemailer, loaded with the first message rather than by every server at start. */
export function smtpTransport(url: string): MailTransport {
  let transporter: Promise<{ sendMail: (mail: OutgoingMail & { from: string }) => Promise<unknown> }> | undefined;
  return {
    name: "smtp",
    send: async (mail) => {
      transporter ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(url));
      const ready = await transporter.catch((error: unknown) => {
        transporter = undefined; // The next message tries again.
        throw error;
      });
      await ready.sendMail(mail);
    },
  };
}

/**
 * Without SMTP, each mail is printed whole beside the log (`announce`), links and all, so a
 * fresh machine still works end to end; the log itself notes only that one was not sent
 * (ADR 031). Production sets `SMTP_URL`.
 */
export function logTransport(log: Logger): MailTransport {
  return {
    name: "log",
    send: (mail) => {
      log.info("mail not sent (SMTP_URL is not set): printed on stderr", { subject: mail.subject });
      announce("mail (not sent: SMTP_URL is not set)", { to: mail.to, subject: mail.subject, text: mail.text });
      return Promise.resolve();
    },
  };
}

/** Tries per message, over about three hours (1 + 2 + 4 + … minutes, capped at an hour). */
const maxAttempts = 8;

/** Minutes before the next try: 1, 2, 4 … capped at an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

/**
 * Sends what is due, oldest first. Rows are claimed with FOR UPDATE SKIP LOCKED, so
 * several server processes can deliver at once without sending anything twice.
 */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport,
  options: { from: string; now?: Date; batch?: number; log?: Logger },
): Promise<{ sent: number; failed: number; abandoned: number }> {
  const now = options.now ?? new Date();
  // Rows are queued on the database's clock; compare on it too unless a time is given.
  const dueBy = options.now ?? sql`now()`;
  let sent = 0;
  let failed = 0;
  let abandoned = 0;
  await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(outbox)
      .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, dueBy), lte(outbox.attempts, maxAttempts - 1)))
      .orderBy(asc(outbox.createdAt))
      .limit(options.batch ?? 20)
      .for("update", { skipLocked: true });
    for (const mail of due) {
      try {
        // Made safe again as it leaves: a row queued before these rules holds whatever it held.
        await transport.send(safeMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text }));
        await tx
          .update(outbox)
          .set({ sentAt: now, attempts: mail.attempts + 1, lastError: null })
          .where(eq(outbox.id, mail.id));
        sent += 1;
      } catch (error) {
        const attempts = mail.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        await tx
          .update(outbox)
          .set({
            attempts,
            lastError: message.slice(0, 1000),
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
          })
          .where(eq(outbox.id, mail.id));
        if (attempts >= maxAttempts) {
          // The last try: the row stays, with its error, for an operator to read.
          options.log?.error("mail delivery abandoned", { id: mail.id, attempts, error: message });
          abandoned += 1;
        } else {
          options.log?.warn("mail delivery failed", { id: mail.id, attempts, error: message });
        }
        failed += 1;
      }
    }
  });
  return { sent, failed, abandoned };
}

/** Mail not sent: still to be tried, and abandoned after the last try (for the metrics). */
export async function waitingMail(db: Database): Promise<{ queued: number; abandoned: number }> {
  const [row] = await queryRows<{ queued: number; abandoned: number }>(
    db,
    sql`select (count(*) filter (where ${outbox.attempts} < ${maxAttempts}))::int as queued,
               (count(*) filter (where ${outbox.attempts} >= ${maxAttempts}))::int as abandoned
        from ${outbox} where ${outbox.sentAt} is null`,
  );
  return { queued: row?.queued ?? 0, abandoned: row?.abandoned ?? 0 };
}

/**
 * Delivers due mail every `intervalMs` until stopped, and at once when nudged (a request
 * that just queued a message). Runs never overlap; a nudge while a run is queued adds none.
 */
export function startOutboxWorker(
  db: Database,
  transport: MailTransport,
  options: {
    from: string;
    intervalMs: number;
    log: Logger;
    /** Told of each run's deliveries (the metrics). */
    delivered?: (outcome: { sent: number; failed: number; abandoned: number }) => void;
  },
): { stop: () => Promise<void>; nudge: () => void } {
  let running: Promise<unknown> = Promise.resolve();
  let queued = false;
  const run = () => {
    if (queued) return;
    queued = true;
    running = running.then(() => {
      queued = false;
      return deliverDueMail(db, transport, options).then(options.delivered, (error: unknown) => {
        options.log.error("outbox run failed", { error: error instanceof Error ? error.message : String(error) });
      });
    });
  };
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  return {
    nudge: run,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
