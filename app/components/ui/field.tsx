import { useEffect, useId, useRef, type ComponentProps, type ReactNode } from "react";
import { alertClasses } from "./alert.ts";
import { cn } from "./cn.ts";

type Labelled = {
  label: string;
  /** Shown under the label; read with the control. */
  hint?: string | undefined;
  error?: string | undefined;
};

/** The ids and attributes that tie a control to its label, hint and error. */
type ControlProps = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/**
 * A labelled control whose hint and error are tied to it (aria-describedby), in a size
 * older eyes can read: the frame of every field below.
 */
function FieldFrame({ label, hint, error, control }: Labelled & { control: (props: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-base font-semibold text-gray-900 dark:text-gray-100">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-base text-gray-600 dark:text-gray-300">
          {hint}
        </p>
      ) : null}
      {control({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {error ? (
        <p id={errorId} className="text-base font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function controlClasses(error: string | undefined, extra: string): string {
  return cn(
    "w-full rounded-lg border bg-white text-base text-gray-950 shadow-sm dark:bg-gray-900 dark:text-white",
    // 3:1 against the field in both modes (WCAG 1.4.11).
    error ? "border-red-600 dark:border-red-400" : "border-gray-500 dark:border-gray-500",
    extra,
  );
}

/** A labelled input. */
export function Field({ label, hint, error, ...input }: Labelled & Omit<ComponentProps<"input">, "id" | "className">) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      control={(props) => <input {...props} className={controlClasses(error, "min-h-12 px-3.5")} {...input} />}
    />
  );
}

/** A labelled native select. */
export function SelectInput({
  label,
  hint,
  error,
  options,
  ...select
}: Labelled &
  Omit<ComponentProps<"select">, "id" | "className"> & { options: readonly { value: string; label: string }[] }) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      control={(props) => (
        <select {...props} className={controlClasses(error, "min-h-12 px-3")} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** A labelled text area. */
export function TextAreaInput({
  label,
  hint,
  error,
  ...textarea
}: Labelled & Omit<ComponentProps<"textarea">, "id" | "className">) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      control={(props) => <textarea {...props} className={controlClasses(error, "px-3.5 py-2")} {...textarea} />}
    />
  );
}

/**
 * A message about the whole form. An error one takes focus when it appears (after a
 * failed submit, in the portal or on a reloaded page): it is read out first, and Tab
 * goes on to the fields it names. (React's `autoFocus` does nothing on a div.)
 */
export function FormAlert({ message, tone = "error" }: { message: string | undefined; tone?: "error" | "success" }) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message && tone === "error") alert.current?.focus();
  }, [message, tone]);
  if (!message) return null;
  return (
    <div
      ref={alert}
      role={tone === "error" ? "alert" : "status"}
      data-form-alert={tone}
      tabIndex={tone === "error" ? -1 : undefined}
      className={alertClasses[tone]}
    >
      {message}
    </div>
  );
}

/** The form-level message: the form's own, or a pointer to the fields that need attention. */
export function formMessage(errors: Partial<Record<string, string>>): string | undefined {
  if (errors.form) return errors.form;
  const fields = Object.keys(errors).length;
  if (fields === 0) return undefined;
  return fields === 1
    ? "One field needs your attention: see below."
    : `${fields} fields need your attention: see below.`;
}

/**
 * A checkbox with its label beside it, and an optional hint under it. A hidden "false"
 * goes first under the same name, so a form says "no" for an unticked box (which a browser
 * leaves out) and the server can tell it from a field the form does not have.
 */
export function CheckboxInput({
  label,
  hint,
  error,
  ...input
}: Omit<ComponentProps<"input">, "id" | "className" | "type" | "value"> & {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex items-start gap-3">
      {input.name ? <input type="hidden" name={input.name} value="false" /> : null}
      <input
        value="true"
        id={id}
        type="checkbox"
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        className="mt-1 size-5 shrink-0 accent-bdblue-600 dark:accent-bdblue-400"
        {...input}
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-base font-semibold text-gray-900 dark:text-gray-100">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-base text-gray-600 dark:text-gray-300">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} className="text-base font-medium text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * One choice from a few, each visible at once (radio buttons in a fieldset): easier than
 * a menu when the choices are short, and the legend names the question.
 */
export function RadioGroupInput({
  legend,
  hint,
  error,
  name,
  options,
  defaultValue,
  required,
}: {
  legend: string;
  hint?: string | undefined;
  error?: string | undefined;
  name: string;
  options: readonly { value: string; label: string; hint?: string }[];
  defaultValue?: string | undefined;
  required?: boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset aria-describedby={describedBy} className="grid gap-2">
      <legend className="text-base font-semibold text-gray-900 dark:text-gray-100">{legend}</legend>
      {hint ? (
        <p id={hintId} className="-mt-1 text-base text-gray-600 dark:text-gray-300">
          {hint}
        </p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              "flex min-h-12 cursor-pointer items-start gap-3 rounded-lg border bg-white px-3.5 py-3 text-base has-checked:border-bdblue-600 has-checked:bg-bdblue-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 dark:bg-gray-900 dark:has-checked:border-bdblue-300 dark:has-checked:bg-bdblue-950",
              error ? "border-red-600 dark:border-red-400" : "border-gray-500",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={defaultValue === option.value}
              required={required}
              className="mt-1 size-5 shrink-0 accent-bdblue-600 dark:accent-bdblue-400"
            />
            <span className="grid gap-0.5">
              <span className="font-semibold text-gray-900 dark:text-gray-100">{option.label}</span>
              {option.hint ? <span className="text-base text-gray-600 dark:text-gray-300">{option.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-base font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
