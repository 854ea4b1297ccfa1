import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { settings } from "../../db/schema/index.ts";
import type { RateLimit } from "../core/context.ts";
import { ValidationError } from "../core/errors.ts";
import { settingOf } from "../settings/entity.ts";
import { inquiryEntity, type Inquiry } from "./entity.ts";
import { inquiryFields, supportTopics } from "./fields.ts";
import { mailConfirmation, mailRecipients } from "./mail.ts";

/**
 * How often one person may write: generous for people (a follow-up, a colleague at the
 * same address), tight for a script. Counted per network address and per email address.
 */
export const inquiryLimits = {
  perAddress: { limit: 10, windowS: 60 * 60 },
  perEmail: { limit: 5, windowS: 60 * 60 },
} as const satisfies Record<string, RateLimit>;

const tooMany =
  "We have received several messages from you in the last hour, so this one was not sent. Please wait an hour, or call us on +1 608 555 0142.";

/** Letters and digits no one misreads on the phone (no 0/O, 1/I/L). */
const referenceAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export function newReference(): string {
  let code = "";
  for (let i = 0; i < 6; i++) code += referenceAlphabet.charAt(randomInt(referenceAlphabet.length));
  return `SR-${code}`;
}

export const ticketMessages = {
  "too-soon":
    "That was quicker than anyone can fill in the form, so it was not sent. Check your message, then send it again.",
  expired: "This form was open for a long time, so it was not sent. Check your message, then send it again.",
  invalid: "This form could not be checked, so it was not sent. Send it again; if this keeps happening, call us.",
} as const;

/**
 * A message from the contact form. Bots are turned away without bothering people: a
 * hidden field a person never fills, a ticket that says when the form was given out
 * (too soon or too late is refused with a sentence and the form kept), and rate limits.
 * Then the inquiry is kept, the visitor gets a confirmation and the topic's recipients a copy.
 */
export const submitInquiry = inquiryEntity.publicWrite({
  operation: "submit",
  doing: "send a message",
  input: z.object(inquiryFields),
  run: async (scope, input): Promise<Inquiry> => {
    if (input.website) {
      throw new ValidationError({
        "": "This message looked automated, so it was not sent. If you are a person, please call us on +1 608 555 0142.",
      });
    }
    const ticket = scope.ports.formTickets.check(input.ticket, scope.now);
    if (ticket !== "fresh") throw new ValidationError({ "": ticketMessages[ticket] });
    const address = scope.request.address ?? "unknown";
    await scope.limit(inquiryLimits.perAddress, tooMany, "submit", `address:${address}`);
    await scope.limit(inquiryLimits.perEmail, tooMany, "submit", `email:${input.email}`);

    const { website: _website, ticket: _ticket, ...fields } = input;
    const inquiry = await scope.insert({
      ...fields,
      serialNumber: supportTopics.has(input.topic) ? fields.serialNumber : null,
      reference: supportTopics.has(input.topic) ? newReference() : null,
      createdAt: scope.now,
      updatedAt: scope.now,
    });
    // Only what says what kind of message it was: the log outlives the message's personal data.
    await scope.audit({ row: inquiry, after: { topic: inquiry.topic, product: inquiry.product } });

    const [stored] = await scope.tx.select().from(settings).where(eq(settings.key, "contactRecipients"));
    const recipients = settingOf("contactRecipients", stored).value[inquiry.topic];
    await mailConfirmation(scope.tx, inquiry);
    await mailRecipients(
      scope.tx,
      inquiry,
      recipients,
      new URL(`/dashboard/admin/inquiries?selected=${inquiry.id}`, scope.ports.publicUrl),
    );
    return inquiry;
  },
});
