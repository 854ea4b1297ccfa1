import type { FormTicketCheck, RateLimit, RequestInfo, DomainPorts } from "./context.ts";
import { ValidationError } from "./errors.ts";

/** How often one person may send a public form: generous for people, tight for a script. */
export const publicFormLimits = {
  perAddress: { limit: 10, windowS: 60 * 60 },
  perEmail: { limit: 5, windowS: 60 * 60 },
} as const satisfies Record<string, RateLimit>;

export const ticketMessages: Record<Exclude<FormTicketCheck, "fresh">, string> = {
  "too-soon":
    "That was quicker than anyone can fill in the form, so it was not sent. Check your message, then send it again.",
  expired: "This form was open for a long time, so it was not sent. Check your message, then send it again.",
  invalid: "This form could not be checked, so it was not sent. Send it again; if this keeps happening, call us.",
};

const tooManyMessage =
  "We have received several messages from you in the last hour, so this one was not sent. Please wait an hour, or call us on +1 608 555 0142.";

/**
 * A public form's guards, before anything is kept (ADR 028): the hidden field a person
 * never fills, the ticket of when the form was given out, then the limits per network
 * address and per typed email address (counted in the write's transaction).
 */
export async function guardPublicForm(
  scope: {
    now: Date;
    request: RequestInfo;
    ports: DomainPorts;
    limit: (rule: RateLimit, message: string, bucket?: string, who?: string) => Promise<void>;
  },
  input: { website?: string | undefined; ticket: string; email: string },
): Promise<void> {
  if (input.website) {
    throw new ValidationError({
      "": "This message looked automated, so it was not sent. If you are a person, please call us on +1 608 555 0142.",
    });
  }
  const ticket = scope.ports.formTickets.check(input.ticket, scope.now);
  if (ticket !== "fresh") throw new ValidationError({ "": ticketMessages[ticket] });
  // Counted per form (the entity names the counter) and per person.
  await scope.limit(
    publicFormLimits.perAddress,
    tooManyMessage,
    "publicForm",
    `address:${scope.request.address ?? "unknown"}`,
  );
  await scope.limit(publicFormLimits.perEmail, tooManyMessage, "publicForm", `email:${input.email}`);
}
