import { X } from "lucide-react";
import { useSyncExternalStore } from "react";
import { createToastStore, defaultToastIcon, type Toast, type ToastInput } from "../../lib/toast-store.ts";
import { cn } from "../ui/cn.ts";
import { toastLayer } from "../ui/layers.ts";
import { toastIcons } from "../ui/toast-icons.tsx";
import { toastCardClasses, toastTones } from "../ui/toast-tones.ts";

/** The portal's toasts: one store for the page, shown in one polite live region. */
const store = createToastStore();
const noToasts: Toast[] = [];
let current: Toast[] = noToasts;
store.subscribe((toasts) => {
  current = toasts;
});

export function toast(input: ToastInput): string {
  return store.add(input);
}

/** The toast's avatar when it has one, else its icon (by default its colour's). */
function ToastPicture({ item }: { item: Toast }) {
  if (item.avatar) {
    return (
      <img
        src={item.avatar.src}
        alt={item.avatar.alt}
        width={40}
        height={40}
        decoding="async"
        data-toast-avatar=""
        className="size-10 shrink-0 rounded-full object-cover"
      />
    );
  }
  const name = item.icon ?? defaultToastIcon[item.color];
  const Icon = toastIcons[name];
  return (
    <Icon
      aria-hidden="true"
      data-toast-icon={name}
      className={cn("mt-0.5 size-5 shrink-0", toastTones[item.color].icon)}
    />
  );
}

function ToastItem({ item }: { item: Toast }) {
  return (
    <li
      className={cn(toastCardClasses, toastTones[item.color].border)}
      // Hovering or focusing a toast stops its clock, so nobody loses a message while reading it.
      onPointerEnter={() => store.pause(item.id)}
      onPointerLeave={() => store.resume(item.id)}
      onFocus={() => store.pause(item.id)}
      onBlur={() => store.resume(item.id)}
    >
      <ToastPicture item={item} />
      <div className="min-w-0 flex-1">
        <p className="text-base font-semibold text-gray-950 dark:text-white">{item.title}</p>
        {item.description ? <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{item.description}</p> : null}
        {item.actions?.length ? (
          <div className="mt-3 flex flex-wrap gap-3">
            {item.actions.map((action) =>
              action.href ? (
                <a
                  key={action.label}
                  href={action.href}
                  className="text-sm font-semibold text-bdblue-700 underline underline-offset-2 dark:text-bdblue-300"
                >
                  {action.label}
                </a>
              ) : (
                <button
                  key={action.label}
                  type="button"
                  className="text-sm font-semibold text-bdblue-700 underline underline-offset-2 dark:text-bdblue-300"
                  onClick={() => {
                    action.onClick?.();
                    store.remove(item.id);
                  }}
                >
                  {action.label}
                </button>
              ),
            )}
          </div>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => store.remove(item.id)}
        aria-label={`Dismiss: ${item.title}`}
        className="-m-1 inline-flex size-9 shrink-0 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

/** The notifications region: a polite live region, so each new toast is read out once. */
export function Toaster() {
  const toasts = useSyncExternalStore(
    (listener) => store.subscribe(listener),
    () => current,
    () => noToasts,
  );
  return (
    <section
      aria-label="Notifications"
      data-toaster=""
      className={cn(
        "pointer-events-none fixed right-4 bottom-4 left-4 sm:left-auto sm:w-96",
        // While a side panel is open (dialog-panel.tsx), its save bar and close button stay
        // uncovered: the toasts sit above the save bar, or on a wide screen beside the panel (36rem).
        "[body:has([data-side-panel])_&]:bottom-22 lg:[body:has([data-side-panel])_&]:right-[37rem] lg:[body:has([data-side-panel])_&]:bottom-4",
        toastLayer,
      )}
    >
      <ol aria-live="polite" aria-relevant="additions text" className="flex flex-col gap-3">
        {toasts.map((item) => (
          <ToastItem key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}
