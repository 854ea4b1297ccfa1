import type { FormStoryContexts, Step, StoryClock } from "./story.ts";
import {
  addInquiryNote,
  assignInquiry,
  setInquiryStatus,
  submitInquiry,
  type Inquiry,
} from "../domain/inquiries/index.ts";
import type { User } from "../domain/users/index.ts";

/**
 * The contact form's messages of the demo: who wrote (fictional people at fictional
 * addresses), what about, and what the team did with them, so the inbox opens with work
 * in every state. Each is sent as a visitor would send it (the domain's own operation,
 * its ticket from the demo's own port), then handled by a demo admin.
 */

type DemoInquiry = {
  daysAgo: number;
  hour: number;
  topic: Inquiry["topic"];
  product: Inquiry["product"];
  name: string;
  email: string;
  phone?: string;
  organization: string;
  country: string;
  region: string;
  serialNumber?: string;
  message: string;
  /** A demo admin (by email) who took it, a note, and whether it was closed. */
  handled?: { by: string; afterHours: number; note?: string; closed?: boolean };
};

const demoInquiries: DemoInquiry[] = [
  {
    daysAgo: 12,
    hour: 15,
    topic: "sales",
    product: "unsure",
    name: "Helen Marsh",
    email: "helen.marsh@example.net",
    organization: "Marsh Family Pharmacy",
    country: "US",
    region: "Iowa",
    message:
      "We would like to offer bone screening days in our pharmacy. Which model suits a small shop with one room, and can it run on a counter?",
    handled: {
      by: "amara.osei@example.com",
      afterHours: 3,
      note: "Sent the v5 brochure and the counter-top specs; she will call after the owners meet.",
      closed: true,
    },
  },
  {
    daysAgo: 9,
    hour: 14,
    topic: "general",
    product: "unsure",
    name: "Dr. Tomás Ibarra",
    email: "t.ibarra@example.edu",
    organization: "Universidad del Norte, Dept. of Physiology",
    country: "CL",
    region: "Antofagasta",
    message:
      "Our group studies bone health in high-altitude mining communities. Do you lend units for research, or share anonymised reference data?",
    handled: { by: "daniel.kowalczyk@example.com", afterHours: 20, note: "Passed to the research team.", closed: true },
  },
  {
    daysAgo: 6,
    hour: 16,
    topic: "service",
    product: "v4",
    name: "Grace Whitfield",
    email: "grace.whitfield@example.org",
    phone: "+1 555 010 4471",
    organization: "Whitfield Women's Health",
    country: "US",
    region: "Ohio",
    serialNumber: "D4-100233",
    message: "Our v4 is due for its yearly calibration check. Could a technician come in the week of the 14th?",
    handled: {
      by: "daniel.kowalczyk@example.com",
      afterHours: 2,
      note: "Visit booked for Tuesday, 9 am. Loan unit not needed.",
      closed: true,
    },
  },
  {
    daysAgo: 3,
    hour: 13,
    topic: "sales",
    product: "v5",
    name: "Kwame Asante",
    email: "kwame.asante@example.com",
    phone: "+44 20 7946 0321",
    organization: "Mobile Health Screening Ltd",
    country: "GB",
    region: "London",
    message:
      "We run screening days at workplaces and need three portable units with batteries. Please send a quote including the battery packs and carry cases.",
    handled: {
      by: "amara.osei@example.com",
      afterHours: 4,
      note: "Quote drafted; waiting for the UK distributor's price on the carry cases.",
    },
  },
  {
    daysAgo: 2,
    hour: 10,
    topic: "billing",
    product: "v5",
    name: "Sofia Lindqvist",
    email: "sofia.lindqvist@example.se",
    organization: "Norrland Ortopedklinik",
    country: "SE",
    region: "Västerbotten",
    serialNumber: "D5-301877",
    message: "Could you send a copy of the invoice for our service plan renewal? Our accounts team cannot find it.",
  },
  {
    daysAgo: 1,
    hour: 15,
    topic: "support",
    product: "v5",
    name: "Ruth Okafor",
    email: "ruth.okafor@example.com",
    phone: "+1 555 010 2233",
    organization: "Lakeside Bone Clinic",
    country: "US",
    region: "Wisconsin",
    serialNumber: "D5-204117",
    message:
      "Since this morning our v5 stops at the calibration step with message E41. We restarted it twice. Patients are booked from 2 pm.",
    handled: {
      by: "daniel.kowalczyk@example.com",
      afterHours: 1,
      note: "Called back: E41 is the lid sensor. Part on its way.",
    },
  },
  {
    daysAgo: 1,
    hour: 21,
    topic: "support",
    product: "v4",
    name: "Pieter de Vries",
    email: "p.devries@example.nl",
    organization: "Fysiotherapie Centrum Oost",
    country: "NL",
    region: "Gelderland",
    serialNumber: "D4-088120",
    message: "The export to our practice records system fails with 'connection refused' since we changed our network.",
  },
];

export function inquirySteps(at: StoryClock, contexts: FormStoryContexts, userRow: (email: string) => User): Step[] {
  const steps: Step[] = [];
  demoInquiries.forEach((demo, index) => {
    const sentAt = at(demo.daysAgo, demo.hour, 7 + index * 3);
    let sent: Inquiry | undefined;
    steps.push({
      at: sentAt,
      run: async () => {
        const visitor = contexts.visitor(sentAt, `203.0.113.${20 + index}`);
        sent = await submitInquiry(visitor, {
          topic: demo.topic,
          name: demo.name,
          email: demo.email,
          phone: demo.phone ?? null,
          organization: demo.organization,
          country: demo.country,
          region: demo.region,
          product: demo.product,
          serialNumber: demo.serialNumber ?? null,
          message: demo.message,
          consentToContact: true,
          // Filled in over a few minutes, as a person would.
          ticket: contexts.ticket(new Date(sentAt.getTime() - 4 * 60_000)),
        });
      },
    });
    const handled = demo.handled;
    if (!handled) return;
    const takenAt = new Date(sentAt.getTime() + handled.afterHours * 3_600_000);
    steps.push({
      at: takenAt,
      run: async () => {
        if (!sent) throw new Error(`demo data: the message from ${demo.name} was not sent`);
        const context = contexts.as(takenAt, userRow(handled.by));
        let inquiry = await assignInquiry(context, {
          id: sent.id,
          version: sent.version,
          assigneeId: context.actor?.id,
        });
        if (handled.note) {
          inquiry = (await addInquiryNote(context, { id: inquiry.id, version: inquiry.version, body: handled.note }))
            .inquiry;
        }
        if (handled.closed) {
          await setInquiryStatus(context, { id: inquiry.id, version: inquiry.version, status: "closed" });
        }
      },
    });
  });
  return steps;
}

/** The addresses the demo's visitors wrote from: their mail is part of the fiction and never goes out. */
export const demoInquiryEmails: readonly string[] = demoInquiries.map((demo) => demo.email);
