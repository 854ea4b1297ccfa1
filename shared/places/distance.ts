/** A point on the earth, in degrees. */
export type Point = { latitude: number; longitude: number };

const earthRadiusMiles = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in miles (haversine). */
export function milesBetween(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(h)));
}
