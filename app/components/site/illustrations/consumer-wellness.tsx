import { c } from "./palette.ts";
import { Head, skin } from "./people.tsx";
import { SvgFrame } from "./svg-frame.tsx";
import type { IllustrationProps } from "./types.ts";

export function ConsumerWellness({ className, title }: IllustrationProps) {
  return (
    <SvgFrame viewBox="0 0 480 360" className={className} title={title}>
      <rect x="20" y="20" width="440" height="320" rx="40" className={c.backdrop} />
      <circle cx="360" cy="100" r="34" className="fill-amber-200 dark:fill-amber-200/80" />
      <path
        d="M90 96a16 16 0 0 1 30-8 12 12 0 0 1 18 12H84a8 8 0 0 1 6-4Z"
        className="fill-white dark:fill-bdblue-900"
      />
      <path
        d="M20 230c80-50 150-30 230-10 90 22 150-10 210-30V300a40 40 0 0 1-40 40H60a40 40 0 0 1-40-40Z"
        className={c.brandPale}
      />
      <path
        d="M20 266c90-26 190-20 280-2 70 14 120 6 160-6V300a40 40 0 0 1-40 40H60a40 40 0 0 1-40-40Z"
        className={c.brandSoft}
      />
      <path
        d="M120 340c40-30 120-40 200-52 50-8 80-20 90-30"
        fill="none"
        strokeWidth="16"
        strokeLinecap="round"
        className="stroke-white/80 dark:stroke-bdblue-700"
      />
      {/* trees */}
      <g className="fill-gray-400 dark:fill-gray-600">
        <rect x="86" y="200" width="6" height="44" rx="3" />
        <rect x="398" y="196" width="6" height="40" rx="3" />
      </g>
      <g className="fill-teal-500 dark:fill-teal-700">
        <circle cx="89" cy="190" r="24" />
        <circle cx="401" cy="186" r="20" />
      </g>
      <circle cx="126" cy="224" r="14" className="fill-teal-300 dark:fill-teal-800" />
      {/* older adult walking with a pole */}
      <g fill="none" strokeLinecap="round" strokeLinejoin="round">
        <path d="M268 188l20 110" strokeWidth="4" className="stroke-gray-500 dark:stroke-gray-400" />
        <path d="M226 150l-14 30-6 22" strokeWidth="14" className="stroke-bdblue-700 dark:stroke-bdblue-700" />
        <g strokeWidth="18" className="stroke-gray-700 dark:stroke-gray-500">
          <path d="M224 214l-16 40-12 40" />
          <path d="M236 214l18 40 8 40" />
        </g>
      </g>
      <g className="fill-white dark:fill-gray-200">
        <rect x="182" y="288" width="28" height="13" rx="6.5" transform="rotate(-12 196 294)" />
        <rect x="256" y="292" width="28" height="13" rx="6.5" />
      </g>
      <path d="M212 146c4-8 12-12 20-12 10 0 18 6 18 16l-2 68h-40Z" className="fill-bdblue-500 dark:fill-bdblue-500" />
      <path
        d="M238 150l12 28 18 10"
        fill="none"
        strokeWidth="14"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-bdblue-600 dark:stroke-bdblue-600"
      />
      <g className={skin("deep")}>
        <circle cx="205" cy="204" r="7" />
        <circle cx="268" cy="188" r="7" />
      </g>
      <Head x={236} y={110} tone="deep" hair="short" hairClass={c.hairGray} />
    </SvgFrame>
  );
}
