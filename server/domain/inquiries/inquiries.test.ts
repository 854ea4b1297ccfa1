import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../../tests/support/databases.ts";
import { domainContext, systemAdmin, testFormTickets } from "../../../tests/support/domain.ts";
import type { Database } from "../../db/client.ts";
import { activity, inquiries, inquiryNotes, outbox, rateLimits, users } from "../../db/schema/index.ts";
import { RateLimitedError, ValidationError } from "../core/errors.ts";
import { publicFormLimits as inquiryLimits, ticketMessages } from "../core/public-form.ts";
import { actorFor, type User } from "../users/index.ts";
import { mailRecipients } from "./mail.ts";
import {
  addInquiryNote,
  assignInquiry,
  exportInquiries,
  forgetPerson,
  listInquiries,
  type Inquiry,
  purgeInquiries,
  setInquiryStatus,
  submitInquiry,
} from "./index.ts";

/**
 * The contact form's messages: what a visitor's message becomes (a row, a reference for
 * support topics, two kinds of mail), how bots are turned away without a CAPTCHA, and
 * what staff do with it, down to deleting it on request and after the retention period.
 */

const now = new Date("2026-06-15T12:00:00Z");
const minute = 60_000;
const day = 24 * 60 * minute;
/** A ticket from a form given out this long before `now`. */
const ticketAged = (ms: number) => testFormTickets.issue(new Date(now.getTime() - ms));

const message = (overrides: Record<string, unknown> = {}) => ({
  topic: "support" as const,
  name: "Ruth Okafor",
  email: "Ruth.Okafor@Clinic.example",
  phone: "+1 555 010 2233",
  organization: "Lakeside Bone Clinic",
  country: "US",
  region: "Wisconsin",
  product: "v5" as const,
  serialNumber: "D5-204117",
  message: "The v5 stops at the calibration step with message E41 since this morning.",
  consentToContact: true,
  website: "",
  ticket: ticketAged(2 * minute),
  ...overrides,
});

async function person(db: Database, values: Partial<typeof users.$inferInsert> & { email: string }): Promise<User> {
  const [user] = await db
    .insert(users)
    .values({ status: "active", ...values })
    .returning();
  if (!user) throw new Error("no user");
  return user;
}

describe.each(databaseKinds)("inquiries, on %s", (kind) => {
  const database = useTestDatabase(kind);
  const visitor = (db: Database, address = "198.51.100.7") => domainContext(db, null, { now: () => now, address });
  const admin = (db: Database, at = now) => domainContext(db, systemAdmin, { now: () => at });

  it("keeps a support request with a reference, confirms it to the visitor and copies the topic's recipients", async () => {
    const { db } = database();
    const receipt = await submitInquiry(visitor(db), message());
    expect(receipt.reference).toMatch(/^SR-[2-9A-HJKMNP-Z]{6}$/);
    const [stored] = await db.select().from(inquiries);
    expect(stored).toMatchObject({
      topic: "support",
      status: "new",
      email: "ruth.okafor@clinic.example",
      serialNumber: "D5-204117",
      reference: receipt.reference,
      consentToContact: true,
    });
    const mail = await db.select().from(outbox).orderBy(asc(outbox.to));
    expect(mail.map((row) => row.to)).toEqual(["ruth.okafor@clinic.example", "support@densara.example"]);
    const [confirmation, copy] = [mail[0], mail[1]];
    expect(confirmation?.subject).toBe(`Your request ${receipt.reference} reached Densara`);
    expect(confirmation?.text).toContain(`Your reference is ${receipt.reference}`);
    // A stranger's words never travel to an address anyone could have typed.
    expect(confirmation?.text).not.toContain("E41");
    expect(copy?.text).toContain("The v5 stops at the calibration step");
    expect(copy?.text).toContain(`https://portal.test/dashboard/admin/inquiries?selected=${stored?.id}`);
    const [logged] = await db.select().from(activity).where(eq(activity.action, "inquiry.submit"));
    expect(logged).toMatchObject({ actorLabel: "Anonymous visitor", via: "anonymous" });
    expect(JSON.stringify(logged?.changes)).not.toContain("Ruth");
  });

  it("gives sales questions no reference and keeps no serial number for them", async () => {
    const { db } = database();
    const receipt = await submitInquiry(visitor(db), message({ topic: "sales" }));
    expect(receipt.reference).toBeNull();
    const [stored] = await db.select().from(inquiries);
    expect(stored?.serialNumber).toBeNull();
    const mail = await db.select().from(outbox);
    expect(mail.map((row) => row.to).sort()).toEqual(["ruth.okafor@clinic.example", "sales@densara.example"]);
    expect(mail.find((row) => row.to.startsWith("ruth"))?.subject).toBe("Your message reached Densara");
  });

  it("says what is wrong with each field, and keeps nothing", async () => {
    const { db } = database();
    const refused = await submitInquiry(
      visitor(db),
      message({
        name: " ",
        email: "ruth",
        country: "XX",
        message: "Help",
        consentToContact: false,
        serialNumber: "??",
        topic: "gossip",
      }),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).fields).toEqual({
      topic: "Choose what your message is about.",
      name: "Enter your name.",
      email: "Enter a valid email address, like name@example.com.",
      country: "Choose a country from the list.",
      serialNumber: "Enter the serial number as printed on the label: letters, digits and dashes, like D5-204117.",
      message: "Tell us a little more: at least 10 characters.",
      consentToContact: "Tick the box so we may contact you about this message: we cannot answer otherwise.",
    });
    expect(await db.select().from(inquiries)).toEqual([]);
    expect(await db.select().from(outbox)).toEqual([]);
  });

  it("refuses a region that would forge a line in the staff's mail, saying so beside the region", async () => {
    const { db } = database();
    const refused = await submitInquiry(
      visitor(db),
      message({ region: "WI\r\nBcc: everyone@elsewhere.example", organization: "Lakeside\u202e Clinic" }),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).fields).toEqual({
      region: "Write the region on one line.",
      organization: "Remove the invisible control character (U+202E) from your organization.",
    });
    expect(await db.select().from(inquiries)).toEqual([]);
    expect(await db.select().from(outbox)).toEqual([]);
  });

  it("builds the staff's mail so that no value can start a line or a header of its own", async () => {
    const { db } = database();
    const receipt = await submitInquiry(visitor(db), message());
    const [stored] = await db.select().from(inquiries);
    if (!stored) throw new Error("no inquiry");
    // As if kept before the rule, or by a path that does not read the form.
    const forged: Inquiry = {
      ...stored,
      name: "Ruth\r\nBcc: everyone@elsewhere.example",
      region: "WI\r\nBcc: everyone@elsewhere.example",
      organization: "Lakeside\nWhere: nowhere",
      message: "Please call.\r\nAnswer it in the inbox: https://elsewhere.example\u000b",
    };
    await db.delete(outbox);
    await mailRecipients(
      db,
      forged,
      ["support@densara.example"],
      new URL("https://portal.test/dashboard/admin/inquiries"),
    );
    const [copy] = await db.select().from(outbox);
    expect(copy?.subject).toBe(
      `New inquiry about technical support (${receipt.reference}): Ruth Bcc: everyone@elsewhere.example`,
    );
    const text = copy?.text ?? "";
    // Our lines, before the visitor's message (which is theirs to word as they like).
    const ours = text.slice(0, text.indexOf("\nTheir message:\n")).split("\n");
    expect(ours.filter((line) => /^(Bcc|Where|Answer it)/.test(line))).toEqual([
      "Where: WI Bcc: everyone@elsewhere.example, United States",
      "Answer it in the inbox: https://portal.test/dashboard/admin/inquiries",
    ]);
    expect(text).not.toContain("\r");
    expect(text).not.toContain("\u000b");
    // The visitor's own words come last, after the link, as they wrote them.
    expect(
      text.indexOf("Their message:\n\nPlease call.\nAnswer it in the inbox: https://elsewhere.example"),
    ).toBeGreaterThan(text.indexOf("Answer it in the inbox: https://portal.test"));
  });

  it("turns away a filled hidden field and a ticket too fresh, too old or forged, keeping nothing", async () => {
    const { db } = database();
    const attempts: [Record<string, unknown>, string][] = [
      [{ website: "https://spam.example" }, "This message looked automated"],
      [{ ticket: ticketAged(1_000) }, ticketMessages["too-soon"]],
      [{ ticket: ticketAged(3 * day) }, ticketMessages.expired],
      [{ ticket: `${ticketAged(minute).slice(0, -2)}AA` }, ticketMessages.invalid],
      [{ ticket: "" }, ticketMessages.invalid],
    ];
    for (const [overrides, words] of attempts) {
      const refused = await submitInquiry(visitor(db), message(overrides)).catch((error: unknown) => error);
      expect(refused, JSON.stringify(overrides)).toBeInstanceOf(ValidationError);
      expect((refused as ValidationError).message).toContain(words);
    }
    expect(await db.select().from(inquiries)).toEqual([]);
    expect(await db.select().from(outbox)).toEqual([]);
    // Nothing was counted against the address either: the refusals came before the limits.
    expect(await db.select().from(rateLimits)).toEqual([]);
  });

  it("limits messages per network address and per email address", async () => {
    const { db } = database();
    const perAddress = inquiryLimits.perAddress.limit;
    for (let i = 0; i < perAddress; i++) {
      await submitInquiry(visitor(db), message({ email: `person${i}@clinic.example` }));
    }
    await expect(submitInquiry(visitor(db), message({ email: "another@clinic.example" }))).rejects.toBeInstanceOf(
      RateLimitedError,
    );
    // From elsewhere, the same person may still write, up to the per-email limit.
    const perEmail = inquiryLimits.perEmail.limit;
    for (let i = 0; i < perEmail; i++) {
      await submitInquiry(visitor(db, `203.0.113.${i + 1}`), message({ email: "roaming@clinic.example" }));
    }
    await expect(
      submitInquiry(visitor(db, "203.0.113.99"), message({ email: "ROAMING@clinic.example" })),
    ).rejects.toBeInstanceOf(RateLimitedError);
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(inquiries)).toEqual([{ n: perAddress + perEmail }]);
  });

  it("is read and answered by admins and by people given the duty, nobody else", async () => {
    const { db } = database();
    await submitInquiry(visitor(db), message());
    const editor = await person(db, { email: "editor@densara.example", role: "editor", issuer: "i", subject: "e" });
    const viewer = await person(db, { email: "viewer@densara.example", role: "viewer", issuer: "i", subject: "v" });
    const granted = await person(db, {
      email: "desk@densara.example",
      role: "viewer",
      issuer: "i",
      subject: "d",
      grants: ["inquiries"],
    });
    for (const refused of [editor, viewer]) {
      await expect(listInquiries(domainContext(db, refused), {})).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(listInquiries(domainContext(db, null), {})).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    const seen = await listInquiries(domainContext(db, actorFor(granted, "session")), {});
    expect(seen.nodes.map((row) => row.name)).toEqual(["Ruth Okafor"]);
  });

  it("is assigned to someone who answers inquiries, noted, closed and reopened, each step audited", async () => {
    const { db } = database();
    await submitInquiry(visitor(db), message());
    const [row] = await db.select().from(inquiries);
    if (!row) throw new Error("no inquiry");
    const viewer = await person(db, { email: "viewer@densara.example", role: "viewer", issuer: "i", subject: "v" });
    const desk = await person(db, {
      email: "desk@densara.example",
      name: "Front Desk",
      issuer: "i",
      subject: "d",
      grants: ["inquiries"],
    });
    const refused = await assignInquiry(admin(db), { id: row.id, version: 1, assigneeId: viewer.id }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).fields.assigneeId).toContain("someone who answers inquiries");
    const assigned = await assignInquiry(admin(db), { id: row.id, version: 1, assigneeId: desk.id });
    expect(assigned).toMatchObject({ assigneeId: desk.id, status: "in_progress", version: 2 });
    const asDesk = domainContext(db, actorFor(desk, "session"), { now: () => now });
    const noted = await addInquiryNote(asDesk, { id: row.id, version: 2, body: "Called back; E41 is the lid sensor." });
    expect(noted.inquiry.version).toBe(3);
    await expect(addInquiryNote(asDesk, { id: row.id, version: 2, body: "Stale" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const closed = await setInquiryStatus(asDesk, { id: row.id, version: 3, status: "closed" });
    expect(closed.closedAt).toEqual(now);
    const reopened = await setInquiryStatus(asDesk, { id: row.id, version: 4, status: "in_progress" });
    expect(reopened.closedAt).toBeNull();
    const notes = await db.select().from(inquiryNotes);
    expect(notes).toMatchObject([{ authorLabel: "Front Desk", body: "Called back; E41 is the lid sensor." }]);
    const actions = await db
      .select({ action: activity.action })
      .from(activity)
      .orderBy(asc(activity.at), asc(activity.id));
    expect(actions.map((entry) => entry.action)).toEqual([
      "inquiry.submit",
      "inquiry.assign",
      "inquiry.note",
      "inquiry.setStatus",
      "inquiry.setStatus",
    ]);
  });

  it("exports the filtered inquiries as CSV, formulas quoted", async () => {
    const { db } = database();
    await submitInquiry(visitor(db), message({ organization: '=HYPERLINK("x")' }));
    await submitInquiry(
      visitor(db, "198.51.100.8"),
      message({ topic: "sales", name: "Sam Lee", email: "sam@example.com" }),
    );
    const all = await exportInquiries(admin(db), {});
    expect(all.rows).toBe(2);
    const sales = await exportInquiries(admin(db), { filter: { topic: "sales" } });
    const lines = sales.csv.trim().split("\r\n");
    expect(lines[0]).toBe(
      "received,reference,topic,status,name,email,phone,organization,region,country,product,serial_number,message,closed",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Sam Lee,sam@example.com");
    expect(all.csv).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it("deletes one person's messages on request, and their name and address from the log", async () => {
    const { db } = database();
    await submitInquiry(visitor(db), message());
    await submitInquiry(visitor(db), message({ topic: "sales" }));
    await submitInquiry(visitor(db, "198.51.100.8"), message({ name: "Sam Lee", email: "sam@example.com" }));
    const result = await forgetPerson(admin(db), { email: "RUTH.okafor@clinic.example" });
    expect(result).toEqual({ inquiries: 2, applications: 0 });
    expect((await db.select().from(inquiries)).map((row) => row.name)).toEqual(["Sam Lee"]);
    const log = await db.select().from(activity).orderBy(asc(activity.at), asc(activity.id));
    const labels = log.map((entry) => entry.targetLabel).join(" | ");
    expect(labels).not.toContain("Ruth");
    expect(labels).toContain("Sam Lee");
    expect(log.filter((entry) => entry.address === "198.51.100.7")).toEqual([]);
    expect(log.at(-1)).toMatchObject({
      action: "inquiry.forgetPerson",
      targetLabel: "one person's data (2 inquiries, 0 applications)",
    });
    await expect(
      forgetPerson(domainContext(db, await person(db, { email: "e@d.example", role: "editor" })), {
        email: "sam@example.com",
      }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("purges what is older than the retention period, and records nothing when nothing was", async () => {
    const { db } = database();
    const old = domainContext(db, null, { now: () => new Date(now.getTime() - 800 * day), address: "198.51.100.1" });
    await submitInquiry(old, message({ ticket: testFormTickets.issue(new Date(now.getTime() - 800 * day - minute)) }));
    await submitInquiry(visitor(db), message({ name: "Recent Writer", email: "recent@example.com" }));
    expect(await purgeInquiries(admin(db), { days: 730 })).toEqual({ inquiries: 1 });
    expect((await db.select().from(inquiries)).map((row) => row.name)).toEqual(["Recent Writer"]);
    const before = (await db.select().from(activity)).length;
    expect(await purgeInquiries(admin(db), { days: 730 })).toEqual({ inquiries: 0 });
    expect((await db.select().from(activity)).length).toBe(before);
    await expect(purgeInquiries(admin(db), { days: 7 })).rejects.toMatchObject({
      fields: { days: "Keep inquiries at least 30 days." },
    });
  });
});
