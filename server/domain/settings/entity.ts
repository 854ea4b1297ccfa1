import { settings } from "../../db/schema/index.ts";
import { allow } from "../core/access.ts";
import { defineEntity } from "../core/entity.ts";
import { settingDefaults, settingLabels, settingSchemas, type SettingKey, type SettingValue } from "./groups.ts";

type Row = typeof settings.$inferSelect;

export type Setting<Key extends SettingKey = SettingKey> = {
  key: Key;
  value: SettingValue<Key>;
  version: number;
  updatedAt: Date | null;
  updatedById: string | null;
};

function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(settingLabels, key);
}

/** Typed site settings. Admins read and change them; anyone may read what the site shows (notices, analytics loaders). */
export const settingEntity = defineEntity({
  name: "setting",
  plural: "Site settings",
  table: settings,
  label: (row) => (isSettingKey(row.key) ? settingLabels[row.key] : row.key),
  notFound: "That setting does not exist.",
  rules: {
    read: allow.role("admin"),
    update: allow.role("admin"),
    readPublic: allow.anyone,
  },
  rowChecks: {},
  actions: { update: { words: "changed the site setting", label: "Site setting changed" } },
});

/** A group as stored, or its defaults at version 0 when never saved (or no longer fitting its schema). */
export function settingOf<Key extends SettingKey>(key: Key, row: Row | undefined): Setting<Key> {
  const parsed = row ? settingSchemas[key].safeParse(row.value) : undefined;
  return {
    key,
    value: (parsed?.success ? parsed.data : settingDefaults[key]) as SettingValue<Key>,
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt ?? null,
    updatedById: row?.updatedById ?? null,
  };
}
