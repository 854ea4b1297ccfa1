import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../../tests/support/databases.ts";
import { domainContext, systemAdmin, testFormTickets } from "../../../tests/support/domain.ts";
import type { Database } from "../../db/client.ts";
import { certificationApplications, organizations, outbox, users } from "../../db/schema/index.ts";
import { type ValidationError } from "../core/errors.ts";
import { ticketMessages } from "../core/public-form.ts";
import { actorFor } from "../users/index.ts";
import { listActivity } from "../activity/index.ts";
import { forgetPerson } from "../inquiries/index.ts";
import {
  applicationEntity,
  applyForCertification,
  linkApplicationOrganization,
  purgeApplications,
  setApplicationStatus,
} from "./index.ts";

/**
 * The Get Certified programme's applications: sent like the contact form (guarded the
 * same way), moved one step at a time, each step mailed to the applicant, and the last
 * step certifying the organization the operator works for.
 */

const now = new Date("2026-06-15T12:00:00Z");
const minute = 60_000;

const application = (overrides: Record<string, unknown> = {}) => ({
  name: "Ana Ferreira",
  email: "ana.ferreira@clinic.example",
  organizationName: "Clínica Ferreira",
  jobTitle: "Radiographer",
  country: "PT",
  region: "Porto",
  product: "v5" as const,
  trainingFormat: "on_site" as const,
  preferredDates: "Any Tuesday in March",
  consentToContact: true,
  ticket: testFormTickets.issue(new Date(now.getTime() - 5 * minute)),
  ...overrides,
});

async function clinic(db: Database) {
  const [row] = await db
    .insert(organizations)
    .values({ name: "Clínica Ferreira", kind: "clinic", city: "Porto", country: "PT" })
    .returning();
  if (!row) throw new Error("no organization");
  return row;
}

const subjects = async (db: Database, to: string) =>
  (await db.select().from(outbox).where(eq(outbox.to, to)).orderBy(asc(outbox.createdAt))).map((row) => row.subject);

describe.each(databaseKinds)("certification applications, on %s", (kind) => {
  const database = useTestDatabase(kind);
  const visitor = (db: Database) => domainContext(db, null, { now: () => now, address: "198.51.100.30" });
  const admin = (db: Database) => domainContext(db, systemAdmin, { now: () => now });

  it("goes from applied to certified, mails each step, and certifies and lists the organization", async () => {
    const { db } = database();
    const sent = await applyForCertification(visitor(db), application());
    expect(sent.status).toBe("applied");
    expect(await subjects(db, "training@densara.example")).toEqual([
      "New certification application: Ana Ferreira, Clínica Ferreira",
    ]);
    const place = await clinic(db);
    const linked = await linkApplicationOrganization(admin(db), {
      id: sent.id,
      version: sent.version,
      organizationId: place.id,
    });
    const scheduled = await setApplicationStatus(admin(db), {
      id: linked.id,
      version: linked.version,
      status: "scheduled",
      scheduledFor: "2026-07-07",
    });
    const completed = await setApplicationStatus(admin(db), {
      id: scheduled.id,
      version: scheduled.version,
      status: "completed",
    });
    const certified = await setApplicationStatus(admin(db), {
      id: completed.id,
      version: completed.version,
      status: "certified",
      listPublicly: true,
    });
    expect(certified).toMatchObject({ status: "certified", decidedAt: now, scheduledFor: "2026-07-07" });
    const [organization] = await db.select().from(organizations).where(eq(organizations.id, place.id));
    expect(organization).toMatchObject({
      certificationStatus: "certified",
      certifiedUntil: "2028-06-14",
      publicListing: true,
    });
    expect(await subjects(db, "ana.ferreira@clinic.example")).toEqual([
      "Your application for Densara operator certification",
      "Your Densara operator course is booked",
      "You have completed the Densara operator course",
      "You are a certified Densara operator",
    ]);
    // The activity log lists them as a kind of record its filter takes.
    const trail = await listActivity(admin(db), { filter: { targetType: applicationEntity.name } });
    expect(trail.nodes.map((entry) => entry.action)).toContain("application.setStatus");
    const booked = (
      await db.select().from(outbox).where(eq(outbox.subject, "Your Densara operator course is booked"))
    )[0];
    expect(booked?.text).toContain("Tuesday, July 7, 2026, at your site");
  });

  it("moves only one step at a time, and asks for what each step needs", async () => {
    const { db } = database();
    const sent = await applyForCertification(visitor(db), application());
    const skipped = await setApplicationStatus(admin(db), {
      id: sent.id,
      version: sent.version,
      status: "certified",
    }).catch((error: unknown) => error);
    expect(skipped).toMatchObject({ code: "CONFLICT" });
    expect((skipped as Error).message).toBe(
      "An application that is applied can only be moved to: scheduled, declined.",
    );
    const noDate = await setApplicationStatus(admin(db), {
      id: sent.id,
      version: sent.version,
      status: "scheduled",
    }).catch((error: unknown) => error);
    expect((noDate as ValidationError).fields).toEqual({ scheduledFor: "Enter the course date." });
    const noReason = await setApplicationStatus(admin(db), {
      id: sent.id,
      version: sent.version,
      status: "declined",
    }).catch((error: unknown) => error);
    expect((noReason as ValidationError).fields).toEqual({
      declinedReason: "Say why, in words the applicant will read.",
    });
    const scheduled = await setApplicationStatus(admin(db), {
      id: sent.id,
      version: sent.version,
      status: "scheduled",
      scheduledFor: "2026-07-07",
    });
    const completed = await setApplicationStatus(admin(db), {
      id: scheduled.id,
      version: scheduled.version,
      status: "completed",
    });
    const unmatched = await setApplicationStatus(admin(db), {
      id: completed.id,
      version: completed.version,
      status: "certified",
    }).catch((error: unknown) => error);
    expect((unmatched as ValidationError).message).toContain("Match the application to an organization first");
    const declined = await setApplicationStatus(admin(db), {
      id: completed.id,
      version: completed.version,
      status: "declined",
      declinedReason: "The practical assessment has to be repeated in person.",
    });
    const mail = (await db.select().from(outbox).where(eq(outbox.to, "ana.ferreira@clinic.example"))).at(-1);
    expect(mail?.text).toContain("The practical assessment has to be repeated in person.");
    await expect(
      setApplicationStatus(admin(db), {
        id: declined.id,
        version: declined.version,
        status: "scheduled",
        scheduledFor: "2026-08-01",
      }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: "This application is declined already: it cannot change." });
  });

  it("leaves certifying an organization to admins, even for someone given the inquiries duty", async () => {
    const { db } = database();
    const place = await clinic(db);
    const [desk] = await db
      .insert(users)
      .values({ email: "desk@densara.example", role: "viewer", status: "active", grants: ["inquiries"] })
      .returning();
    if (!desk) throw new Error("no user");
    const asDesk = domainContext(db, actorFor(desk, "session"), { now: () => now });
    const sent = await applyForCertification(visitor(db), application());
    const linked = await linkApplicationOrganization(admin(db), { id: sent.id, version: 1, organizationId: place.id });
    const scheduled = await setApplicationStatus(asDesk, {
      id: linked.id,
      version: linked.version,
      status: "scheduled",
      scheduledFor: "2026-07-07",
    });
    const completed = await setApplicationStatus(asDesk, {
      id: scheduled.id,
      version: scheduled.version,
      status: "completed",
    });
    await expect(
      setApplicationStatus(asDesk, { id: completed.id, version: completed.version, status: "certified" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const [unchanged] = await db.select().from(certificationApplications);
    expect(unchanged?.status).toBe("completed");
  });

  it("is purged once finished and past the retention period, and forgotten with the person's messages", async () => {
    const { db } = database();
    const longAgo = new Date(now.getTime() - 800 * 24 * 60 * minute);
    const old = domainContext(db, null, { now: () => longAgo, address: "198.51.100.31" });
    const ticketThen = testFormTickets.issue(new Date(longAgo.getTime() - 5 * minute));
    const finished = await applyForCertification(
      old,
      application({ email: "old.done@clinic.example", ticket: ticketThen }),
    );
    await applyForCertification(old, application({ email: "old.open@clinic.example", ticket: ticketThen }));
    await setApplicationStatus(admin(db), {
      id: finished.id,
      version: finished.version,
      status: "declined",
      declinedReason: "The course is not offered in that region.",
    });
    expect(await purgeApplications(admin(db), { days: 730 })).toEqual({ applications: 1 });
    expect((await db.select().from(certificationApplications)).map((row) => row.email)).toEqual([
      "old.open@clinic.example",
    ]);
    expect(await forgetPerson(admin(db), { email: "OLD.OPEN@clinic.example" })).toEqual({
      inquiries: 0,
      applications: 1,
    });
    expect(await db.select().from(certificationApplications)).toEqual([]);
  });

  it("is guarded like the contact form", async () => {
    const { db } = database();
    const early = await applyForCertification(
      visitor(db),
      application({ ticket: testFormTickets.issue(new Date(now.getTime() - 1_000)) }),
    ).catch((error: unknown) => error);
    expect((early as ValidationError).message).toBe(ticketMessages["too-soon"]);
    const bot = await applyForCertification(visitor(db), application({ website: "x" })).catch(
      (error: unknown) => error,
    );
    expect((bot as ValidationError).message).toContain("looked automated");
    expect(await db.select().from(certificationApplications)).toEqual([]);
  });
});
