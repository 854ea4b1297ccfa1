import {
  applyForCertification,
  linkApplicationOrganization,
  setApplicationStatus,
  type CertificationApplication,
} from "../domain/certification/index.ts";
import type { FormStoryContexts, Step, StoryClock } from "./story.ts";
import type { User } from "../domain/users/index.ts";

/**
 * The Get Certified applications of the demo: fictional operators at the demo's own
 * organizations, one new, one with a course booked, one assessed and waiting for the
 * certificate, so the inbox's second tab opens with work in every state. Sent as a
 * visitor sends them, then moved along by a demo admin through the domain's own steps.
 */

type DemoApplication = {
  daysAgo: number;
  hour: number;
  name: string;
  email: string;
  organizationName: string;
  jobTitle: string;
  country: string;
  region: string;
  product: "v4" | "v5" | "unsure";
  trainingFormat: CertificationApplication["trainingFormat"];
  preferredDates: string;
  message?: string;
  /** The demo organization it is matched to (by name), and how far it went. */
  handled?: {
    by: string;
    afterHours: number;
    organization: string;
    courseInDays: number;
    completed?: { afterDays: number };
  };
};

const demoApplications: DemoApplication[] = [
  {
    daysAgo: 21,
    hour: 14,
    name: "Priya Raman",
    email: "priya.raman@example.net",
    organizationName: "Maple Hollow Community Health Centre",
    jobTitle: "Registered practical nurse",
    country: "CA",
    region: "Ontario",
    product: "v4",
    trainingFormat: "on_site",
    preferredDates: "Any weekday morning in the first half of the month",
    handled: {
      by: "amara.osei@example.com",
      afterHours: 20,
      organization: "Maple Hollow Community Health Centre",
      courseInDays: -9,
      completed: { afterDays: 13 },
    },
  },
  {
    daysAgo: 8,
    hour: 16,
    name: "Marcus Bell",
    email: "marcus.bell@example.net",
    organizationName: "Northfield Orthopedic & Sports Clinic",
    jobTitle: "Radiologic technologist",
    country: "US",
    region: "MN",
    product: "v5",
    trainingFormat: "training_centre",
    preferredDates: "Early next month; two colleagues would like to come too",
    handled: {
      by: "daniel.kowalczyk@example.com",
      afterHours: 26,
      organization: "Northfield Orthopedic & Sports Clinic",
      courseInDays: 12,
    },
  },
  {
    daysAgo: 1,
    hour: 9,
    name: "Elena Vasquez",
    email: "elena.vasquez@example.net",
    organizationName: "Desert Willow Wellness Center",
    jobTitle: "Wellness coordinator",
    country: "US",
    region: "AZ",
    product: "unsure",
    trainingFormat: "online",
    preferredDates: "",
    message:
      "We are thinking of buying a system for our residents' health days. Can staff without a clinical background be certified?",
  },
];

/** The applicants' addresses: their mail is part of the fiction and never goes out. */
export const demoApplicantEmails = demoApplications.map((application) => application.email);

export function applicationSteps(
  at: StoryClock,
  contexts: FormStoryContexts,
  userRow: (email: string) => User,
  organizationId: (name: string) => string,
): Step[] {
  const steps: Step[] = [];
  demoApplications.forEach((demo, index) => {
    const sentAt = at(demo.daysAgo, demo.hour, 11 + index * 4);
    let sent: CertificationApplication | undefined;
    steps.push({
      at: sentAt,
      run: async () => {
        sent = await applyForCertification(contexts.visitor(sentAt, `203.0.113.${60 + index}`), {
          name: demo.name,
          email: demo.email,
          phone: null,
          organizationName: demo.organizationName,
          jobTitle: demo.jobTitle,
          country: demo.country,
          region: demo.region,
          product: demo.product,
          trainingFormat: demo.trainingFormat,
          preferredDates: demo.preferredDates,
          message: demo.message ?? null,
          consentToContact: true,
          ticket: contexts.ticket(new Date(sentAt.getTime() - 6 * 60_000)),
        });
      },
    });
    const handled = demo.handled;
    if (!handled) return;
    const takenAt = new Date(sentAt.getTime() + handled.afterHours * 3_600_000);
    steps.push({
      at: takenAt,
      run: async () => {
        if (!sent) throw new Error(`demo data: the application from ${demo.name} was not sent`);
        const context = contexts.as(takenAt, userRow(handled.by));
        const linked = await linkApplicationOrganization(context, {
          id: sent.id,
          version: sent.version,
          organizationId: organizationId(handled.organization),
        });
        const courseDay = new Date(takenAt.getTime() + (demo.daysAgo * 24 + handled.courseInDays * 24) * 3_600_000);
        sent = await setApplicationStatus(context, {
          id: linked.id,
          version: linked.version,
          status: "scheduled",
          scheduledFor: courseDay.toISOString().slice(0, 10),
        });
      },
    });
    const completed = handled.completed;
    if (!completed) return;
    const doneAt = new Date(takenAt.getTime() + completed.afterDays * 24 * 3_600_000);
    steps.push({
      at: doneAt,
      run: async () => {
        if (!sent) throw new Error(`demo data: the application from ${demo.name} was not scheduled`);
        sent = await setApplicationStatus(contexts.as(doneAt, userRow(handled.by)), {
          id: sent.id,
          version: sent.version,
          status: "completed",
        });
      },
    });
  });
  return steps;
}
