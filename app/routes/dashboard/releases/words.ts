import { productLabelsBy } from "../../../../shared/product-line.ts";
import type { ApiEnum } from "../../../lib/graphql.ts";

/** The releases page's words for the API's values; each map names every value of its enum (a type checks it). */

export const productLabels = productLabelsBy((product) => product.short) satisfies Record<ApiEnum<"Product">, string>;

export const channelLabels = { stable: "Stable", beta: "Beta" } satisfies Record<ApiEnum<"ReleaseChannel">, string>;

export const statusLabels = { draft: "Draft", published: "Published" } satisfies Record<
  ApiEnum<"ReleaseStatus">,
  string
>;
