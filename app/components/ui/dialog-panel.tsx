import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn.ts";
import { useReturnFocus } from "./return-focus.ts";
import { keepOpenForToasts } from "./layers.ts";

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  variant?: "center" | "side";
  className?: string;
};

/**
 * A modal dialog (Radix): focus moves in and is kept there, Escape and the close button
 * end it, and focus returns to what opened it. `side` panels hold longer forms. Pages
 * use `Dialog` from ./dialog.tsx, which loads this module when a dialog first opens.
 */
export default function DialogPanel({
  open,
  onOpenChange,
  title,
  description,
  children,
  variant = "center",
  className,
}: DialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-gray-950/50 motion-safe:animate-[fade-in_150ms_ease-out]" />
        <RadixDialog.Content
          onInteractOutside={keepOpenForToasts}
          {...returnFocus}
          className={cn(
            "fixed z-50 flex flex-col overflow-y-auto bg-white shadow-xl ring-1 ring-gray-200 focus:outline-none dark:bg-gray-900 dark:ring-gray-800",
            variant === "center"
              ? "top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl p-6"
              : "inset-y-0 right-0 w-full max-w-xl p-6 sm:rounded-l-2xl",
            className,
          )}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div className="grid gap-1">
              <RadixDialog.Title className="text-xl font-semibold text-gray-950 dark:text-white">
                {title}
              </RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="text-base text-gray-700 dark:text-gray-300">
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
              aria-label="Close"
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
