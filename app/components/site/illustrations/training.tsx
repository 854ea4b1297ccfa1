import { V5Art } from "./device-v5.tsx";
import { c } from "./palette.ts";
import { Head, skin } from "./people.tsx";
import { SvgFrame } from "./svg-frame.tsx";
import type { IllustrationProps } from "./types.ts";

export function Training({ className, title }: IllustrationProps) {
  return (
    <SvgFrame viewBox="0 0 480 360" className={className} title={title}>
      <rect x="20" y="20" width="440" height="320" rx="40" className={c.backdrop} />
      <ellipse cx="240" cy="332" rx="200" ry="8" className={c.floor} />
      {/* trainees behind the table */}
      <path d="M300 190c0-12 10-20 22-20s22 8 22 20v70h-44Z" className="fill-teal-500 dark:fill-teal-600" />
      <path d="M364 198c0-12 10-20 22-20s22 8 22 20v62h-44Z" className="fill-bdblue-300 dark:fill-bdblue-700" />
      <Head x={322} y={146} tone="light" hair="curly" flip />
      <Head x={386} y={154} tone="deep" hair="short" flip />
      <rect x="352" y="214" width="40" height="30" rx="4" transform="rotate(-12 372 229)" className={c.paper} />
      <circle cx="358" cy="236" r="7" className={skin("deep")} />
      {/* table and device */}
      <g className={c.side}>
        <rect x="150" y="258" width="10" height="74" rx="5" />
        <rect x="390" y="258" width="10" height="74" rx="5" />
        <rect x="150" y="258" width="250" height="40" rx="4" />
      </g>
      <rect x="130" y="250" width="290" height="14" rx="7" className={c.shell} />
      <g transform="translate(150 136) scale(.48)">
        <V5Art simple />
      </g>
      {/* instructor */}
      <g fill="none" strokeLinecap="round" strokeWidth="16" className="stroke-gray-700 dark:stroke-gray-500">
        <path d="M82 232l-4 92m22-92l4 92" />
      </g>
      <path d="M66 152c2-10 12-16 24-16s22 6 24 16l6 88H62Z" className={c.brand} />
      <path
        d="M104 152l22 6 34-2"
        fill="none"
        strokeWidth="14"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-bdblue-600 dark:stroke-bdblue-500"
      />
      <circle cx="164" cy="156" r="7" className={skin("mid")} />
      <Head x={90} y={110} tone="mid" hair="long" />
      {/* certificate badge */}
      <g className={c.amber}>
        <path d="M394 86l-12 40 14-6 8 12 8-36Z" />
        <path d="M426 86l12 40-14-6-8 12-8-36Z" />
      </g>
      <circle cx="410" cy="74" r="28" className="fill-amber-300 dark:fill-amber-400" />
      <circle cx="410" cy="74" r="20" fill="none" strokeWidth="2" className="stroke-white/80" />
      <path
        d="M400 74l7 7 13-14"
        fill="none"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-white"
      />
    </SvgFrame>
  );
}
