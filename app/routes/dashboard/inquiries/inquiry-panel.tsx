import { Mail, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { failureFor } from "../../../components/dashboard/action-feedback.tsx";
import { ConfirmForm } from "../../../components/dashboard/confirm-form.tsx";
import { CsrfField, usePortal } from "../../../components/dashboard/portal-context.tsx";
import { RelativeTime } from "../../../components/dashboard/relative-time.tsx";
import { SubmitButton } from "../../../components/dashboard/submit-button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { FormAlert, SelectInput, TextAreaInput } from "../../../components/ui/field.tsx";
import type { ActionFailure } from "../../../lib/action-failure.ts";
import { can } from "../../../lib/portal/nav.ts";
import { formatDateTime } from "../../../lib/format.ts";
import type { ResultOf } from "../../../lib/graphql.ts";
import { InquiryStatus } from "./inquiry-row.tsx";
import type { InquiryDetails } from "./queries.ts";
import { productLabels, topicLabels } from "./words.ts";

export type Details = NonNullable<ResultOf<typeof InquiryDetails>["inquiry"]>;

const linkClasses = "inline-flex items-center gap-1.5 font-semibold text-bdblue-700 underline dark:text-bdblue-300";

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-gray-700 dark:text-gray-300">{term}</dt>
      <dd className="text-base text-gray-950 dark:text-white">{children}</dd>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="grid gap-3 border-t border-gray-200 pt-5 first:border-0 first:pt-0 dark:border-gray-800"
    >
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * One message in a side panel: who wrote and how to answer them, what they wrote, who has
 * it and where it stands, the team's notes, and (for admins) deleting the person's data.
 * Each form saves at once, at the version the panel shows.
 */
export default function InquiryPanel({
  inquiry,
  assignees,
  now,
  failure,
  onClose,
}: {
  inquiry: Details;
  assignees: readonly { id: string; name: string }[];
  now: string;
  failure: ActionFailure | undefined;
  onClose: () => void;
}) {
  const { capabilities } = usePortal();
  const where = [inquiry.region, inquiry.countryName].filter(Boolean).join(", ");
  const closed = inquiry.status === "closed";
  const replySubject = encodeURIComponent(
    `Re: your message to Densara${inquiry.reference ? ` (${inquiry.reference})` : ""}`,
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={inquiry.name}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          <InquiryStatus status={inquiry.status} />
          {topicLabels[inquiry.topic]}
          {inquiry.reference ? <span className="font-mono">{inquiry.reference}</span> : null}
        </span>
      }
      variant="side"
    >
      <div className="grid gap-6">
        <Section id="inquiry-from" title="From">
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact term="Organization">{inquiry.organization}</Fact>
            <Fact term="Where">{where}</Fact>
            <Fact term="Email">
              <a className={linkClasses} href={`mailto:${inquiry.email}?subject=${replySubject}`}>
                <Mail aria-hidden="true" className="size-4" />
                {inquiry.email}
              </a>
            </Fact>
            <Fact term="Phone">
              {inquiry.phone ? (
                <a className={linkClasses} href={`tel:${inquiry.phone.replace(/[^+0-9]/g, "")}`}>
                  <Phone aria-hidden="true" className="size-4" />
                  {inquiry.phone}
                </a>
              ) : (
                "Not given"
              )}
            </Fact>
            <Fact term="Product">
              {productLabels[inquiry.product]}
              {inquiry.serialNumber ? `, serial number ${inquiry.serialNumber}` : ""}
            </Fact>
            <Fact term="Received">
              <RelativeTime iso={inquiry.createdAt} now={now} />
            </Fact>
          </dl>
        </Section>

        <Section id="inquiry-message" title="Message">
          <p className="rounded-xl bg-gray-50 p-4 text-base whitespace-pre-wrap ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800">
            {inquiry.message}
          </p>
        </Section>

        {inquiry.can.assign || inquiry.can.setStatus ? (
          <Section id="inquiry-handling" title="Who has it">
            {inquiry.can.assign ? (
              <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-3">
                <CsrfField />
                <input type="hidden" name="intent" value="assign" />
                <input type="hidden" name="id" value={inquiry.id} />
                <input type="hidden" name="version" value={inquiry.version} />
                <div className="min-w-56 flex-1">
                  <SelectInput
                    key={`${inquiry.id}-${inquiry.version}`}
                    label="Assigned to"
                    name="assigneeId"
                    defaultValue={inquiry.assigneeId ?? ""}
                    options={[
                      { value: "", label: "Nobody yet" },
                      ...assignees.map(({ id, name }) => ({ value: id, label: name })),
                    ]}
                    error={failureFor(failure, "assign")?.fields.assigneeId}
                  />
                </div>
                <SubmitButton intent="assign" id={inquiry.id} variant="secondary" pendingLabel="Assigning…">
                  Assign
                </SubmitButton>
              </Form>
            ) : null}
            {inquiry.can.setStatus ? (
              <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-3">
                <CsrfField />
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="id" value={inquiry.id} />
                <input type="hidden" name="version" value={inquiry.version} />
                <input type="hidden" name="status" value={closed ? "in_progress" : "closed"} />
                <p className="text-base text-gray-700 dark:text-gray-300">
                  {closed
                    ? `Closed ${inquiry.closedAt ? formatDateTime(inquiry.closedAt) : ""}.`
                    : "Close it once the person has their answer."}
                </p>
                <SubmitButton
                  intent="status"
                  id={inquiry.id}
                  variant={closed ? "secondary" : "primary"}
                  pendingLabel={closed ? "Reopening…" : "Closing…"}
                >
                  {closed ? "Reopen" : "Close inquiry"}
                </SubmitButton>
              </Form>
            ) : null}
            <FormAlert message={failureFor(failure, "assign")?.message ?? failureFor(failure, "status")?.message} />
          </Section>
        ) : null}

        <Section
          id="inquiry-notes"
          title={`Notes for the team${inquiry.notes.length ? ` (${inquiry.notes.length})` : ""}`}
        >
          {inquiry.notes.length === 0 ? (
            <p className="text-base text-gray-700 dark:text-gray-300">
              No notes yet. The person who wrote never sees them.
            </p>
          ) : (
            <ol className="grid gap-3">
              {inquiry.notes.map((note) => (
                <li key={note.id} className="rounded-xl p-3 ring-1 ring-gray-200 dark:ring-gray-800">
                  <p className="text-sm text-gray-700 dark:text-gray-300">
                    <span className="font-semibold text-gray-950 dark:text-white">{note.authorLabel}</span>,{" "}
                    <RelativeTime iso={note.createdAt} now={now} />
                  </p>
                  <p className="mt-1 text-base whitespace-pre-wrap">{note.body}</p>
                </li>
              ))}
            </ol>
          )}
          {inquiry.can.note ? (
            <Form method="post" preventScrollReset className="grid gap-3" key={`note-${inquiry.version}`}>
              <CsrfField />
              <input type="hidden" name="intent" value="note" />
              <input type="hidden" name="id" value={inquiry.id} />
              <input type="hidden" name="version" value={inquiry.version} />
              <TextAreaInput
                label="Add a note"
                name="body"
                rows={3}
                maxLength={5000}
                defaultValue={failureFor(failure, "note")?.values.body}
                error={failureFor(failure, "note")?.fields.body}
              />
              <FormAlert
                message={failureFor(failure, "note")?.fields.body ? undefined : failureFor(failure, "note")?.message}
              />
              <div>
                <SubmitButton intent="note" id={inquiry.id} variant="secondary" pendingLabel="Adding…">
                  Add note
                </SubmitButton>
              </div>
            </Form>
          ) : null}
        </Section>

        {can(capabilities, "inquiry", "forgetPerson") ? (
          <section
            aria-labelledby="inquiry-forget"
            className="grid gap-3 rounded-xl border border-red-300 p-4 dark:border-red-800"
          >
            <h3 id="inquiry-forget" className="text-lg font-semibold text-red-800 dark:text-red-200">
              Delete this person&apos;s data
            </h3>
            <p className="text-base text-gray-700 dark:text-gray-300">
              When {inquiry.name} asks us to forget them: every message and certification application from{" "}
              {inquiry.email} is deleted, with the notes, and their name and address leave the activity log. The log
              keeps that a deletion happened.
            </p>
            <FormAlert message={failureFor(failure, "forget")?.message} />
            <div>
              <ConfirmForm
                fields={{ intent: "forget", email: inquiry.email }}
                label="Delete everything from this person"
                pendingLabel="Deleting…"
                title={`Delete everything from ${inquiry.email}?`}
                description="This cannot be undone."
                confirmLabel="Delete their data"
              />
            </div>
          </section>
        ) : null}
      </div>
    </Dialog>
  );
}
