import { inArray, sql } from "drizzle-orm";
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

const noticeKeys = ["announcement", "maintenance"] as const;

/**
 * The notices' change stamp in the database: how many of their rows exist and the sum of
 * their versions. Settings are never deleted and every save adds one to a row's version,
 * so every change gives a new stamp. Read with each session check on PostgreSQL
 * (`ChangeStamps`, ADR 026), it keys the cache below: a notice saved on any process shows
 * on the next page, on every process.
 */
export const noticesStamp = sql<string>`(select count(*)::text || ':' || coalesce(sum(${settings.version}), 0)::text from ${settings} where ${inArray(settings.key, [...noticeKeys])})`;

/**
 * On the embedded database this process is the only writer, and the stamp is its own
 * count of notice saves: no subquery (about 130 µs of PGlite's CPU per request).
 */
let savesHere = 0;
export function noticesStampHere(): string {
  return `here:${savesHere}`;
}

/**
 * Every page of the portal shows the notices, so their rows are kept per process under the
 * stamp of the request that read them. A request that brings the same stamp (read with its
 * session) gets the kept rows; one without a stamp reads the rows.
 */
let noticeCache: { db: ReadDatabase; stamp: string; rows: Row[] } | undefined;

/** A notice was saved in this process: the next request reads the rows (called in the save's transaction). */
export function forgetNotices(): void {
  savesHere += 1;
  noticeCache = undefined;
}

async function noticeSettings(db: ReadDatabase, stamp: string | undefined): Promise<Row[]> {
  const cached = noticeCache;
  if (stamp !== undefined && cached?.db === db && cached.stamp === stamp) return cached.rows;
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...noticeKeys]));
  // Read after the stamp, so at least as new as what it stands for.
  if (stamp !== undefined) noticeCache = { db, stamp, rows };
  return rows;
}

/** The banner and the maintenance notice, when they are showing now. */
export const readSiteNotices = settingEntity.publicRead({
  operation: "readPublic",
  doing: "read the site's notices",
  input: z.object({}),
  run: async (scope): Promise<SiteNotices> => {
    const rows = await noticeSettings(scope.db, scope.stamps?.notices);
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

/**
 * The analytics loaders' identifiers, for the public pages (ADR 030): each one on the site
 * is in every public page's data block anyway, where the visitor's browser needs it.
 */
export const readSiteAnalytics = settingEntity.publicRead({
  operation: "readPublic",
  doing: "read the site's analytics loaders",
  internal: "the page renderer reads it for the analytics loaders of every public page (server/http)",
  input: z.object({}),
  run: async (scope): Promise<SettingValue<"analytics">> => {
    const [row] = await scope.db
      .select()
      .from(settings)
      .where(inArray(settings.key, ["analytics"]));
    return settingOf("analytics", row).value;
  },
});
