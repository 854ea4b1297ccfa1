import { inArray } from "drizzle-orm";
import { z } from "zod";
import type { ReadDatabase } from "../../db/client.ts";
import { settings } from "../../db/schema/index.ts";
import { settingEntity, settingOf, type Setting } from "./entity.ts";
import { settingKeys, type SettingValue } from "./groups.ts";

export const listSettings = settingEntity.read({
  operation: "read",
  doing: "see the site settings",
  input: z.object({}),
  run: async (scope): Promise<Setting[]> => {
    const rows = await scope.findMany(settingKeys);
    return settingKeys.map((key) =>
      settingOf(
        key,
        rows.find((row) => row.key === key),
      ),
    );
  },
});

/** Whether a notice is showing at this moment: on, and inside its window. */
export function noticeIsLive(notice: { enabled: boolean; startsAt: string | null; endsAt: string | null }, now: Date) {
  if (!notice.enabled) return false;
  if (notice.startsAt && new Date(notice.startsAt) > now) return false;
  if (notice.endsAt && new Date(notice.endsAt) <= now) return false;
  return true;
}

export type SiteNotices = {
  announcement: SettingValue<"announcement"> | null;
  maintenance: SettingValue<"maintenance"> | null;
};

type Row = typeof settings.$inferSelect;

/**
 * Every page of the portal (and later the website) shows the notices, so their rows are
 * kept for a few seconds per process. A change made in this process shows at once;
 * another process sees it within `noticeCacheMs`.
 */
export const noticeCacheMs = 5_000;
let noticeCache: { db: ReadDatabase; at: number; rows: Row[] } | undefined;

/** A saved notice shows at once in this process. */
export function forgetNotices(): void {
  noticeCache = undefined;
}

async function noticeSettings(db: ReadDatabase, now: number): Promise<Row[]> {
  const cached = noticeCache;
  if (cached?.db === db && now - cached.at < noticeCacheMs && now >= cached.at) return cached.rows;
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, ["announcement", "maintenance"]));
  noticeCache = { db, at: now, rows };
  return rows;
}

/** The banner and the maintenance notice, when they are showing now. */
export const readSiteNotices = settingEntity.publicRead({
  operation: "readPublic",
  doing: "read the site's notices",
  input: z.object({}),
  run: async (scope): Promise<SiteNotices> => {
    const rows = await noticeSettings(scope.db, scope.now.getTime());
    const announcement = settingOf(
      "announcement",
      rows.find((row) => row.key === "announcement"),
    ).value;
    const maintenance = settingOf(
      "maintenance",
      rows.find((row) => row.key === "maintenance"),
    ).value;
    return {
      announcement: noticeIsLive(announcement, scope.now) ? announcement : null,
      maintenance: noticeIsLive(maintenance, scope.now) ? maintenance : null,
    };
  },
});
