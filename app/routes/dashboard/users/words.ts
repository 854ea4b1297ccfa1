import type { ApiEnum } from "../../../lib/graphql.ts";

/** The users page's words for the API's values; each map names every value of its enum (a type checks it). */

export const roleLabels = {
  viewer: "Viewer",
  editor: "Editor",
  admin: "Admin",
} satisfies Record<ApiEnum<"Role">, string>;

export const roleChoices = {
  viewer: "Viewer: reads published releases and docs",
  editor: "Editor: docs, media and releases",
  admin: "Admin: everything, including users",
} satisfies Record<ApiEnum<"Role">, string>;

export const statusLabels = {
  active: "Active",
  invited: "Invited",
  disabled: "Disabled",
} satisfies Record<ApiEnum<"UserStatus">, string>;

export const userSorts = {
  created: "Added",
  name: "Name",
  email: "Email",
  lastSignIn: "Last sign-in",
} satisfies Record<ApiEnum<"UserSort">, string>;
