import type { ToastColor } from "../../lib/toast-store.ts";

/**
 * How a toast looks: its card, and its tone's border and icon colours. The portal's
 * toaster (React) and the public pages' one (built in the DOM by `enhance/toaster.ts`)
 * both read these, so a toast looks the same on either side.
 */
export const toastCardClasses =
  "pointer-events-auto flex gap-3 rounded-xl border-l-4 bg-white p-4 shadow-lg ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800";

export const toastTones: Record<ToastColor, { border: string; icon: string }> = {
  info: { border: "border-bdblue-600 dark:border-bdblue-300", icon: "text-bdblue-700 dark:text-bdblue-300" },
  success: { border: "border-emerald-600 dark:border-emerald-400", icon: "text-emerald-700 dark:text-emerald-300" },
  warning: { border: "border-amber-500 dark:border-amber-400", icon: "text-amber-700 dark:text-amber-300" },
  error: { border: "border-red-600 dark:border-red-400", icon: "text-red-700 dark:text-red-300" },
};
