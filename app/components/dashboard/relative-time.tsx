import { useId } from "react";
import { formatDateTime, relativeTime } from "../../lib/format.ts";

/**
 * A moment said relatively ("3 days ago"), with the exact time in a tooltip that hover
 * and keyboard focus both show, and that a screen reader reads as its description. (Not
 * drawn until shown: an invisible box would still widen the page on a phone.)
 * `now` is the moment the page was made (from its loader), so the server and the
 * browser write the same words.
 */
export function RelativeTime({
  iso,
  now,
  prefix,
  text,
}: {
  iso: string;
  now: string;
  prefix?: string;
  /** Other words for the moment (the time of day, under a heading that names the day). */
  text?: string;
}) {
  const id = useId();
  return (
    <time
      dateTime={iso}
      // The tooltip pattern: keyboard focus shows the exact time, as hover does.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      aria-describedby={id}
      className="group relative cursor-help rounded-sm underline decoration-gray-400 decoration-dotted underline-offset-4 dark:decoration-gray-500"
    >
      {prefix ? `${prefix} ` : null}
      {text ?? relativeTime(iso, now)}
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none absolute right-0 bottom-full z-20 mb-1 hidden w-max max-w-64 rounded-md bg-gray-900 px-2 py-1 text-xs font-normal text-white no-underline shadow-lg group-hover:block group-focus-visible:block dark:bg-gray-100 dark:text-gray-950"
      >
        {formatDateTime(iso)}
      </span>
    </time>
  );
}
