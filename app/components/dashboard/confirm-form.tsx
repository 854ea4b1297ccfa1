import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import { Form } from "react-router";
import { Pending, useSendingFields } from "./submit-button.tsx";
import { CsrfField } from "./portal-context.tsx";
import { buttonClasses, type ButtonVariant } from "../ui/button.tsx";
import { rememberFocusAnchor } from "../ui/focus-anchor.ts";

const loadDialog = () => import("./confirm-dialog.tsx");
/** Radix's alert dialog loads when a confirmation is first near (pointer or focus), not with the page. */
const ConfirmDialog = lazy(loadDialog);

/**
 * A destructive action, confirmed first: the button opens an alert dialog that says
 * what will happen; Confirm sends the form, Cancel (and Escape) sends nothing.
 * Without JavaScript the form is sent directly.
 */
export function ConfirmForm({
  fields,
  label,
  accessibleLabel,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  variant,
  danger = true,
  action,
  pendingLabel = "Working…",
}: {
  fields: Record<string, string | number>;
  label: ReactNode;
  accessibleLabel?: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The word for "do nothing" when "Cancel" would read as the action ("Keep the invitation"). */
  cancelLabel?: string;
  variant?: ButtonVariant;
  danger?: boolean;
  action?: string;
  /** What the button says while the confirmed form is on its way. */
  pendingLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  // Every hidden field, not only intent and id: a row may offer one action on several targets
  // (restore this revision or that one), and only the one confirmed shows it is working.
  const sending = useSendingFields(fields);
  // Mounted from the first opening on, so Radix closes it (and returns focus) its own way.
  const [asked, setAsked] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const preload = () => void loadDialog();
  return (
    <Form preventScrollReset method="post" ref={form} action={action} className="inline">
      <CsrfField />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        ref={trigger}
        type="submit"
        className={buttonClasses(variant ?? (danger ? "danger" : "secondary"), "md")}
        aria-label={sending ? undefined : accessibleLabel}
        aria-disabled={sending || undefined}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          event.preventDefault();
          if (sending) return;
          setAsked(true);
          setOpen(true);
        }}
      >
        <Pending sending={sending} label={pendingLabel}>
          {label}
        </Pending>
      </button>
      {asked ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            title={title}
            description={description}
            confirmLabel={confirmLabel}
            cancelLabel={cancelLabel}
            danger={danger}
            onConfirm={() => {
              if (trigger.current) rememberFocusAnchor(trigger.current);
              form.current?.requestSubmit();
            }}
          />
        </Suspense>
      ) : null}
    </Form>
  );
}
