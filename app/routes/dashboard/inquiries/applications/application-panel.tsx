import type { ReactNode } from "react";
import { Form } from "react-router";
import { failureFor } from "../../../../components/dashboard/action-feedback.tsx";
import { CsrfField } from "../../../../components/dashboard/portal-context.tsx";
import { RelativeTime } from "../../../../components/dashboard/relative-time.tsx";
import { SearchPicker } from "../../../../components/dashboard/search-picker.tsx";
import { SubmitButton } from "../../../../components/dashboard/submit-button.tsx";
import { Dialog } from "../../../../components/ui/dialog.tsx";
import { CheckboxInput, Field, FormAlert, TextAreaInput } from "../../../../components/ui/field.tsx";
import type { ActionFailure } from "../../../../lib/action-failure.ts";
import { findOrganizations } from "../../../../components/dashboard/finders.ts";
import { formatDate } from "../../../../lib/format.ts";
import type { ResultOf } from "../../../../lib/graphql.ts";
import { certificationLabels } from "../../organizations/words.ts";
import { productLabels } from "../words.ts";
import type { ApplicationDetails, LinkedOrganization } from "./queries.ts";
import { ApplicationStatus } from "./status.tsx";
import { formatLabels } from "./words.ts";

export type Details = NonNullable<ResultOf<typeof ApplicationDetails>["certificationApplication"]>;
type Organization = NonNullable<ResultOf<typeof LinkedOrganization>["organization"]>;

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

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-gray-700 dark:text-gray-300">{term}</dt>
      <dd className="text-base text-gray-950 dark:text-white">{children}</dd>
    </div>
  );
}

/** The hidden fields of a form about this application, at the version the panel shows. */
function Target({ intent, application }: { intent: string; application: Details }) {
  return (
    <>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={application.id} />
      <input type="hidden" name="version" value={application.version} />
    </>
  );
}

/**
 * One application in a side panel: who applied and how they would like to be trained,
 * the organization it is matched to, and the steps it may take next (from the server),
 * each a small form that mails the applicant.
 */
export default function ApplicationPanel({
  application,
  organization,
  now,
  failure,
  onClose,
}: {
  application: Details;
  organization: Organization | null;
  now: string;
  failure: ActionFailure | undefined;
  onClose: () => void;
}) {
  const steps = new Set(application.nextSteps);
  const stepFailure = (intent: string) => failureFor(failure, intent);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={application.name}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          <ApplicationStatus status={application.status} />
          {application.jobTitle} at {application.organizationName}
        </span>
      }
      variant="side"
    >
      <div className="grid gap-6">
        <Section id="application-from" title="The applicant">
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact term="Email">
              <a
                className="font-semibold text-bdblue-700 underline dark:text-bdblue-300"
                href={`mailto:${application.email}`}
              >
                {application.email}
              </a>
            </Fact>
            <Fact term="Phone">{application.phone ?? "Not given"}</Fact>
            <Fact term="Where">{[application.region, application.countryName].filter(Boolean).join(", ")}</Fact>
            <Fact term="System">{productLabels[application.product]}</Fact>
            <Fact term="Training">{formatLabels[application.trainingFormat]}</Fact>
            <Fact term="Preferred dates">{application.preferredDates || "Not given"}</Fact>
            <Fact term="Received">
              <RelativeTime iso={application.createdAt} now={now} />
            </Fact>
            {application.scheduledFor ? <Fact term="Course date">{formatDate(application.scheduledFor)}</Fact> : null}
          </dl>
          {application.message ? (
            <p className="rounded-xl bg-gray-50 p-4 text-base whitespace-pre-wrap ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800">
              {application.message}
            </p>
          ) : null}
          {application.declinedReason ? (
            <p className="text-base">
              <span className="font-semibold">Declined: </span>
              {application.declinedReason}
            </p>
          ) : null}
        </Section>

        <Section id="application-organization" title="Organization">
          <p className="text-base text-gray-700 dark:text-gray-300">
            {organization
              ? `Matched to ${organization.name}, ${organization.city} (${certificationLabels[organization.certificationStatus].toLowerCase()}${organization.certifiedUntil ? ` until ${formatDate(organization.certifiedUntil)}` : ""}).`
              : `They wrote “${application.organizationName}”. Match it to an organization before certifying: certifying the operator certifies it.`}
          </p>
          {application.can.link && application.status !== "certified" ? (
            <Form method="post" preventScrollReset className="grid gap-3">
              <Target intent="link" application={application} />
              <FormAlert message={failureFor(failure, "link")?.message} />
              <SearchPicker
                label="Organization"
                hint="Type part of its name or city; clear it for none."
                emptyFields={{ organizationId: "" }}
                noneLabel="No organization"
                initial={
                  organization
                    ? { key: organization.id, fields: { organizationId: organization.id }, label: organization.name }
                    : null
                }
                find={findOrganizations}
                error={failureFor(failure, "link")?.fields.organizationId}
              />
              <div>
                <SubmitButton intent="link" id={application.id} variant="secondary" pendingLabel="Matching…">
                  Match organization
                </SubmitButton>
              </div>
            </Form>
          ) : null}
        </Section>

        <Section id="application-next" title="Next step">
          {steps.size === 0 ? (
            <p className="text-base">
              {application.status === "certified" ? "Certified" : "Declined"}
              {application.decidedAt ? ` ${formatDate(application.decidedAt)}` : ""}. Nothing more to do.
            </p>
          ) : null}
          <FormAlert
            message={(["schedule", "complete", "certify", "decline"] as const)
              .map((intent) => stepFailure(intent)?.message)
              .find(Boolean)}
          />
          {application.can.setStatus && steps.has("scheduled") ? (
            <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-3">
              <Target intent="schedule" application={application} />
              <input type="hidden" name="status" value="scheduled" />
              <div className="min-w-48">
                <Field
                  label={application.status === "scheduled" ? "New course date" : "Course date"}
                  name="scheduledFor"
                  type="date"
                  required
                  defaultValue={stepFailure("schedule")?.values.scheduledFor ?? application.scheduledFor ?? ""}
                  error={stepFailure("schedule")?.fields.scheduledFor}
                />
              </div>
              <SubmitButton intent="schedule" id={application.id} pendingLabel="Scheduling…">
                {application.status === "scheduled" ? "Change the date" : "Schedule the course"}
              </SubmitButton>
            </Form>
          ) : null}
          {application.can.setStatus && steps.has("completed") ? (
            <Form method="post" preventScrollReset>
              <Target intent="complete" application={application} />
              <input type="hidden" name="status" value="completed" />
              <SubmitButton intent="complete" id={application.id} variant="secondary" pendingLabel="Saving…">
                Course and assessment completed
              </SubmitButton>
            </Form>
          ) : null}
          {application.can.setStatus && steps.has("certified") ? (
            <Form method="post" preventScrollReset className="grid gap-3">
              <Target intent="certify" application={application} />
              <input type="hidden" name="status" value="certified" />
              <CheckboxInput
                label="List the organization on the public locations page"
                hint="Only if they have agreed to be listed."
                name="listPublicly"
                defaultChecked={organization?.publicListing ?? false}
              />
              <div>
                <SubmitButton intent="certify" id={application.id} pendingLabel="Certifying…">
                  Certify the operator
                </SubmitButton>
              </div>
            </Form>
          ) : null}
          {application.can.setStatus && steps.has("declined") ? (
            <Form method="post" preventScrollReset className="grid gap-3">
              <Target intent="decline" application={application} />
              <input type="hidden" name="status" value="declined" />
              <TextAreaInput
                label="Why it cannot go ahead"
                hint="The applicant reads this in their email."
                name="declinedReason"
                rows={3}
                maxLength={1000}
                defaultValue={stepFailure("decline")?.values.declinedReason}
                error={stepFailure("decline")?.fields.declinedReason}
              />
              <div>
                <SubmitButton intent="decline" id={application.id} variant="danger" pendingLabel="Declining…">
                  Decline the application
                </SubmitButton>
              </div>
            </Form>
          ) : null}
        </Section>
      </div>
    </Dialog>
  );
}
