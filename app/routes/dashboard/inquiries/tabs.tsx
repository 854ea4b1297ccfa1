import { NavLink } from "react-router";

const tabClasses =
  "inline-flex min-h-11 shrink-0 items-center gap-2 border-b-2 border-transparent px-3 text-base font-semibold whitespace-nowrap text-gray-700 hover:text-gray-950 aria-[current=page]:border-bdblue-600 aria-[current=page]:text-gray-950 dark:text-gray-300 dark:hover:text-white dark:aria-[current=page]:border-bdblue-300 dark:aria-[current=page]:text-white";

/**
 * The inbox's two lists: the contact form's messages and the certification applications,
 * each with how many wait for someone. Links between two pages (Tab moves between them).
 * They stay on one line, the current one underlined; should they ever not fit (a large
 * text size), the row scrolls sideways rather than wrapping away from its underline.
 */
export function InboxTabs({ waiting }: { waiting: { messages: number; applications: number } }) {
  const count = (value: number) =>
    value > 0 ? (
      <span className="rounded-full bg-bdblue-100 px-2 text-sm text-bdblue-900 tabular-nums dark:bg-bdblue-900 dark:text-bdblue-100">
        {value}
        <span className="sr-only"> waiting</span>
      </span>
    ) : null;
  return (
    <nav aria-label="Inbox" className="flex gap-2 overflow-x-auto border-b border-gray-200 dark:border-gray-800">
      <NavLink to="/dashboard/admin/inquiries" end className={tabClasses}>
        Messages {count(waiting.messages)}
      </NavLink>
      <NavLink to="/dashboard/admin/inquiries/applications" className={tabClasses}>
        Applications {count(waiting.applications)}
      </NavLink>
    </nav>
  );
}
