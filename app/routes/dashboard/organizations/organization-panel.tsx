import * as Tabs from "@radix-ui/react-tabs";
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { failureFor } from "../../../components/dashboard/action-feedback.tsx";
import { ConfirmForm } from "../../../components/dashboard/confirm-form.tsx";
import { SubmitButton } from "../../../components/dashboard/submit-button.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { FormAlert } from "../../../components/ui/field.tsx";
import type { ActionFailure } from "../../../lib/action-failure.ts";
import { formatCount } from "../../../lib/format.ts";
import { Members } from "./members.tsx";
import { isContactField, OrganizationForm, type Details } from "./organization-form.tsx";
import { kindLabels } from "./words.ts";

type Tab = "details" | "contacts" | "members" | "danger";

/** The tab that shows what went wrong: the form's tab holding the first bad field, or the failed form's own. */
function tabFor(failure: ActionFailure | undefined): Tab | null {
  if (!failure) return null;
  if (failure.intent === "addMember" || failure.intent === "removeMember") return "members";
  if (failure.intent === "delete") return "danger";
  if (failure.intent !== "create" && failure.intent !== "update") return null;
  const fields = Object.keys(failure.fields);
  return fields.length > 0 && fields.every(isContactField) ? "contacts" : "details";
}

const tabClasses =
  "inline-flex min-h-11 shrink-0 items-center gap-1.5 border-b-2 border-transparent px-2.5 sm:gap-2 sm:px-3 text-sm font-semibold whitespace-nowrap text-gray-700 hover:text-gray-950 focus-visible:outline-2 focus-visible:-outline-offset-2 data-[state=active]:border-bdblue-600 data-[state=active]:text-gray-950 dark:text-gray-300 dark:hover:text-white dark:data-[state=active]:border-bdblue-300 dark:data-[state=active]:text-white";

function Count({ children }: { children: ReactNode }) {
  return (
    <span className="rounded-full bg-gray-100 px-1.5 text-xs text-gray-800 tabular-nums dark:bg-gray-800 dark:text-gray-200">
      {children}
    </span>
  );
}

/**
 * One organization (or a new one) in a side panel, in tabs: details, contacts, members
 * and the danger zone. Details and contacts are one form, saved by the bar at the foot of
 * the panel, which stays in view and says when something is not saved yet; closing with
 * unsaved changes asks first. Members are added and removed one at a time, each saved at
 * once.
 */
export default function OrganizationPanel({
  organization,
  failure,
  onClose,
}: {
  organization: Details | null;
  failure: ActionFailure | undefined;
  onClose: () => void;
}) {
  const formId = useId();
  const [tab, setTab] = useState<Tab>(() => tabFor(failure) ?? "details");
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const keepEditing = useRef<HTMLButtonElement>(null);
  const onDirtyChange = useCallback((next: boolean) => {
    setDirty(next);
    if (!next) setAsking(false);
  }, []);

  // A new answer from the server shows the tab it is about.
  const [answered, setAnswered] = useState(failure);
  if (failure !== answered) {
    setAnswered(failure);
    const next = tabFor(failure);
    if (next) setTab(next);
  }
  useEffect(() => {
    if (asking) keepEditing.current?.focus();
  }, [asking]);

  const requestClose = () => {
    if (dirty) setAsking(true);
    else onClose();
  };
  const intent = organization ? "update" : "create";
  const formTab = tab === "details" || tab === "contacts";
  const editable = organization ? organization.can.update : true;

  const saveBar = asking ? (
    <div role="group" aria-labelledby={`${formId}-ask`} className="flex flex-wrap items-center justify-between gap-3">
      <p id={`${formId}-ask`} className="text-base font-semibold">
        Discard your unsaved changes?
      </p>
      <div className="flex flex-wrap gap-3">
        <Button ref={keepEditing} variant="secondary" onClick={() => setAsking(false)}>
          Keep editing
        </Button>
        <Button variant="dangerSolid" onClick={onClose}>
          Discard changes
        </Button>
      </div>
    </div>
  ) : formTab || dirty ? (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300" aria-live="polite">
        {dirty ? (
          <>
            <span aria-hidden="true" className="size-2 rounded-full bg-amber-500" />
            Unsaved changes{formTab ? "" : " in details or contacts"}
          </>
        ) : organization ? (
          "No unsaved changes"
        ) : (
          "Name and city are required"
        )}
      </p>
      <SubmitButton intent={intent} id={organization?.id} form={formId}>
        {organization ? "Save changes" : "Add the organization"}
      </SubmitButton>
    </div>
  ) : null;

  return (
    <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)} className="contents">
      <Dialog
        open
        onOpenChange={(open) => !open && requestClose()}
        title={organization?.name ?? "Add an organization"}
        description={organization ? kindLabels[organization.kind] : undefined}
        variant="side"
        toolbar={
          <Tabs.List
            aria-label={organization ? `About ${organization.name}` : "The new organization"}
            className="flex overflow-x-auto px-1.5 sm:px-4"
          >
            <Tabs.Trigger value="details" className={tabClasses}>
              Details
            </Tabs.Trigger>
            <Tabs.Trigger value="contacts" className={tabClasses}>
              Contacts
              {organization && organization.contacts.length > 0 ? <Count>{organization.contacts.length}</Count> : null}
            </Tabs.Trigger>
            {organization ? (
              <Tabs.Trigger value="members" className={tabClasses}>
                Members <Count>{organization.members.length}</Count>
              </Tabs.Trigger>
            ) : null}
            {organization?.can.delete ? (
              <Tabs.Trigger
                value="danger"
                className={cn(
                  tabClasses,
                  "text-red-700 data-[state=active]:border-red-600 data-[state=active]:text-red-800 dark:text-red-300 dark:data-[state=active]:border-red-400 dark:data-[state=active]:text-red-200",
                )}
              >
                Danger zone
              </Tabs.Trigger>
            ) : null}
          </Tabs.List>
        }
        footer={editable ? saveBar : null}
      >
        {!editable ? (
          <p className="mb-6 text-base text-gray-700 dark:text-gray-300">
            You can see this organization but not change it.
          </p>
        ) : null}
        <OrganizationForm
          key={organization?.version ?? "new"}
          id={formId}
          organization={organization}
          failure={failureFor(failure, intent)}
          onDirtyChange={onDirtyChange}
          readOnly={!editable}
        />
        {organization ? (
          <Tabs.Content value="members" className="focus-visible:outline-2 focus-visible:outline-offset-4">
            <Members organization={organization} failure={failure} />
          </Tabs.Content>
        ) : null}
        {organization?.can.delete ? (
          <Tabs.Content value="danger" className="focus-visible:outline-2 focus-visible:outline-offset-4">
            <DangerZone organization={organization} failure={failure} />
          </Tabs.Content>
        ) : null}
      </Dialog>
    </Tabs.Root>
  );
}

function DangerZone({ organization, failure }: { organization: Details; failure: ActionFailure | undefined }) {
  const members = organization.members.length;
  return (
    <section
      aria-labelledby="delete-organization"
      className="grid gap-3 rounded-xl border border-red-300 p-4 dark:border-red-800"
    >
      <h3 id="delete-organization" className="text-lg font-semibold text-red-800 dark:text-red-200">
        Delete this organization
      </h3>
      <p className="text-base text-gray-700 dark:text-gray-300">
        {members === 0
          ? "No one belongs to it."
          : members === 1
            ? "Its one member keeps their account, without an organization."
            : `All ${formatCount(members, "member keeps", "members keep")} their accounts, without an organization.`}{" "}
        It disappears from the public locations page at once. The activity log keeps a record of it.
      </p>
      <FormAlert message={failureFor(failure, "delete")?.message} />
      <div>
        <ConfirmForm
          fields={{ intent: "delete", id: organization.id, version: organization.version }}
          label={`Delete ${organization.name}`}
          pendingLabel="Deleting…"
          title={`Delete ${organization.name}?`}
          description="This cannot be undone. The activity log keeps a record of it."
          confirmLabel="Delete"
        />
      </div>
    </section>
  );
}
