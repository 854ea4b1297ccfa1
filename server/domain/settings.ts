import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.ts";
import { settings } from "../db/schema.ts";
import { allow, defineAccess } from "./access.ts";
import { ConflictError } from "./errors.ts";
import { email, optionalText, versionField } from "./fields.ts";
import { defineOperation, definePublicOperation } from "./operation.ts";

/**
 * Typed site settings, one group per row, each validated, versioned and audited.
 * A group never saved reads as its defaults, at version 0.
 */

const optionalId = (pattern: RegExp, example: string) =>
  z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((value) => (value ? value : null))
    .refine(
      (value) => value === null || pattern.test(value),
      `Enter an identifier like ${example}, or leave it empty.`,
    );

/** Spec §1: the five analytics loaders. Empty means off; the loaders themselves come with their own issue. */
const analytics = z.object({
  tagManagerId: optionalId(/^GTM-[A-Z0-9]{4,12}$/, "GTM-ABC1234"),
  webAnalyticsId: optionalId(/^G-[A-Z0-9]{4,16}$/, "G-ABCDE12345"),
  pixelId: optionalId(/^[0-9]{10,20}$/, "123456789012345"),
  socialAdsPixelId: optionalId(/^[0-9]{4,12}$/, "1234567"),
  customerDataWriteKey: optionalId(/^[A-Za-z0-9]{16,64}$/, "a 32-letter write key"),
});

export const contactTopics = ["sales", "support", "service", "training", "general"] as const;
export type ContactTopic = (typeof contactTopics)[number];

const recipients = z
  .array(email)
  .min(1, "Give at least one address.")
  .max(10, "Give at most 10 addresses.")
  .refine((list) => new Set(list).size === list.length, "List each address once.");

const contactRecipients = z.object(
  Object.fromEntries(contactTopics.map((topic) => [topic, recipients])) as Record<ContactTopic, typeof recipients>,
);

/** A link on a banner: a path on this site, or an https address. */
const bannerLink = z
  .string()
  .trim()
  .max(300)
  .nullish()
  .transform((value) => (value ? value : null))
  .refine(
    (value) => value === null || /^\/(?![/\\])[^\s]*$/.test(value) || /^https:\/\/[^\s]+$/.test(value),
    "Enter a path on this site (like /products/v5) or a full https address.",
  );

const instant = z.iso
  .datetime({ offset: true, error: "Enter a date and time." })
  .nullish()
  .transform((value) => value ?? null);

const window = { startsAt: instant, endsAt: instant };
const ordered = (value: { startsAt: string | null; endsAt: string | null }) =>
  !value.startsAt || !value.endsAt || new Date(value.startsAt) < new Date(value.endsAt);

const announcement = z
  .object({
    enabled: z.boolean(),
    message: optionalText(240),
    tone: z.enum(["info", "warning"]),
    linkLabel: optionalText(60),
    linkUrl: bannerLink,
    ...window,
  })
  .refine((value) => !value.enabled || value.message !== null, {
    message: "Write the announcement before you turn it on.",
    path: ["message"],
  })
  .refine((value) => (value.linkUrl === null) === (value.linkLabel === null), {
    message: "Give the link both words and an address, or neither.",
    path: ["linkLabel"],
  })
  .refine(ordered, { message: "The end must come after the start.", path: ["endsAt"] });

const maintenance = z
  .object({ enabled: z.boolean(), message: optionalText(400), ...window })
  .refine((value) => !value.enabled || value.message !== null, {
    message: "Say what will happen and when before you turn the notice on.",
    path: ["message"],
  })
  .refine(ordered, { message: "The end must come after the start.", path: ["endsAt"] });

export const settingSchemas = { analytics, contactRecipients, announcement, maintenance } as const;
export type SettingKey = keyof typeof settingSchemas;
export type SettingValue<Key extends SettingKey> = z.output<(typeof settingSchemas)[Key]>;
export const settingKeys = Object.keys(settingSchemas) as SettingKey[];

export const settingDefaults: { [Key in SettingKey]: SettingValue<Key> } = {
  analytics: {
    tagManagerId: null,
    webAnalyticsId: null,
    pixelId: null,
    socialAdsPixelId: null,
    customerDataWriteKey: null,
  },
  contactRecipients: {
    sales: ["sales@densara.example"],
    support: ["support@densara.example"],
    service: ["service@densara.example"],
    training: ["training@densara.example"],
    general: ["info@densara.example"],
  },
  announcement: {
    enabled: false,
    message: null,
    tone: "info",
    linkLabel: null,
    linkUrl: null,
    startsAt: null,
    endsAt: null,
  },
  maintenance: { enabled: false, message: null, startsAt: null, endsAt: null },
};

export type Setting<Key extends SettingKey = SettingKey> = {
  key: Key;
  value: SettingValue<Key>;
  version: number;
  updatedAt: Date | null;
  updatedById: string | null;
};

/** Admins read and change settings; anyone may read the notices the site shows (banner, maintenance). */
export const settingAccess = defineAccess("setting", {
  read: allow.role("admin"),
  update: allow.role("admin"),
  readPublic: allow.anyone,
});

type Row = typeof settings.$inferSelect;

function settingOf<Key extends SettingKey>(key: Key, row: Row | undefined): Setting<Key> {
  // A stored value that no longer fits the schema (after an upgrade) falls back to the defaults.
  const parsed = row ? settingSchemas[key].safeParse(row.value) : undefined;
  return {
    key,
    value: (parsed?.success ? parsed.data : settingDefaults[key]) as SettingValue<Key>,
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt ?? null,
    updatedById: row?.updatedById ?? null,
  };
}

export const listSettings = defineOperation({
  access: settingAccess,
  operation: "read",
  doing: "see the site settings",
  input: z.object({}),
  write: false,
  run: async (scope): Promise<Setting[]> => {
    const rows = await scope.db.select().from(settings).where(inArray(settings.key, settingKeys));
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

/**
 * Every page of the portal (and later the website) shows the notices, so their rows are
 * kept for a few seconds per process. A change made in this process shows at once;
 * another process sees it within `noticeCacheMs`.
 */
export const noticeCacheMs = 5_000;
let noticeCache: { db: Database; at: number; rows: Row[] } | undefined;

async function noticeSettings(db: Database, now: number): Promise<Row[]> {
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
export const readSiteNotices = definePublicOperation({
  access: settingAccess,
  operation: "readPublic",
  doing: "read the site's notices",
  input: z.object({}),
  write: false,
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

const updateInput = z.discriminatedUnion("key", [
  z.object({ key: z.literal("analytics"), version: versionField.or(z.literal(0)), value: analytics }),
  z.object({ key: z.literal("contactRecipients"), version: versionField.or(z.literal(0)), value: contactRecipients }),
  z.object({ key: z.literal("announcement"), version: versionField.or(z.literal(0)), value: announcement }),
  z.object({ key: z.literal("maintenance"), version: versionField.or(z.literal(0)), value: maintenance }),
]);

export const updateSetting = defineOperation({
  access: settingAccess,
  operation: "update",
  doing: "change the site settings",
  input: updateInput,
  write: true,
  run: async (scope, input): Promise<Setting> => {
    const [current] = await scope.db.select().from(settings).where(eq(settings.key, input.key)).limit(1).for("update");
    const before = settingOf(input.key, current);
    const stale = () =>
      new ConflictError(
        "Someone else changed these settings while you were editing. Reload to see theirs, then try again.",
      );
    if (before.version !== input.version) throw stale();
    // The product acting on its own (seeding) is no one's account: there is no user to point at.
    const updatedById = scope.actor.via === "system" ? null : scope.actor.id;
    const values = { value: input.value, updatedAt: scope.now, updatedById };
    const [saved] = current
      ? await scope.db
          .update(settings)
          .set({ ...values, version: sql`${settings.version} + 1` })
          .where(eq(settings.key, input.key))
          .returning()
      : await scope.db
          .insert(settings)
          .values({ key: input.key, ...values })
          .onConflictDoNothing()
          .returning();
    if (!saved) throw stale();
    noticeCache = undefined;
    const after = settingOf(input.key, saved);
    await scope.audit({
      target: { type: "setting", id: input.key, label: settingLabels[input.key] },
      before: before.value,
      after: after.value,
    });
    return after;
  },
});

export const settingLabels: Record<SettingKey, string> = {
  analytics: "Analytics identifiers",
  contactRecipients: "Contact recipients",
  announcement: "Announcement banner",
  maintenance: "Maintenance notice",
};
