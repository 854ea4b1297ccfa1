import { V5Art } from "./device-v5.tsx";
import { c } from "./palette.ts";
import { Head, skin } from "./people.tsx";
import { SvgFrame } from "./svg-frame.tsx";
import type { IllustrationProps } from "./types.ts";

export function ClinicScan({ className, title }: IllustrationProps) {
  return (
    <SvgFrame viewBox="0 0 480 360" className={className} title={title}>
      <rect x="20" y="20" width="440" height="320" rx="40" className={c.backdrop} />
      <ellipse cx="240" cy="334" rx="210" ry="10" className={c.floor} />
      {/* chair */}
      <g className={c.side}>
        <rect x="58" y="150" width="16" height="100" rx="8" />
        <rect x="62" y="236" width="10" height="98" rx="5" />
        <rect x="136" y="236" width="10" height="98" rx="5" />
      </g>
      <rect x="58" y="230" width="100" height="16" rx="8" className="fill-gray-300 dark:fill-gray-600" />
      <path
        d="M40 334l8-96a8 8 0 0 1 16 0"
        fill="none"
        strokeWidth="5"
        strokeLinecap="round"
        className="stroke-gray-500 dark:stroke-gray-400"
      />
      {/* older adult, seated: far leg in a shoe on the floor */}
      <g fill="none" strokeLinecap="round" strokeWidth="20" className="stroke-gray-600 dark:stroke-gray-500">
        <path d="M100 222h56l6 90" />
      </g>
      <rect x="152" y="310" width="30" height="14" rx="7" className={c.hairDark} />
      <path d="M84 150c0-14 10-22 24-22s24 8 24 22l4 80H84Z" className="fill-bdblue-300 dark:fill-bdblue-700" />
      <path
        d="M120 148l14 46 28 8"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
        strokeWidth="16"
        className="stroke-bdblue-400 dark:stroke-bdblue-600"
      />
      <Head x={112} y={108} tone="light" hair="short" hairClass={c.hairGray} />
      <circle cx="166" cy="204" r="8" className={skin("light")} />
      {/* the device with the bare foot in the well */}
      <g transform="translate(160 184) scale(.62)">
        <V5Art simple />
      </g>
      <g fill="none" strokeLinecap="round" strokeWidth="20" className="stroke-gray-700 dark:stroke-gray-600">
        <path d="M104 228h72l16 52" />
      </g>
      <path d="M186 276c-4 8-2 18 6 20 20 2 46 4 52 2 8-3 6-12-4-14l-34-8-2-6Z" className={skin("light")} />
      {/* clinician */}
      <g fill="none" strokeLinecap="round" strokeWidth="16" className="stroke-gray-800 dark:stroke-gray-500">
        <path d="M382 240l-2 86m22-86l2 86" />
      </g>
      <path d="M364 134c4-10 14-14 28-14s22 4 26 14l8 116h-70Z" className="fill-white dark:fill-gray-300" />
      <path d="M382 122l10 22 10-22Z" className="fill-bdblue-400" />
      <g
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
        strokeWidth="15"
        className="stroke-gray-100 dark:stroke-gray-200"
      >
        <path d="M372 140l-28 40-22-8" />
        <path d="M414 142l4 50-18 6" />
      </g>
      <g className={skin("deep")}>
        <circle cx="318" cy="171" r="7.5" />
        <circle cx="396" cy="198" r="7.5" />
      </g>
      <rect x="372" y="168" width="26" height="34" rx="4" transform="rotate(-10 385 185)" className={c.brand} />
      <Head x={392} y={96} tone="deep" hair="bun" flip />
    </SvgFrame>
  );
}
