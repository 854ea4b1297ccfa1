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
  /** Under the title and, like it, always in view: a side panel's tabs. */
  toolbar?: ReactNode;
  /** At the foot of a side panel, always in view: its save bar. */
  footer?: ReactNode;
};

const closeClasses =
  "-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800";

/**
 * A modal dialog (Radix): focus moves in and is kept there, Escape and the close button
 * end it, and focus returns to what opened it. Pages use `Dialog` from ./dialog.tsx,
 * which loads this module when a dialog first opens.
 *
 * A `side` panel holds a long record: its title and close button (and `toolbar`) stay at
 * the top and its `footer` at the foot while only the middle scrolls, so neither the way
 * out nor the save button ever scrolls away. It is marked `data-side-panel`, and the
 * toasts move out of its way while it is open (toaster.tsx).
 */
export default function DialogPanel({
  open,
  onOpenChange,
  title,
  description,
  children,
  variant = "center",
  className,
  toolbar,
  footer,
}: DialogProps) {
  const returnFocus = useReturnFocus();
  const side = variant === "side";
  const heading = (
    <div className={cn("flex items-start justify-between gap-4", side ? "px-4 pt-4 pb-3 sm:px-6" : "mb-4")}>
      <div className="grid min-w-0 gap-1">
        <RadixDialog.Title className="text-xl font-semibold break-words text-gray-950 dark:text-white">
          {title}
        </RadixDialog.Title>
        {description ? (
          <RadixDialog.Description className="text-base text-gray-700 dark:text-gray-300">
            {description}
          </RadixDialog.Description>
        ) : null}
      </div>
      <RadixDialog.Close className={closeClasses} aria-label="Close">
        <X aria-hidden="true" className="size-5" />
      </RadixDialog.Close>
    </div>
  );
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-gray-950/50 motion-safe:animate-[fade-in_150ms_ease-out]" />
        <RadixDialog.Content
          onInteractOutside={keepOpenForToasts}
          {...returnFocus}
          data-side-panel={side ? "" : undefined}
          className={cn(
            "fixed z-50 flex flex-col bg-white shadow-xl ring-1 ring-gray-200 focus:outline-none dark:bg-gray-900 dark:ring-gray-800",
            side
              ? "inset-y-0 right-0 w-full max-w-xl sm:rounded-l-2xl"
              : "top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl p-6",
            className,
          )}
        >
          {side ? (
            <>
              <div className="shrink-0 border-b border-gray-200 dark:border-gray-800">
                {heading}
                {toolbar}
              </div>
              <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-6 sm:px-6">{children}</div>
              {footer ? (
                <div className="shrink-0 border-t border-gray-200 bg-gray-50 px-4 py-3 sm:px-6 dark:border-gray-800 dark:bg-gray-950">
                  {footer}
                </div>
              ) : null}
            </>
          ) : (
            <>
              {heading}
              {children}
            </>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
