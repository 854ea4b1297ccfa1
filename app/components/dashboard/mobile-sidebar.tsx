import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { DashboardPage } from "../../lib/portal/nav.ts";
import { useReturnFocus } from "../ui/return-focus.ts";
import { SidebarLinks } from "./sidebar.tsx";
import { keepOpenForToasts } from "../ui/layers.ts";

/** Below the desktop width, the sidebar is a panel that slides in from the left (a modal dialog). */
export default function MobileSidebar({
  pages,
  open,
  onOpenChange,
}: {
  pages: readonly DashboardPage[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-gray-950/50 lg:hidden" />
        <RadixDialog.Content
          onInteractOutside={keepOpenForToasts}
          {...returnFocus}
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-white p-4 shadow-xl duration-200 motion-safe:transition-transform dark:bg-gray-900 lg:hidden"
        >
          <div className="flex items-center justify-between">
            <RadixDialog.Title className="text-lg font-semibold">Portal menu</RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close the menu"
              className="inline-flex size-11 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          <nav aria-label="Portal">
            <SidebarLinks pages={pages} collapsed={false} />
          </nav>
          <a
            href="/"
            className="text-base font-semibold text-bdblue-700 underline underline-offset-2 dark:text-bdblue-300"
          >
            Back to the website
          </a>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
