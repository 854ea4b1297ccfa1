import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useRef, useState, type ReactNode } from "react";
import { Form } from "react-router";
import { CsrfField } from "./portal-context.tsx";
import { buttonClasses, type ButtonVariant } from "../ui/button.tsx";
import { useReturnFocus } from "../ui/return-focus.ts";

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
  variant = "secondary",
  danger = true,
  action,
}: {
  fields: Record<string, string | number>;
  label: ReactNode;
  accessibleLabel?: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  variant?: ButtonVariant;
  danger?: boolean;
  action?: string;
}) {
  const [open, setOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const returnFocus = useReturnFocus();
  return (
    <Form method="post" ref={form} action={action} className="inline">
      <CsrfField />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <AlertDialog.Root open={open} onOpenChange={setOpen}>
        <button
          type="submit"
          className={buttonClasses(variant, "md")}
          aria-label={accessibleLabel}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          {label}
        </button>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-40 bg-gray-950/50" />
          <AlertDialog.Content
            {...returnFocus}
            className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800"
          >
            <AlertDialog.Title className="text-xl font-semibold text-gray-950 dark:text-white">
              {title}
            </AlertDialog.Title>
            <AlertDialog.Description className="text-base text-gray-700 dark:text-gray-300">
              {description}
            </AlertDialog.Description>
            <div className="flex flex-wrap justify-end gap-3">
              <AlertDialog.Cancel className={buttonClasses("secondary", "md")}>Cancel</AlertDialog.Cancel>
              <AlertDialog.Action
                className={
                  danger
                    ? buttonClasses(
                        "primary",
                        "md",
                        "bg-red-700 hover:bg-red-800 dark:bg-red-400 dark:text-gray-950 dark:hover:bg-red-300",
                      )
                    : buttonClasses("primary", "md")
                }
                onClick={() => form.current?.requestSubmit()}
              >
                {confirmLabel}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </Form>
  );
}
