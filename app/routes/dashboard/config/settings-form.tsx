import { SubmitButton } from "../../../components/dashboard/submit-button.tsx";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { CsrfField } from "../../../components/dashboard/portal-context.tsx";
import { FormAlert } from "../../../components/ui/field.tsx";
import type { ActionFailure } from "../../../lib/action-failure.ts";
import { formatDateTime } from "../../../lib/format.ts";

export type SavedGroup = {
  version: number;
  updatedAt: string | null;
  updatedBy: { name: string | null; email: string | null } | null;
};

/** One group of settings: its form, saved on its own at the version it was read, and who saved it last. */
export function SettingsForm({
  id,
  title,
  description,
  intent,
  group,
  failure,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  intent: string;
  group: SavedGroup;
  failure: ActionFailure | undefined;
  children: ReactNode;
}) {
  const by = group.updatedBy?.name ?? group.updatedBy?.email;
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-2xl p-6 ring-1 ring-gray-200 dark:ring-gray-800">
      <div className="grid gap-1">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="text-base text-gray-700 dark:text-gray-300">{description}</p>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {group.updatedAt
            ? `Last saved ${formatDateTime(group.updatedAt)}${by ? ` by ${by}` : ""}.`
            : "Never saved: these are the defaults."}
        </p>
      </div>
      <Form preventScrollReset method="post" className="grid gap-5" noValidate>
        <CsrfField />
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="version" value={group.version} />
        <FormAlert message={failure?.message} />
        {children}
        <div>
          <SubmitButton intent={intent}>Save {title.toLowerCase()}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

/** What a field shows: what was typed into a form that failed, else what is saved. */

/** A saved instant as a datetime-local field shows it, in UTC as the form says. */
export function localInstant(iso: string | null): string {
  return iso ? iso.slice(0, 16) : "";
}

/** A list field's message: about the list, or about one of its items ("sales.1"). */
export function listError(failure: ActionFailure | undefined, name: string): string | undefined {
  return Object.entries(failure?.fields ?? {}).find(([path]) => path === name || path.startsWith(`${name}.`))?.[1];
}
