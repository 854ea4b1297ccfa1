import { SubmitButton } from "../../../components/dashboard/submit-button.tsx";
import type { ReactNode } from "react";
import { CsrfField } from "../../../components/dashboard/portal-context.tsx";

/** One part of your settings, with its heading; the page's contents link to it by `id`. */
export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="grid min-w-0 scroll-mt-24 gap-4 rounded-2xl p-6 ring-1 ring-gray-200 dark:ring-gray-800"
    >
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {title}
        </h2>
        {description ? <p className="text-base text-gray-700 dark:text-gray-300">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** A form's submit button, which says it is saving while its form is on its way. */
export function Submit({ intent, children }: { intent: string; children: ReactNode }) {
  return (
    <div>
      <SubmitButton intent={intent}>{children}</SubmitButton>
    </div>
  );
}

/** The hidden fields of a form about your own row: which form, which row, at which version. */
export function RowFields({ intent, user }: { intent: string; user: { id: string; version: number } }) {
  return (
    <>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={user.id} />
      <input type="hidden" name="version" value={user.version} />
    </>
  );
}
