import { productLabelsBy } from "../../../shared/product-line.ts";
import type { Database } from "../../db/client.ts";
import { enqueueMail, mailLine } from "../../mail/outbox.ts";
import { countryName } from "../organizations/fields.ts";
import type { Inquiry } from "./entity.ts";
import type { InquiryTopic } from "./fields.ts";

const topicLabels: Record<InquiryTopic, string> = {
  sales: "a sales quote",
  support: "technical support",
  service: "service or a repair",
  billing: "billing",
  general: "something else",
};

const productLabels: Record<Inquiry["product"], string> = {
  ...productLabelsBy((product) => product.name),
  unsure: "not sure",
};

/**
 * The visitor's confirmation. It does not repeat the message: anyone can type any address
 * into the form, and the site must not carry a stranger's words to it.
 */
export async function mailConfirmation(db: Database, inquiry: Inquiry): Promise<void> {
  await enqueueMail(db, {
    to: inquiry.email,
    subject: inquiry.reference ? `Your request ${inquiry.reference} reached Densara` : "Your message reached Densara",
    text: [
      `Hello ${mailLine(inquiry.name)},`,
      "",
      `Thank you for writing to us about ${topicLabels[inquiry.topic]}.`,
      inquiry.reference
        ? `Your reference is ${inquiry.reference}. Please quote it when you write or call about this request.`
        : "",
      "",
      "Our team works weekdays from 8:00 am to 5:00 pm Central Time and replies within one or two business days.",
      "For anything urgent, call +1 608 555 0142.",
      "",
      "If you did not send this message, you can ignore this email: we will not write again about it.",
    ]
      .filter((line, index, lines) => line !== "" || lines[index - 1] !== "")
      .join("\n"),
  });
}

/**
 * The team's copy: everything the visitor sent, and where to answer it. Each of the
 * visitor's values stays on its own labelled line (`mailLine`), and their message comes
 * last, after the link, so nothing they wrote can pass for a line of ours.
 */
export async function mailRecipients(
  db: Database,
  inquiry: Inquiry,
  recipients: readonly string[],
  inboxUrl: URL,
): Promise<void> {
  const details = [
    `From: ${mailLine(inquiry.name)} <${mailLine(inquiry.email)}>${inquiry.phone ? `, ${mailLine(inquiry.phone)}` : ""}`,
    `Organization: ${mailLine(inquiry.organization)}`,
    `Where: ${mailLine([inquiry.region, countryName(inquiry.country)].filter(Boolean).join(", "))}`,
    `Product: ${productLabels[inquiry.product]}${inquiry.serialNumber ? `, serial number ${mailLine(inquiry.serialNumber)}` : ""}`,
    ...(inquiry.reference ? [`Reference: ${inquiry.reference}`] : []),
  ];
  for (const to of recipients) {
    await enqueueMail(db, {
      to,
      subject: `New inquiry about ${topicLabels[inquiry.topic]}${inquiry.reference ? ` (${inquiry.reference})` : ""}: ${inquiry.name}`,
      text: [...details, `Answer it in the inbox: ${inboxUrl.href}`, "", "Their message:", "", inquiry.message].join(
        "\n",
      ),
    });
  }
}
