import { Megaphone, Wrench } from "lucide-react";
import type { SiteNotices } from "../../../shared/contracts/site-notices.ts";
import { cn } from "../ui/cn.ts";

const timeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** The site-wide banner and the maintenance notice, as site settings say (shown while they are on). */
export function Notices({ notices }: { notices: SiteNotices }) {
  const { announcement, maintenance } = notices;
  if (!announcement && !maintenance) return null;
  return (
    <div className="grid gap-2">
      {maintenance ? (
        <div
          role="note"
          aria-label="Planned maintenance"
          className="flex gap-3 rounded-xl border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-base text-amber-950 dark:bg-amber-950 dark:text-amber-50"
        >
          <Wrench aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>
            {maintenance.message}
            {maintenance.startsAt || maintenance.endsAt ? (
              <span className="block text-base">
                {maintenance.startsAt ? `From ${timeFormat.format(new Date(maintenance.startsAt))} UTC` : ""}
                {maintenance.endsAt ? ` until ${timeFormat.format(new Date(maintenance.endsAt))} UTC` : ""}
              </span>
            ) : null}
          </p>
        </div>
      ) : null}
      {announcement ? <AnnouncementBanner announcement={announcement} /> : null}
    </div>
  );
}

type Announcement = NonNullable<SiteNotices["announcement"]>;

/**
 * The announcement banner. The settings page draws it too, as a live preview (`preview`):
 * named as such, and its link inert, so trying it out never leaves unsaved changes.
 */
export function AnnouncementBanner({ announcement, preview }: { announcement: Announcement; preview?: boolean }) {
  const link = announcement.linkUrl && announcement.linkLabel;
  return (
    <div
      role="note"
      aria-label={preview ? "Preview of the announcement" : "Announcement"}
      className={cn(
        "flex gap-3 rounded-xl border-l-4 px-4 py-3 text-base",
        announcement.tone === "warning"
          ? "border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
          : "border-bdblue-600 bg-bdblue-50 text-bdblue-950 dark:bg-bdblue-950 dark:text-bdblue-50",
      )}
    >
      <Megaphone aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p className="min-w-0 break-words">
        {announcement.message}{" "}
        {link && preview ? (
          <span className="font-semibold underline underline-offset-2">{announcement.linkLabel}</span>
        ) : null}
        {link && !preview ? (
          <a href={announcement.linkUrl ?? undefined} className="font-semibold underline underline-offset-2">
            {announcement.linkLabel}
          </a>
        ) : null}
      </p>
    </div>
  );
}
