import { SubmitButton } from "../../../components/dashboard/submit-button.tsx";
import { Form } from "react-router";
import { CsrfField } from "../../../components/dashboard/portal-context.tsx";
import { SearchPicker } from "../../../components/dashboard/search-picker.tsx";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Field, FormAlert, SelectInput } from "../../../components/ui/field.tsx";
import type { ActionFailure } from "../../../lib/action-failure.ts";
import { findOrganizations } from "../../../components/dashboard/finders.ts";
import { optionsOf } from "../../../lib/graphql.ts";
import { roleChoices } from "./words.ts";

/** Invites someone by email, with a role and, if they belong to one, their organization. */
export default function InviteDialog({
  failure,
  onClose,
}: {
  failure: ActionFailure | undefined;
  onClose: () => void;
}) {
  const values = failure?.values ?? {};
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Invite a person"
      description="They get an email with a link to sign in. The invitation works for 7 days."
    >
      <Form preventScrollReset method="post" className="grid gap-5" noValidate>
        <CsrfField />
        <input type="hidden" name="intent" value="invite" />
        <FormAlert message={failure ? failure.message : undefined} />
        <Field
          label="Email address"
          name="email"
          type="email"
          autoComplete="off"
          required
          defaultValue={values.email ?? ""}
          error={failure?.fields.email}
        />
        <Field
          label="Name"
          hint="Optional: they can change it later."
          name="name"
          defaultValue={values.name ?? ""}
          error={failure?.fields.name}
        />
        <SelectInput
          label="Role"
          name="role"
          options={optionsOf(roleChoices)}
          defaultValue={values.role ?? "viewer"}
          error={failure?.fields.role}
        />
        <SearchPicker
          label="Organization"
          hint="Optional: type part of its name or city."
          emptyFields={{ organizationId: "" }}
          noneLabel="No organization"
          find={findOrganizations}
          error={failure?.fields.organizationId}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={buttonClasses("secondary", "md")} onClick={onClose}>
            Cancel
          </button>
          <SubmitButton intent="invite" pendingLabel="Sending…">
            Send invitation
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
