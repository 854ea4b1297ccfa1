import { BadgeCheck, ExternalLink, GraduationCap, MapPin, Phone } from "lucide-react";
import { kindLabels, linkClasses, productLabels, type FinderLocation } from "./location-model.ts";
import { cn } from "../ui/cn.ts";

/** A distance in miles, with kilometres beside it. */
export function miles(value: number): string {
  const rounded = value < 10 ? value.toFixed(1) : String(Math.round(value));
  return `${rounded} ${rounded === "1.0" ? "mile" : "miles"} (${Math.round(value * 1.609344)} km)`;
}

/** One listing: its name, kind, address, phone, the products it screens with and its distance. */
export function LocationCard({ location }: { location: FinderLocation }) {
  const cityLine = [location.city, [location.region, location.postalCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return (
    <li className="grid content-start gap-3 rounded-2xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-950">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-base font-semibold tracking-wide text-bdblue-700 uppercase dark:text-bdblue-300">
          {kindLabels[location.kind]}
        </p>
        {location.distanceMiles !== null ? (
          <p className="text-base font-medium text-gray-800 dark:text-gray-200">{`${miles(location.distanceMiles)} away`}</p>
        ) : null}
      </div>
      <h4 className="text-lg font-semibold text-gray-950 dark:text-white">{location.name}</h4>
      {location.certification === "certified" ? (
        <p className="flex items-center gap-2 text-base font-medium text-green-800 dark:text-green-300">
          <BadgeCheck aria-hidden="true" className="size-5 shrink-0" />
          Certified operators
        </p>
      ) : location.certification === "in_training" ? (
        <p className="flex items-center gap-2 text-base font-medium text-gray-800 dark:text-gray-200">
          <GraduationCap aria-hidden="true" className="size-5 shrink-0" />
          Operators in training
        </p>
      ) : null}
      <address className="flex gap-2 text-base leading-7 text-gray-800 not-italic dark:text-gray-200">
        <MapPin aria-hidden="true" className="mt-1.5 size-4 shrink-0" />
        <span>
          {location.street ? <span className="block">{location.street}</span> : null}
          <span className="block">{cityLine}</span>
          <span className="block">{location.countryName}</span>
        </span>
      </address>
      {location.phone || location.website ? (
        <ul className="grid gap-1 text-base">
          {location.phone ? (
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4 shrink-0 text-gray-600 dark:text-gray-400" />
              <a
                className={cn(linkClasses, "whitespace-nowrap")}
                href={`tel:${location.phone.replace(/[^+0-9]/g, "")}`}
              >
                {location.phone}
              </a>
            </li>
          ) : null}
          {location.website ? (
            <li className="flex items-center gap-2">
              <ExternalLink aria-hidden="true" className="size-4 shrink-0 text-gray-600 dark:text-gray-400" />
              <a className={cn(linkClasses, "break-all")} href={location.website} rel="noopener nofollow">
                {location.website.replace(/^https:\/\//, "").replace(/\/$/, "")}
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
      {location.products.length > 0 ? (
        <p className="text-base text-gray-700 dark:text-gray-300">
          Runs {location.products.map((key) => productLabels[key]).join(" and ")}
        </p>
      ) : null}
    </li>
  );
}
