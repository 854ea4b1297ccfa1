import type { Database } from "../../db/client.ts";
import { enqueueMail, mailLine } from "../../mail/outbox.ts";
import type { CertificationApplication } from "./entity.ts";

const formatWords: Record<CertificationApplication["trainingFormat"], string> = {
  online: "online, by video call",
  on_site: "at your site",
  training_centre: "at our training centre in Madison",
};

function longDate(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** What the applicant is told at each step; nothing repeats what they wrote in the form. */
function words(application: CertificationApplication): { subject: string; lines: string[] } {
  switch (application.status) {
    case "applied":
      return {
        subject: "Your application for Densara operator certification",
        lines: [
          "Thank you for applying for Densara operator certification.",
          "Our training team will write to you within two business days to agree a course date.",
        ],
      };
    case "scheduled":
      return {
        subject: "Your Densara operator course is booked",
        lines: [
          `Your course is booked for ${application.scheduledFor ? longDate(application.scheduledFor) : "the date we agreed"}, ${formatWords[application.trainingFormat]}.`,
          "Before then, please work through the six online modules; your trainer will check your progress at the start.",
        ],
      };
    case "completed":
      return {
        subject: "You have completed the Densara operator course",
        lines: [
          "You have completed the course and the practical assessment. Well done.",
          "We are checking the last details and will send your certificate shortly.",
        ],
      };
    case "certified":
      return {
        subject: "You are a certified Densara operator",
        lines: [
          "Congratulations: you are now a certified Densara operator.",
          "Certification is valid for two years; we will remind you before it is due for renewal.",
        ],
      };
    case "declined":
      return {
        subject: "Your application for Densara operator certification",
        lines: [
          "We are sorry: we cannot go ahead with your application at this time.",
          ...(application.declinedReason ? ["", application.declinedReason] : []),
          "",
          "If you have questions, reply to this message or call +1 608 555 0150.",
        ],
      };
  }
}

export async function mailApplicant(db: Database, application: CertificationApplication): Promise<void> {
  const { subject, lines } = words(application);
  await enqueueMail(db, {
    to: application.email,
    subject,
    text: [`Hello ${mailLine(application.name)},`, "", ...lines, "", "The Densara training team"].join("\n"),
  });
}

/** The training team's copy of a new application. */
export async function mailTrainingTeam(
  db: Database,
  application: CertificationApplication,
  recipients: readonly string[],
  inboxUrl: URL,
): Promise<void> {
  for (const to of recipients) {
    await enqueueMail(db, {
      to,
      subject: `New certification application: ${application.name}, ${application.organizationName}`,
      // The applicant's values on their own labelled lines, their message last (as the contact form's copy).
      text: [
        `From: ${mailLine(application.name)} <${mailLine(application.email)}>${application.phone ? `, ${mailLine(application.phone)}` : ""}`,
        `Role: ${mailLine(application.jobTitle)} at ${mailLine(application.organizationName)}`,
        `Product: ${application.product}; training ${formatWords[application.trainingFormat]}`,
        `Preferred dates: ${mailLine(application.preferredDates) || "not given"}`,
        `See it in the inbox: ${inboxUrl.href}`,
        ...(application.message ? ["", "Their message:", "", application.message] : []),
      ].join("\n"),
    });
  }
}
