import {
  announcementTone,
  contactTopics,
  listSettings,
  readSiteNotices,
  updateAnalyticsSettings,
  updateAnnouncement,
  updateContactRecipients,
  updateMaintenanceNotice,
  type Setting,
  type SettingKey,
  type SettingValue,
  type SiteNotices,
} from "../../domain/settings/index.ts";
import { builder, type GraphQLContext } from "../builder.ts";
import { enumRef } from "../from-zod.ts";
import { mutationField, queryField } from "../operations.ts";
import { UserRef } from "./refs.ts";

/** Each group carries its version (for the next update), and who saved it last, when. */
const Analytics = builder.objectRef<Setting<"analytics">>("AnalyticsSettings");
const Contacts = builder.objectRef<Setting<"contactRecipients">>("ContactRecipients");
const Announcement = builder.objectRef<Setting<"announcement">>("AnnouncementSettings");
const Maintenance = builder.objectRef<Setting<"maintenance">>("MaintenanceSettings");

const AnnouncementToneEnum = enumRef(announcementTone);

type Saved = Setting;
const savedBy = (setting: Saved, _args: object, context: GraphQLContext) =>
  setting.updatedById ? context.loaders.user.load(setting.updatedById) : null;

Analytics.implement({
  description: "Spec §1: identifiers for the five analytics loaders. Empty means that loader is off.",
  fields: (t) => ({
    version: t.exposeInt("version"),
    updatedAt: t.expose("updatedAt", { type: "DateTime", nullable: true }),
    updatedBy: t.field({ type: UserRef, nullable: true, resolve: savedBy }),
    tagManagerId: t.string({ nullable: true, resolve: (s) => s.value.tagManagerId }),
    webAnalyticsId: t.string({ nullable: true, resolve: (s) => s.value.webAnalyticsId }),
    pixelId: t.string({ nullable: true, resolve: (s) => s.value.pixelId }),
    socialAdsPixelId: t.string({ nullable: true, resolve: (s) => s.value.socialAdsPixelId }),
    customerDataWriteKey: t.string({ nullable: true, resolve: (s) => s.value.customerDataWriteKey }),
  }),
});

Contacts.implement({
  description: "Who receives the messages of each contact topic.",
  fields: (t) => ({
    version: t.exposeInt("version"),
    updatedAt: t.expose("updatedAt", { type: "DateTime", nullable: true }),
    updatedBy: t.field({ type: UserRef, nullable: true, resolve: savedBy }),
    ...Object.fromEntries(
      contactTopics.map((topic) => [
        topic,
        t.stringList({ resolve: (s: Setting<"contactRecipients">) => s.value[topic] }),
      ]),
    ),
  }),
});

const noticeFields = {
  startsAt: (value: { startsAt: string | null }) => (value.startsAt ? new Date(value.startsAt) : null),
  endsAt: (value: { endsAt: string | null }) => (value.endsAt ? new Date(value.endsAt) : null),
};

Announcement.implement({
  description: "A banner across the site, optionally within a time window.",
  fields: (t) => ({
    version: t.exposeInt("version"),
    updatedAt: t.expose("updatedAt", { type: "DateTime", nullable: true }),
    updatedBy: t.field({ type: UserRef, nullable: true, resolve: savedBy }),
    enabled: t.boolean({ resolve: (s) => s.value.enabled }),
    message: t.string({ nullable: true, resolve: (s) => s.value.message }),
    tone: t.field({ type: AnnouncementToneEnum, resolve: (s) => s.value.tone }),
    linkLabel: t.string({ nullable: true, resolve: (s) => s.value.linkLabel }),
    linkUrl: t.string({ nullable: true, resolve: (s) => s.value.linkUrl }),
    startsAt: t.field({ type: "DateTime", nullable: true, resolve: (s) => noticeFields.startsAt(s.value) }),
    endsAt: t.field({ type: "DateTime", nullable: true, resolve: (s) => noticeFields.endsAt(s.value) }),
  }),
});

Maintenance.implement({
  description: "A notice of planned maintenance, shown across the site within its window.",
  fields: (t) => ({
    version: t.exposeInt("version"),
    updatedAt: t.expose("updatedAt", { type: "DateTime", nullable: true }),
    updatedBy: t.field({ type: UserRef, nullable: true, resolve: savedBy }),
    enabled: t.boolean({ resolve: (s) => s.value.enabled }),
    message: t.string({ nullable: true, resolve: (s) => s.value.message }),
    startsAt: t.field({ type: "DateTime", nullable: true, resolve: (s) => noticeFields.startsAt(s.value) }),
    endsAt: t.field({ type: "DateTime", nullable: true, resolve: (s) => noticeFields.endsAt(s.value) }),
  }),
});

const SiteSettingsType = builder.objectRef<Setting[]>("SiteSettings").implement({
  fields: (t) => {
    const group =
      <Key extends SettingKey>(key: Key) =>
      (all: Setting[]) =>
        all.find((setting): setting is Setting<Key> => setting.key === key) as Setting<Key>;
    return {
      analytics: t.field({ type: Analytics, resolve: group("analytics") }),
      contactRecipients: t.field({ type: Contacts, resolve: group("contactRecipients") }),
      announcement: t.field({ type: Announcement, resolve: group("announcement") }),
      maintenance: t.field({ type: Maintenance, resolve: group("maintenance") }),
    };
  },
});

const ShowingAnnouncement = builder.objectRef<SettingValue<"announcement">>("Announcement").implement({
  fields: (t) => ({
    message: t.string({ resolve: (value) => value.message ?? "" }),
    tone: t.field({ type: AnnouncementToneEnum, resolve: (value) => value.tone }),
    linkLabel: t.exposeString("linkLabel", { nullable: true }),
    linkUrl: t.exposeString("linkUrl", { nullable: true }),
  }),
});

const ShowingMaintenance = builder.objectRef<SettingValue<"maintenance">>("MaintenanceNotice").implement({
  fields: (t) => ({
    message: t.string({ resolve: (value) => value.message ?? "" }),
    startsAt: t.field({ type: "DateTime", nullable: true, resolve: noticeFields.startsAt }),
    endsAt: t.field({ type: "DateTime", nullable: true, resolve: noticeFields.endsAt }),
  }),
});

const SiteNoticesType = builder.objectRef<SiteNotices>("SiteNotices").implement({
  description: "What the whole site shows right now: the banner and the maintenance notice, when on.",
  fields: (t) => ({
    announcement: t.field({ type: ShowingAnnouncement, nullable: true, resolve: (notices) => notices.announcement }),
    maintenance: t.field({ type: ShowingMaintenance, nullable: true, resolve: (notices) => notices.maintenance }),
  }),
});

queryField("siteSettings", {
  operation: listSettings,
  type: SiteSettingsType,
  description: "Typed site settings (admins).",
});
queryField("siteNotices", { operation: readSiteNotices, type: SiteNoticesType, description: "Anyone may read these." });

mutationField("updateAnalyticsSettings", { operation: updateAnalyticsSettings, type: Analytics });
mutationField("updateContactRecipients", { operation: updateContactRecipients, type: Contacts });
mutationField("updateAnnouncement", { operation: updateAnnouncement, type: Announcement });
mutationField("updateMaintenanceNotice", { operation: updateMaintenanceNotice, type: Maintenance });
