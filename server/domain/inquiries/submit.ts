import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { settings } from "../../db/schema/index.ts";
import { guardPublicForm } from "../core/public-form.ts";
import { settingOf } from "../settings/entity.ts";
import { inquiryEntity, type Inquiry } from "./entity.ts";
import { inquiryFields, supportTopics } from "./fields.ts";
import { mailConfirmation, mailRecipients } from "./mail.ts";

/** Letters and digits no one misreads on the phone (no 0/O, 1/I/L). */
const referenceAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export function newReference(): string {
  let code = "";
  for (let i = 0; i < 6; i++) code += referenceAlphabet.charAt(randomInt(referenceAlphabet.length));
  return `SR-${code}`;
}

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
    await guardPublicForm(scope, input);

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
