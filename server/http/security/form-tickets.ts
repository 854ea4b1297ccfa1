import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { serverKeys } from "../../db/schema/index.ts";
import type { FormTicketCheck, FormTicketPort } from "../../domain/core/context.ts";

/**
 * A public form's ticket: the moment the server gave the form out, and its signature.
 * A person takes more than a few seconds to fill in a form; a bot posting straight away,
 * or a ticket kept and replayed for days, is told apart without a CAPTCHA.
 */
export const formTicketWindow = { minimumMs: 3_000, maximumMs: 2 * 24 * 60 * 60 * 1000 } as const;
export type FormTicketWindow = { minimumMs: number; maximumMs: number };

const ticketPattern = /^([0-9a-z]{6,12})\.([A-Za-z0-9_-]{43})$/;

export type FormTickets = FormTicketPort & { issue: (at: Date) => string };

/** Tickets signed with this key (tests give their own; the server reads one from the database). */
export function formTicketsWithKey(key: Buffer, window: FormTicketWindow = formTicketWindow): FormTickets {
  const sign = (issued: string) => createHmac("sha256", key).update(`form-ticket:${issued}`).digest();
  return {
    issue: (at) => {
      const issued = at.getTime().toString(36);
      return `${issued}.${sign(issued).toString("base64url")}`;
    },
    check: (ticket, now): FormTicketCheck => {
      const match = ticketPattern.exec(ticket);
      if (!match) return "invalid";
      const [, issued = "", signature = ""] = match;
      const given = Buffer.from(signature, "base64url");
      const expected = sign(issued);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
      const age = now.getTime() - Number.parseInt(issued, 36);
      if (age < window.minimumMs) return "too-soon";
      if (age > window.maximumMs) return "expired";
      return "fresh";
    },
  };
}

/**
 * The key every process signs tickets with: made by the first process that starts
 * (a conflict means another made it first), then read, so all of them agree.
 */
export async function loadFormTickets(db: Database, window?: FormTicketWindow): Promise<FormTickets> {
  const name = "form-tickets";
  await db
    .insert(serverKeys)
    .values({ name, key: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ key: serverKeys.key }).from(serverKeys).where(eq(serverKeys.name, name));
  if (!row) throw new Error("the form tickets' key could not be read");
  return formTicketsWithKey(Buffer.from(row.key, "base64url"), window);
}
