import type { Shortcut } from "../../lib/portal/shortcuts.ts";
import DialogPanel from "../ui/dialog-panel.tsx";

/** The keyboard shortcuts, listed from the same module that acts on them. */
export default function ShortcutsDialog({
  open,
  onOpenChange,
  shortcuts,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  shortcuts: readonly Shortcut[];
}) {
  return (
    <DialogPanel
      open={open}
      onOpenChange={onOpenChange}
      title="Keyboard shortcuts"
      description="They work anywhere in the portal, except while you type in a field."
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-base">
        {shortcuts.map((shortcut) => (
          <div key={shortcut.description} className="contents">
            <dt className="flex items-center gap-1">
              {shortcut.keys.map((key, index) => (
                <span key={`${key}-${index}`} className="flex items-center gap-1">
                  {index > 0 ? (
                    <span className="text-sm text-gray-600 dark:text-gray-300">{shortcut.together ? "+" : "then"}</span>
                  ) : null}
                  <kbd className="rounded-md border border-gray-400 px-2 py-0.5 font-sans text-sm font-semibold dark:border-gray-500">
                    {key}
                  </kbd>
                </span>
              ))}
            </dt>
            <dd>{shortcut.description}</dd>
          </div>
        ))}
      </dl>
    </DialogPanel>
  );
}
