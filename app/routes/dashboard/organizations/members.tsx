import { SubmitButton } from "../../../components/dashboard/submit-button.tsx";
import { personName } from "../../../lib/format.ts";
import { useMemo } from "react";
import { Form } from "react-router";
import { failureFor } from "../../../components/dashboard/action-feedback.tsx";
import { ConfirmForm } from "../../../components/dashboard/confirm-form.tsx";
import { CsrfField } from "../../../components/dashboard/portal-context.tsx";
import { SearchPicker } from "../../../components/dashboard/search-picker.tsx";
import { FormAlert } from "../../../components/ui/field.tsx";
import type { ActionFailure } from "../../../lib/action-failure.ts";
import { peopleFinder } from "../../../components/dashboard/finders.ts";
import type { ResultOf } from "../../../lib/graphql.ts";
import type { OrganizationDetails } from "./queries.ts";

type Details = NonNullable<ResultOf<typeof OrganizationDetails>["organization"]>;

/** Who belongs to the organization: remove anyone, or find a person (by name or address) to add. */
export function Members({ organization, failure }: { organization: Details; failure: ActionFailure | undefined }) {
  const find = useMemo(() => peopleFinder(organization.id), [organization.id]);
  const adding = failureFor(failure, "addMember");
  return (
    <section aria-labelledby="members" className="grid gap-4">
      {/* The tab names the section on screen; the heading names it for a screen reader's list of headings. */}
      <h3 id="members" className="sr-only">
        Members
      </h3>
      <FormAlert message={failureFor(failure, "removeMember")?.message} />
      {organization.members.length === 0 ? (
        <p className="text-base text-gray-700 dark:text-gray-300">No one belongs to it yet.</p>
      ) : (
        <ul className="grid gap-2">
          {organization.members.map((member) => {
            const label = personName(member);
            return (
              <li
                key={member.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl px-4 py-2 ring-1 ring-gray-200 dark:ring-gray-800"
              >
                <span>
                  <span className="font-semibold">{label}</span>
                  <span className="block text-sm text-gray-700 capitalize dark:text-gray-300">{member.role}</span>
                </span>
                {member.can.changeOrganization ? (
                  <ConfirmForm
                    fields={{ intent: "removeMember", id: member.id, version: member.version, organizationId: "" }}
                    label="Remove"
                    pendingLabel="Removing…"
                    accessibleLabel={`Remove ${label}`}
                    title={`Remove ${label} from ${organization.name}?`}
                    description="Their account stays; they just no longer belong to this organization."
                    confirmLabel="Remove"
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <Form preventScrollReset method="post" className="grid gap-3">
        <CsrfField />
        <input type="hidden" name="intent" value="addMember" />
        <input type="hidden" name="organizationId" value={organization.id} />
        <FormAlert message={adding?.message} />
        <SearchPicker
          label="Add a member"
          hint="Type part of their name or email address. Someone in another organization moves to this one."
          emptyFields={{ id: "", version: "" }}
          find={find}
          error={adding?.fields.id ?? adding?.fields.version}
        />
        <div>
          <SubmitButton intent="addMember" variant="secondary" pendingLabel="Adding…">
            Add the member
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
