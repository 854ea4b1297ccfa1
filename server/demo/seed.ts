import { randomBytes } from "node:crypto";
import { and, count, eq, inArray, like, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { activity, organizations, outbox, users } from "../db/schema/index.ts";
import type { Actor } from "../domain/core/access.ts";
import { recordActivity } from "../domain/core/activity-log.ts";
import type { DomainContext, DomainPorts, RequestInfo } from "../domain/core/context.ts";
import { formTicketsWithKey } from "../http/security/form-tickets.ts";
import { databaseRateLimits } from "../web/rate-limit.ts";
import {
  certifyOrganization,
  createOrganization,
  setPublicListing,
  updateOrganization,
  type Organization,
} from "../domain/organizations/index.ts";
import { listSettings, settingDefaults, updateContactRecipients } from "../domain/settings/index.ts";
import {
  actorFor,
  changeUserOrganization,
  changeUserRole,
  disableUser,
  inviteUser,
  userEntity,
  type User,
} from "../domain/users/index.ts";
import { embeddedInvitations, unreachableProviderSessions } from "../idp/invitations.ts";
import { externalSignInFailures } from "../idp/sign-in-failures.ts";
import type { Logger } from "../log.ts";
import { docSteps } from "./doc-steps.ts";
import { applicationSteps, demoApplicantEmails } from "./applications.ts";
import type { FormStoryContexts, Step } from "./story.ts";
import { demoInquiryEmails, inquirySteps } from "./inquiries.ts";
import { releaseSteps } from "./releases.ts";
import type { BlobStore } from "../storage/blob-store.ts";
import { demoOrganizations, importDaysAgo, type DemoOrganization } from "./organizations.ts";
import { demoBrowsers, demoPeople, type DemoPerson, type SignInHabit } from "./people.ts";

/**
 * Demo data for a newcomer's portal: about two dozen organizations, thirty people and
 * two months of activity, all fictional (see ./organizations.ts and ./people.ts).
 *
 * Every change to organizations, memberships, roles, statuses, invitations and settings
 * goes through the domain operations, as the product itself (a system actor), so each
 * records its activity row the normal way. Each operation runs with its clock set to
 * the moment in the story it belongs to (DomainContext.now), so the rows it writes and
 * the activity it records are dated in the past, in order.
 *
 * Two things have no domain operation, and are written directly:
 * - people who have already signed in (active, with a last sign-in time): signing in is
 *   the identity provider's job (upsertUserFromClaims), which would pick their role
 *   itself and mail them about "new browsers"; their rows are inserted with Drizzle;
 * - their sign-ins and preference changes before today: activity rows written with
 *   recordActivity, back-dated, as the sign-in path would have written them.
 *
 * It runs in one transaction: a failure leaves nothing behind, and a second run waits
 * for the first (an advisory lock) and then finds its organizations.
 */

/** The issuer of the demo people: no identity provider knows it, so nobody can sign in as them. */
export const demoIssuer = "demo";

/** The product acting on its own; its activity rows read "Demo data". */
const demoActor: Actor = {
  id: "00000000-0000-4000-8000-00000000de70",
  role: "admin",
  organizationId: null,
  label: "Demo data",
  via: "system",
};

/** Serializes seeding (two `npm run seed` at once): the second waits, then finds the first's data. */
const seedLock = 4_711_202_613;

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

export type SeedResult = { seeded: boolean; organizations: number; users: number; activity: number };

/** A small seeded generator (mulberry32): the same story on every run. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function isoDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo data: ${what} is missing`);
  return value;
}

/** Working hours in UTC where an organization is, so sign-ins happen in its daytime. */
function workingHours(country: string | undefined): { from: number; to: number } {
  switch (country) {
    case "GB":
      return { from: 8, to: 17 };
    case "DE":
      return { from: 7, to: 16 };
    case "AU":
      // Brisbane and Melbourne mornings are the previous UTC evening.
      return { from: -2, to: 7 };
    default:
      return { from: 14, to: 23 };
  }
}

/** Chance of a sign-in on a weekday and on a weekend day. */
const habits: Record<SignInHabit, { weekday: number; weekend: number }> = {
  daily: { weekday: 0.75, weekend: 0.08 },
  weekly: { weekday: 0.22, weekend: 0.02 },
  rare: { weekday: 0.07, weekend: 0 },
};

export async function seedDemoData(
  db: Database,
  options: { now?: Date; publicUrl: URL; files: BlobStore; log?: Logger },
): Promise<SeedResult> {
  const now = options.now ?? new Date();
  // The demo sends no form from a browser: its tickets are its own.
  const formTickets = formTicketsWithKey(randomBytes(32));
  const ports: DomainPorts = {
    publicUrl: options.publicUrl,
    invitations: embeddedInvitations(options.publicUrl),
    providerSessions: unreachableProviderSessions,
    signInFailures: externalSignInFailures,
    rateLimits: databaseRateLimits,
    formTickets,
    files: options.files,
  };
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLock})`);
    // Seeding writes organizations, and all of it in this one transaction: any organization
    // means real data or a finished seed. Demo people without organizations mean someone
    // deleted the demo organizations; seeding again would run into those people.
    const [organization] = await tx.select({ id: organizations.id }).from(organizations).limit(1);
    const [demoUser] = await tx.select({ id: users.id }).from(users).where(eq(users.issuer, demoIssuer)).limit(1);
    if (organization || demoUser) return { seeded: false, organizations: 0, users: 0, activity: 0 };
    const [before] = await tx.select({ value: count() }).from(activity);
    const steps = plan(tx, now, ports, (moment) => formTickets.issue(moment));
    for (const step of steps) await step.run();
    // The story's mail (invitations, role changes, the public forms' confirmations and the
    // team's copies of them) is part of the fiction: it never goes out.
    await tx
      .delete(outbox)
      .where(
        or(
          inArray(outbox.to, [
            ...demoPeople.map((person) => person.email),
            ...demoInquiryEmails,
            ...demoApplicantEmails,
          ]),
          and(
            like(outbox.subject, "New inquiry about%"),
            or(...demoInquiryEmails.map((email) => like(outbox.text, `%<${email}>%`))),
          ),
          and(
            like(outbox.subject, "New certification application:%"),
            or(...demoApplicantEmails.map((email) => like(outbox.text, `%<${email}>%`))),
          ),
        ),
      );
    const [after] = await tx.select({ value: count() }).from(activity);
    return {
      seeded: true,
      organizations: demoOrganizations.length,
      users: demoPeople.length,
      activity: (after?.value ?? 0) - (before?.value ?? 0),
    };
  });
  if (result.seeded) options.log?.info("seeded the demo data", { ...result });
  else options.log?.info("did not seed the demo data: the database already has organizations or demo people");
  return result;
}

/** Every step of the story, in the order it happened. */
function plan(tx: Database, now: Date, ports: DomainPorts, ticket: (moment: Date) => string): Step[] {
  const random = generator(20_260_530);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  /** A moment `daysAgo` days before today, at this UTC hour and minute. */
  const at = (daysAgo: number, utcHour: number, utcMinute = 0): Date =>
    new Date(today - daysAgo * day + utcHour * hour + utcMinute * minute);
  const system = (moment: Date): DomainContext => ({
    db: tx,
    actor: demoActor,
    request: { address: null, userAgent: null },
    now: () => moment,
    ports,
  });

  const steps: Step[] = [];
  const organizationRows = new Map<string, Organization>();
  const userRows = new Map<string, User>();
  const organizationRow = (key: string) => must(organizationRows.get(key), `organization ${key}`);
  const userRow = (email: string) => must(userRows.get(email), `user ${email}`);

  // Organizations: most arrive in the first import, the rest one by one since.
  let imported = 0;
  demoOrganizations.forEach((demo, index) => {
    const addedAt =
      demo.addedDaysAgo === importDaysAgo
        ? at(importDaysAgo, 15, 2 * imported++)
        : at(demo.addedDaysAgo, 15 + (index % 4), 10 + index);
    steps.push({
      at: addedAt,
      run: async () => {
        const created = await createOrganization(system(addedAt), {
          ...demo.details,
          ...demo.edit?.before,
          ...initialCertification(demo, at),
          publicListing: demo.listing.changedDaysAgo === undefined ? demo.listing.listed : !demo.listing.listed,
        });
        organizationRows.set(demo.key, created);
      },
    });
    steps.push(...organizationStory(demo, at, system, organizationRows));
  });

  // The site's settings: a second training address, when certification renewals began.
  // Recipients someone has already chosen are theirs: the demo leaves them alone.
  const settingsAt = at(34, 16, 40);
  steps.push({
    at: settingsAt,
    run: async () => {
      const settings = await listSettings(system(settingsAt), {});
      const current = settings.find((setting) => setting.key === "contactRecipients");
      if (current?.version !== 0) return;
      const recipients = settingDefaults.contactRecipients;
      await updateContactRecipients(system(settingsAt), {
        version: 0,
        ...recipients,
        training: [...recipients.training, "certification@densara.example"],
      });
    },
  });

  // People.
  demoPeople.forEach((person, index) => {
    const home = person.organization ? demoOrganizations.findIndex((demo) => demo.key === person.organization) : -1;
    const country = demoOrganizations[home]?.details.country;
    const hours = workingHours(country);
    const request: RequestInfo = {
      address: networkAddress(home, country),
      userAgent: must(demoBrowsers[person.browser], `browser ${person.browser}`),
    };
    const moment = (daysAgo: number) =>
      at(daysAgo, hours.from + Math.floor(random() * (hours.to - hours.from)), Math.floor(random() * 60));

    if (person.status === "invited") {
      const invitedAt = moment(person.joinedDaysAgo);
      steps.push({
        at: invitedAt,
        run: async () => {
          const organizationId = person.organization ? organizationRow(person.organization).id : null;
          await inviteUser(system(invitedAt), {
            email: person.email,
            name: person.name,
            role: person.role,
            organizationId,
          });
        },
      });
      return;
    }

    const joinedAt = moment(person.joinedDaysAgo);
    const signIns = signInTimes(person, hours, random, at, now);
    const lastSignIn = signIns.at(-1) ?? joinedAt;
    // Admins are named in ADMIN_EMAILS; everyone else arrives as a viewer (as upsertUserFromClaims decides).
    const firstRole = person.role === "admin" ? "admin" : "viewer";
    steps.push({
      at: joinedAt,
      run: async () => {
        // Direct insert: a person who has signed in has no domain operation (see the top of this file).
        const [user] = await tx
          .insert(users)
          .values({
            issuer: demoIssuer,
            subject: `demo-${String(index + 1).padStart(2, "0")}`,
            email: person.email,
            name: person.name,
            role: firstRole,
            status: "active",
            colorMode: person.colorMode ?? "system",
            lastLoginAt: lastSignIn,
            createdAt: joinedAt,
            updatedAt: joinedAt,
          })
          .returning();
        if (!user) throw new Error(`demo data: ${person.email} was not saved`);
        userRows.set(person.email, user);
        await recordActivity(tx, {
          actor: actorFor(user, "session"),
          request,
          at: joinedAt,
          action: "user.firstSignIn",
          entry: { target: userEntity.targetOf(user), after: { role: user.role, status: user.status } },
        });
      },
    });

    if (person.organization) {
      const organizationKey = person.organization;
      const addedAt = new Date(joinedAt.getTime() + 70 * minute);
      steps.push({
        at: addedAt,
        run: async () => {
          const user = userRow(person.email);
          const updated = await changeUserOrganization(system(addedAt), {
            id: user.id,
            version: user.version,
            organizationId: organizationRow(organizationKey).id,
          });
          userRows.set(person.email, updated);
        },
      });
    }

    if (person.promotedDaysAgo !== undefined) {
      const promotedAt = new Date(Math.max(moment(person.promotedDaysAgo).getTime(), joinedAt.getTime() + 2 * hour));
      steps.push({
        at: promotedAt,
        run: async () => {
          const user = userRow(person.email);
          const updated = await changeUserRole(system(promotedAt), {
            id: user.id,
            version: user.version,
            role: person.role,
          });
          userRows.set(person.email, updated);
        },
      });
    }

    if (person.colorMode) {
      const chosenAt = new Date(joinedAt.getTime() + day + 25 * minute);
      steps.push({
        at: chosenAt,
        run: async () => {
          const user = userRow(person.email);
          await recordActivity(tx, {
            actor: actorFor(user, "session"),
            request,
            at: chosenAt,
            action: "user.updatePreferences",
            entry: {
              target: userEntity.targetOf(user),
              before: { colorMode: "system" },
              after: { colorMode: person.colorMode },
            },
          });
        },
      });
    }

    for (const signedInAt of signIns) {
      steps.push({
        at: signedInAt,
        run: async () => {
          const user = userRow(person.email);
          await recordActivity(tx, {
            actor: actorFor(user, "session"),
            request,
            at: signedInAt,
            action: "user.signIn",
            entry: { target: userEntity.targetOf(user) },
          });
        },
      });
    }

    if (person.disabledDaysAgo !== undefined) {
      const disabledAt = at(person.disabledDaysAgo, 16, 5);
      steps.push({
        at: disabledAt,
        run: async () => {
          const user = userRow(person.email);
          const updated = await disableUser(system(disabledAt), { id: user.id, version: user.version });
          userRows.set(person.email, updated);
        },
      });
    }
  });

  // The software history: releases of both scanners, with their files.
  steps.push(...releaseSteps(at, system));
  // The documentation a technician reads, a page a day.
  steps.push(...docSteps(at, system));
  // The public forms, sent as visitors send them and handled by the demo's admins.
  const forms: FormStoryContexts = {
    visitor: (moment: Date, address: string): DomainContext => ({
      ...system(moment),
      actor: null,
      request: { address, userAgent: must(demoBrowsers[0], "browser 0") },
    }),
    as: (moment: Date, user: User): DomainContext => ({ ...system(moment), actor: actorFor(user, "session") }),
    ticket,
  };
  // The contact form's messages, and what the team did with them.
  steps.push(...inquirySteps(at, forms, userRow));

  // Operators' applications for certification, and how far each went.
  steps.push(
    ...applicationSteps(
      at,
      forms,
      userRow,
      (name) =>
        must(
          [...organizationRows.values()].find((organization) => organization.name === name),
          `organization ${name}`,
        ).id,
    ),
  );

  // The story in time order; steps at the same moment keep the order they were planned in.
  return steps
    .map((step, order) => ({ step, order }))
    .sort((a, b) => a.step.at.getTime() - b.step.at.getTime() || a.order - b.order)
    .map(({ step }) => step);
}

/** The certification an organization had when it was added. */
function initialCertification(
  demo: DemoOrganization,
  at: (daysAgo: number, utcHour: number, utcMinute?: number) => Date,
): { certificationStatus: Organization["certificationStatus"]; certifiedUntil: string | null } {
  const certification = demo.certification;
  switch (certification.status) {
    case "certified":
      return "untilInDays" in certification
        ? { certificationStatus: "certified", certifiedUntil: isoDate(at(-certification.untilInDays, 0)) }
        : { certificationStatus: "in_training", certifiedUntil: null };
    case "lapsed":
      // Certified until the day before it was marked lapsed.
      return { certificationStatus: "certified", certifiedUntil: isoDate(at(certification.lapsedDaysAgo + 1, 0)) };
    case "in_training":
    case "not_certified":
      return { certificationStatus: certification.status, certifiedUntil: null };
  }
}

/** What happened to an organization after it was added: an edit, a certification, a listing. */
function organizationStory(
  demo: DemoOrganization,
  at: (daysAgo: number, utcHour: number, utcMinute?: number) => Date,
  system: (moment: Date) => DomainContext,
  rows: Map<string, Organization>,
): Step[] {
  const steps: Step[] = [];
  const current = () => must(rows.get(demo.key), `organization ${demo.key}`);
  const update = (moment: Date, change: (organization: Organization) => Promise<Organization>) => {
    steps.push({
      at: moment,
      run: async () => {
        rows.set(demo.key, await change(current()));
      },
    });
  };
  if (demo.edit) {
    const moment = at(demo.edit.daysAgo, 17, 20);
    update(moment, (organization) =>
      updateOrganization(system(moment), {
        id: organization.id,
        version: organization.version,
        ...demo.details,
        publicListing: organization.publicListing,
        certificationStatus: organization.certificationStatus,
        certifiedUntil: organization.certifiedUntil,
      }),
    );
  }
  const certification = demo.certification;
  if (certification.status === "certified" && "certifiedDaysAgo" in certification) {
    const moment = at(certification.certifiedDaysAgo, 18, 15);
    update(moment, (organization) =>
      certifyOrganization(system(moment), {
        id: organization.id,
        version: organization.version,
        certificationStatus: "certified",
        // Certification runs for two years.
        certifiedUntil: isoDate(new Date(moment.getTime() + 730 * day)),
      }),
    );
  }
  if (certification.status === "lapsed") {
    const moment = at(certification.lapsedDaysAgo, 14, 30);
    update(moment, (organization) =>
      certifyOrganization(system(moment), {
        id: organization.id,
        version: organization.version,
        certificationStatus: "lapsed",
        certifiedUntil: organization.certifiedUntil,
      }),
    );
  }
  if (demo.listing.changedDaysAgo !== undefined) {
    const moment = at(demo.listing.changedDaysAgo, 19, 45);
    update(moment, (organization) =>
      setPublicListing(system(moment), {
        id: organization.id,
        version: organization.version,
        publicListing: demo.listing.listed,
      }),
    );
  }
  return steps;
}

/** Documentation addresses (RFC 5737): one network per organization, another for Densara's office. */
function networkAddress(organizationIndex: number, country: string | undefined): string {
  if (organizationIndex < 0) return "192.0.2.40";
  const network = country === "US" || country === "CA" ? "198.51.100" : "203.0.113";
  return `${network}.${10 + organizationIndex}`;
}

/** The days after someone joined on which they signed in, by habit, up to a few minutes ago. */
function signInTimes(
  person: DemoPerson,
  hours: { from: number; to: number },
  random: () => number,
  at: (daysAgo: number, utcHour: number, utcMinute?: number) => Date,
  now: Date,
): Date[] {
  const chances = habits[person.habit];
  const last = person.disabledDaysAgo === undefined ? 0 : person.disabledDaysAgo + 1;
  const times: Date[] = [];
  for (let daysAgo = person.joinedDaysAgo - 1; daysAgo >= last; daysAgo--) {
    const weekday = at(daysAgo, 12).getUTCDay();
    const chance = weekday === 0 || weekday === 6 ? chances.weekend : chances.weekday;
    // Drawn every day whatever comes of it, so the story is the same whatever the hour of seeding.
    const roll = random();
    const moment = at(daysAgo, hours.from + Math.floor(random() * (hours.to - hours.from)), Math.floor(random() * 60));
    if (roll < chance && moment.getTime() < now.getTime() - 5 * minute) times.push(moment);
  }
  return times;
}
