import type { ReactNode } from "react";
import type { ActionFailure } from "../../lib/action-failure.ts";
import { countryOptions } from "../../../shared/places/countries.ts";
import { alertClasses } from "../ui/alert.ts";
import { Button } from "../ui/button.tsx";
import { cn } from "../ui/cn.ts";
import { CheckboxInput, Field, SelectInput } from "../ui/field.tsx";

/** What a refused form shows again: the words typed, and the server's message for each field. */
export function publicFormState(failure: ActionFailure | undefined) {
  return {
    value: (name: string) => failure?.values[name],
    error: (name: string) => failure?.fields[name],
  };
}

/**
 * The frame of a public form (ADR 028): a plain form that posts to its page and works
 * without JavaScript, the page's enhancement module (app/enhance/public-form.ts) reading
 * its `data-sent-*` words for the thanks that replaces it. Around the form's own fields:
 * the form's message after a refusal, the hidden field no person fills (`website`, a bot's
 * tell), the ticket of when the page was served, and the button.
 */
export function PublicForm({
  id,
  page,
  sent,
  ticket,
  failure,
  submitLabel,
  className,
  children,
}: {
  id: string;
  page: string;
  sent: { path: string; title: string; toast: string; body: string };
  ticket: string;
  failure: ActionFailure | undefined;
  submitLabel: string;
  className?: string;
  children: ReactNode;
}) {
  const formError = failure ? (failure.fields[""] ?? failure.message) : undefined;
  return (
    <form
      id={id}
      method="post"
      action={`${page}#${id}`}
      data-public-form=""
      data-sent-path={sent.path}
      data-sent-title={sent.title}
      data-sent-toast={sent.toast}
      data-sent-body={sent.body}
      className={cn("grid max-w-3xl gap-6", className)}
    >
      {formError ? (
        <div role="alert" data-form-alert="error" tabIndex={-1} className={alertClasses.error}>
          {formError}
        </div>
      ) : null}
      <p className="text-base text-gray-700 dark:text-gray-300">
        Every field is needed unless it says <span className="font-semibold">optional</span>.
      </p>
      {children}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <input type="hidden" name="ticket" value={ticket} />
      <div>
        <Button type="submit" size="lg">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Fields both public forms ask for, with the same words and limits. */
export function EmailField({ failure }: { failure: ActionFailure | undefined }) {
  const { value, error } = publicFormState(failure);
  return (
    <Field
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      required
      maxLength={320}
      defaultValue={value("email")}
      error={error("email")}
    />
  );
}

export function PlaceFields({ failure }: { failure: ActionFailure | undefined }) {
  const { value, error } = publicFormState(failure);
  return (
    <>
      <SelectInput
        label="Country"
        name="country"
        autoComplete="country"
        required
        options={[{ value: "", label: "Choose a country" }, ...countryOptions()]}
        defaultValue={value("country") ?? ""}
        error={error("country")}
      />
      <Field
        label="State or region (optional)"
        name="region"
        autoComplete="address-level1"
        maxLength={120}
        defaultValue={value("region")}
        error={error("region")}
      />
    </>
  );
}

export function ConsentField({
  label,
  hint,
  failure,
}: {
  label: string;
  hint: string;
  failure: ActionFailure | undefined;
}) {
  const { value, error } = publicFormState(failure);
  return (
    <CheckboxInput
      label={label}
      hint={hint}
      name="consentToContact"
      required
      defaultChecked={value("consentToContact")?.split("\n").includes("true")}
      error={error("consentToContact")}
    />
  );
}
