/**
 * The boxes that say how a form or a page part went: red for a failure (`role="alert"`),
 * green for a success. Plain class strings, so the React forms, the list pages and the
 * public forms' enhancement (which builds its alert in the DOM) draw the same box.
 */
export const alertClasses = {
  error:
    "rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 text-base text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100",
  success:
    "rounded-lg border-l-4 border-emerald-600 bg-emerald-50 px-4 py-3 text-base text-emerald-900 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-100",
} as const;
