import * as AlertDialog from "@radix-ui/react-alert-dialog";
import type { ReactNode } from "react";
import { buttonClasses } from "../ui/button.tsx";
import { useReturnFocus } from "../ui/return-focus.ts";

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** What the button that does nothing says: "Cancel", unless the action is itself a cancelling. */
  cancelLabel: string;
  danger: boolean;
  onConfirm: () => void;
};

/**
 * The alert dialog of a `ConfirmForm` (Radix): says what will happen; Confirm goes
 * ahead, Cancel and Escape do nothing. Loaded the first time a confirmation is asked for.
 */
export default function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  danger,
  onConfirm,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-gray-950/50" />
        <AlertDialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800"
        >
          <AlertDialog.Title className="text-xl font-semibold text-gray-950 dark:text-white">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-base text-gray-700 dark:text-gray-300">
            {description}
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses("secondary", "md")}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses(danger ? "dangerSolid" : "primary", "md")} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
