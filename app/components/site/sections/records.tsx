import { Info, MapPin, Phone, Mail, TriangleAlert } from "lucide-react";
import type { RenderedSection } from "../../../../content/render.ts";
import { ButtonLink } from "../../ui/button.tsx";
import { cn } from "../../ui/cn.ts";
import { Markdown } from "./section-frame.tsx";

type Of<T extends RenderedSection["type"]> = Extract<RenderedSection, { type: T }>;

/**
 * Specification groups, at the page's text size. A group lays its rows out by its own
 * width (a container query): label beside value where a label gets about 10rem, else the
 * label above its value, so no value is squeezed to a word a line at 320 px or 200% zoom.
 */
export function Specs({ section }: { section: Of<"specs"> }) {
  return (
    <div className="gap-8 lg:columns-2">
      {section.groups.map((group) => (
        <div
          key={group.name}
          className="@container mb-8 break-inside-avoid rounded-2xl border border-gray-200 bg-white p-5 sm:p-6 dark:border-gray-800 dark:bg-gray-900"
        >
          <h3 className="text-lg font-semibold text-gray-950 dark:text-white">{group.name}</h3>
          <dl className="mt-3 divide-y divide-gray-100 text-base leading-7 dark:divide-gray-800">
            {group.rows.map((row) => (
              <div key={row.label} className="grid gap-x-4 gap-y-0.5 py-3 @md:grid-cols-5">
                <dt className="font-medium text-gray-600 @md:col-span-2 dark:text-gray-300">{row.label}</dt>
                <dd className="text-gray-950 @md:col-span-3 dark:text-white">{row.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}

/** On phones each row becomes a card with one line per product, so no column scrolls out of view. */
function StackedComparison({ section }: { section: Of<"comparison"> }) {
  return (
    <dl className="space-y-4 sm:hidden">
      {section.rows.map((row) => (
        <div
          key={row.label}
          className="rounded-2xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900"
        >
          <dt className="text-base font-semibold text-gray-950 dark:text-white">{row.label}</dt>
          {row.values.map((value, index) => (
            <dd key={`${row.label}-${index}`} className="mt-2 text-base text-gray-700 dark:text-gray-300">
              <span className="font-medium text-gray-950 dark:text-white">{section.columns[index]}: </span>
              {value}
            </dd>
          ))}
        </div>
      ))}
    </dl>
  );
}

/**
 * From 640 px a table, in a frame that scrolls sideways when its columns need more room
 * than there is (a focusable region named for the table, so a keyboard can scroll it).
 */
export function Comparison({ section }: { section: Of<"comparison"> }) {
  return (
    <>
      <StackedComparison section={section} />
      <div
        role="region"
        aria-label={`Table: ${section.caption}`}
        tabIndex={0}
        className="hidden overflow-x-auto rounded-2xl border border-gray-200 sm:block dark:border-gray-800"
      >
        <ComparisonTable section={section} />
      </div>
    </>
  );
}

function ComparisonTable({ section }: { section: Of<"comparison"> }) {
  return (
    <table className="w-full min-w-xl table-fixed text-left text-base leading-7">
      <caption className="sr-only">{section.caption}</caption>
      <thead className="bg-gray-50 dark:bg-gray-900">
        <tr>
          <td className="w-1/4 px-4 py-3" />
          {section.columns.map((column) => (
            <th key={column} scope="col" className="px-4 py-3 font-semibold text-gray-950 dark:text-white">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100 bg-white dark:divide-gray-800 dark:bg-gray-950">
        {section.rows.map((row) => (
          <tr key={row.label}>
            <th scope="row" className="px-4 py-3 align-top font-medium text-gray-600 dark:text-gray-300">
              {row.label}
            </th>
            {row.values.map((value, index) => (
              <td key={`${row.label}-${index}`} className="px-4 py-3 align-top text-gray-950 dark:text-white">
                {value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Notice({ section }: { section: Of<"notice"> }) {
  const caution = section.tone === "caution";
  const ToneIcon = caution ? TriangleAlert : Info;
  return (
    <div
      className={cn(
        "flex gap-4 rounded-2xl border p-6",
        caution
          ? "border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40"
          : "border-bdblue-200 bg-bdblue-50 dark:border-bdblue-800 dark:bg-bdblue-950/50",
      )}
    >
      <ToneIcon
        aria-hidden="true"
        className={cn(
          "mt-1 size-6 shrink-0",
          caution ? "text-amber-700 dark:text-amber-300" : "text-bdblue-700 dark:text-bdblue-300",
        )}
      />
      <Markdown html={section.body} className="text-gray-800 dark:text-gray-200" />
    </div>
  );
}

export function Cta({ section }: { section: Of<"cta"> }) {
  return (
    <div className="flex flex-col items-start gap-6 lg:flex-row lg:items-center lg:justify-between">
      <Markdown html={section.body} className="max-w-2xl min-w-0 flex-1 text-lg" />
      <div className="flex flex-wrap gap-4 lg:shrink-0">
        {section.actions.map((action) => (
          <ButtonLink key={action.to} to={action.to} variant={action.variant} size="lg">
            {action.label}
          </ButtonLink>
        ))}
      </div>
    </div>
  );
}

function SampleNote({ children }: { children: string }) {
  return (
    <p className="mb-6 inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-base font-semibold text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
      <Info aria-hidden="true" className="size-4" />
      {children}
    </p>
  );
}

export function Testimonials({ section }: { section: Of<"testimonials"> }) {
  return (
    <>
      {section.sample ? <SampleNote>Illustrative samples, not real customer quotes</SampleNote> : null}
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {section.items.map((item) => (
          <li
            key={item.name}
            className="flex flex-col rounded-2xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900"
          >
            <figure className="flex flex-1 flex-col">
              <blockquote className="flex-1 text-base leading-7 text-gray-800 dark:text-gray-200">
                <p>“{item.quote}”</p>
              </blockquote>
              <figcaption className="mt-6 border-t border-gray-100 pt-4 text-base dark:border-gray-800">
                <span className="block font-semibold text-gray-950 dark:text-white">{item.name}</span>
                <span className="text-gray-600 dark:text-gray-300">
                  {item.role}
                  {item.organization ? `, ${item.organization}` : ""}
                </span>
                {section.sample ? <span className="sr-only"> (sample quote)</span> : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </>
  );
}

export function Research({ section }: { section: Of<"research"> }) {
  return (
    <>
      {section.sample ? (
        <SampleNote>Sample entries showing the register format, not published results</SampleNote>
      ) : null}
      <ul className="space-y-4">
        {section.items.map((item) => (
          <li
            key={item.title}
            className="rounded-2xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900"
          >
            <div className="flex flex-wrap items-center gap-2 text-base font-semibold">
              <span className="rounded-full bg-bdblue-50 px-2.5 py-0.5 text-bdblue-800 dark:bg-bdblue-950 dark:text-bdblue-200">
                {item.kind}
              </span>
              <span className="rounded-full bg-gray-100 px-2.5 py-0.5 text-gray-800 dark:bg-gray-800 dark:text-gray-200">
                {item.status}
              </span>
              <span className="rounded-full bg-gray-100 px-2.5 py-0.5 text-gray-800 dark:bg-gray-800 dark:text-gray-200">
                Device: {item.device}
              </span>
              <span className="text-gray-600 dark:text-gray-300">{item.year}</span>
              {section.sample ? (
                <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
                  Sample
                </span>
              ) : null}
            </div>
            <h3 className="mt-3 text-lg font-semibold text-gray-950 dark:text-white">{item.title}</h3>
            <Markdown html={item.summary} className="mt-2" />
          </li>
        ))}
      </ul>
    </>
  );
}

export function Locations({ section }: { section: Of<"locations"> }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {section.items.map((item) => (
        <li
          key={item.name}
          className="rounded-2xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900"
        >
          <p className="text-base font-semibold tracking-wide text-bdblue-700 uppercase dark:text-bdblue-300">
            {item.kind}
          </p>
          <h3 className="mt-2 text-lg font-semibold text-gray-950 dark:text-white">{item.name}</h3>
          <address className="mt-3 flex gap-2 text-base leading-7 text-gray-700 not-italic dark:text-gray-300">
            <MapPin aria-hidden="true" className="mt-1.5 size-4 shrink-0" />
            <span>
              {item.addressLines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
              <span className="block">{item.country}</span>
            </span>
          </address>
          <ul className="mt-3 space-y-1 text-base">
            {item.phone ? (
              <li className="flex items-center gap-2">
                <Phone aria-hidden="true" className="size-4 text-gray-500 dark:text-gray-400" />
                <a
                  className="rounded whitespace-nowrap text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300"
                  href={`tel:${item.phone.replace(/[^+0-9]/g, "")}`}
                >
                  {item.phone}
                </a>
              </li>
            ) : null}
            {item.email ? (
              <li className="flex items-center gap-2">
                <Mail aria-hidden="true" className="size-4 text-gray-500 dark:text-gray-400" />
                <a
                  className="min-w-0 rounded wrap-anywhere text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300"
                  href={`mailto:${item.email}`}
                >
                  {item.email}
                </a>
              </li>
            ) : null}
          </ul>
          {item.hours ? <p className="mt-3 text-base text-gray-600 dark:text-gray-300">{item.hours}</p> : null}
          {item.services.length > 0 ? (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label={`Services at ${item.name}`}>
              {item.services.map((service) => (
                <li
                  key={service}
                  className="rounded-lg bg-gray-100 px-3 py-1 text-base font-medium text-gray-800 dark:bg-gray-800 dark:text-gray-200"
                >
                  {service}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
