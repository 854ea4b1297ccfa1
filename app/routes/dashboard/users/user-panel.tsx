import type { ReactNode } from "react";
import { Activity } from "lucide-react";
import { Form, Link } from "react-router";
import { failureFor } from "../../../components/dashboard/action-feedback.tsx";
import { ConfirmForm } from "../../../components/dashboard/confirm-form.tsx";
import { CsrfField, usePortal } from "../../../components/dashboard/portal-context.tsx";
import { SearchPicker } from "../../../components/dashboard/search-picker.tsx";
import { SessionList } from "../../../components/dashboard/session-list.tsx";
import { SubmitButton } from "../../../components/dashboard/submit-button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { FormAlert, SelectInput } from "../../../components/ui/field.tsx";
import type { ActionFailure } from "../../../lib/action-failure.ts";
import { findOrganizations } from "../../../components/dashboard/finders.ts";
import { formatDateTime, personName, withArticle } from "../../../lib/format.ts";
import { optionsOf, type ResultOf } from "../../../lib/graphql.ts";
import type { UserDetails } from "./queries.ts";
import { StatusBadge } from "./user-row.tsx";
import { roleChoices } from "./words.ts";

type Details = NonNullable<ResultOf<typeof UserDetails>["user"]>;

/** The hidden fields of a form about this person's row: which row, at which version. */
function Row({ intent, user }: { intent: string; user: Details }) {
  return (
    <>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={user.id} />
      <input type="hidden" name="version" value={user.version} />
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** One person, beside the list: what the server says the viewer may do to them, and nothing else. */
export default function UserPanel({
  user,
  failure,
  onClose,
}: {
  user: Details;
  failure: ActionFailure | undefined;
  onClose: () => void;
}) {
  const { viewer, capabilities } = usePortal();
  const label = personName(user);
  const rowCan = user.can;
  const values = (intent: string) => failureFor(failure, intent)?.values;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={label}
      description={user.email ?? undefined}
      variant="side"
    >
      <div className="grid gap-8">
        <dl className="grid grid-cols-[9rem_1fr] gap-x-4 gap-y-2 text-base">
          <dt className="font-semibold">Status</dt>
          <dd>
            <StatusBadge status={user.status} />
          </dd>
          <dt className="font-semibold">Role</dt>
          <dd>{withArticle(user.role)}</dd>
          <dt className="font-semibold">Organization</dt>
          <dd>{user.organization?.name ?? "None"}</dd>
          <dt className="font-semibold">Last sign-in</dt>
          <dd>{formatDateTime(user.lastSignInAt)}</dd>
          <dt className="font-semibold">Known since</dt>
          <dd>{formatDateTime(user.createdAt)}</dd>
          {user.status === "invited" ? (
            <>
              <dt className="font-semibold">Invitation</dt>
              <dd>Works until {formatDateTime(user.invitationExpiresAt)}</dd>
            </>
          ) : null}
        </dl>
        {capabilities.activity?.read === "all" ? (
          <Link
            to={`/dashboard/admin/activity?actor=${user.id}`}
            className="inline-flex items-center gap-2 justify-self-start font-semibold text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300"
          >
            <Activity aria-hidden="true" className="size-4" />
            What {user.id === viewer.id ? "you have" : `${label} has`} done in the portal
          </Link>
        ) : null}

        {rowCan.resendInvitation || rowCan.delete ? (
          <Section id="invitation" title="Invitation">
            <FormAlert message={failureFor(failure, "resend")?.message ?? failureFor(failure, "cancel")?.message} />
            <div className="flex flex-wrap gap-3">
              {rowCan.resendInvitation ? (
                <Form preventScrollReset method="post">
                  <Row intent="resend" user={user} />
                  <SubmitButton intent="resend" id={user.id} variant="secondary" pendingLabel="Sending…">
                    Send it again
                  </SubmitButton>
                </Form>
              ) : null}
              {rowCan.delete ? (
                <ConfirmForm
                  fields={{ intent: "cancel", id: user.id, version: user.version }}
                  label="Cancel the invitation"
                  pendingLabel="Cancelling…"
                  title={`Cancel the invitation to ${label}?`}
                  description="The link in their email stops working. You can invite them again later."
                  confirmLabel="Cancel the invitation"
                  cancelLabel="Keep the invitation"
                />
              ) : null}
            </div>
          </Section>
        ) : null}

        <Section id="role" title="Permissions">
          {rowCan.changeRole ? (
            <Form preventScrollReset method="post" className="grid gap-3">
              <Row intent="changeRole" user={user} />
              <FormAlert message={failureFor(failure, "changeRole")?.message} />
              <SelectInput
                label="Role"
                name="role"
                options={optionsOf(roleChoices)}
                defaultValue={values("changeRole")?.role ?? user.role}
                error={failureFor(failure, "changeRole")?.fields.role}
              />
              <div>
                <SubmitButton intent="changeRole" id={user.id}>
                  Change role
                </SubmitButton>
              </div>
            </Form>
          ) : (
            <p className="text-base">
              {user.id === viewer.id
                ? `You are ${withArticle(user.role)}. Another admin can change your role.`
                : `${label} is ${withArticle(user.role)}.`}
            </p>
          )}
        </Section>

        {rowCan.changeGrants && user.role !== "admin" ? (
          <Section id="duties" title="Duties">
            <Form preventScrollReset method="post" className="grid gap-3" key={`grants-${user.version}`}>
              <Row intent="changeGrants" user={user} />
              <FormAlert message={failureFor(failure, "changeGrants")?.message} />
              <div className="flex items-start gap-3">
                <input
                  id={`grant-inquiries-${user.id}`}
                  type="checkbox"
                  name="grants"
                  value="inquiries"
                  defaultChecked={user.grants.includes("inquiries")}
                  aria-describedby={`grant-inquiries-${user.id}-hint`}
                  className="mt-1 size-5 shrink-0 accent-bdblue-600 dark:accent-bdblue-400"
                />
                <div className="grid gap-0.5">
                  <label htmlFor={`grant-inquiries-${user.id}`} className="text-base font-semibold">
                    Answers inquiries
                  </label>
                  <p id={`grant-inquiries-${user.id}-hint`} className="text-sm text-gray-600 dark:text-gray-300">
                    Reads, assigns, notes and closes the contact form&apos;s messages: personal data. Admins always can.
                  </p>
                </div>
              </div>
              <div>
                <SubmitButton intent="changeGrants" id={user.id} variant="secondary">
                  Save duties
                </SubmitButton>
              </div>
            </Form>
          </Section>
        ) : null}

        {rowCan.changeOrganization ? (
          <Section id="organization" title="Organization">
            <Form preventScrollReset method="post" className="grid gap-3">
              <Row intent="changeOrganization" user={user} />
              <FormAlert message={failureFor(failure, "changeOrganization")?.message} />
              <SearchPicker
                label="Belongs to"
                hint="Type part of an organization's name or city; clear it for none."
                emptyFields={{ organizationId: "" }}
                noneLabel="No organization"
                initial={
                  user.organization
                    ? {
                        key: user.organization.id,
                        fields: { organizationId: user.organization.id },
                        label: user.organization.name,
                      }
                    : null
                }
                find={findOrganizations}
                error={failureFor(failure, "changeOrganization")?.fields.organizationId}
              />
              <div>
                <SubmitButton intent="changeOrganization" id={user.id}>
                  Save the organization
                </SubmitButton>
              </div>
            </Form>
          </Section>
        ) : null}

        {rowCan.disable || rowCan.enable ? (
          <Section id="access" title="Access">
            <FormAlert message={failureFor(failure, "disable")?.message ?? failureFor(failure, "enable")?.message} />
            {rowCan.enable ? (
              <Form preventScrollReset method="post">
                <Row intent="enable" user={user} />
                <SubmitButton intent="enable" id={user.id} pendingLabel="Enabling…">
                  Enable {label}
                </SubmitButton>
              </Form>
            ) : (
              <ConfirmForm
                fields={{ intent: "disable", id: user.id, version: user.version }}
                label={`Disable ${label}`}
                pendingLabel="Disabling…"
                title={`Disable ${label}?`}
                description="They are signed out of every browser at once and cannot sign in until you enable them again. Their personal access tokens are revoked for good: enabling them later does not bring the tokens back."
                confirmLabel="Disable"
              />
            )}
          </Section>
        ) : null}

        {user.status !== "invited" ? (
          <Section id="sessions" title="Signed-in browsers">
            <FormAlert message={failureFor(failure, "revokeSession")?.message} />
            {user.sessions.length === 0 ? (
              <p className="text-base text-gray-700 dark:text-gray-300">None right now.</p>
            ) : (
              <SessionList
                sessions={user.sessions}
                canRevoke={rowCan.revokeSession}
                showSignedIn={false}
                consequence={`${label} will have to sign in again there.`}
              />
            )}
          </Section>
        ) : null}
      </div>
    </Dialog>
  );
}
