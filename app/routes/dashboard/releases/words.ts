import type { ApiEnum } from "../../../lib/graphql.ts";

/** The releases page's words for the API's values; each map names every value of its enum (a type checks it). */

export const productLabels = { v4: "v4", v5: "v5" } satisfies Record<ApiEnum<"Product">, string>;

export const channelLabels = { stable: "Stable", beta: "Beta" } satisfies Record<ApiEnum<"ReleaseChannel">, string>;

export const statusLabels = { draft: "Draft", published: "Published" } satisfies Record<
  ApiEnum<"ReleaseStatus">,
  string
>;
