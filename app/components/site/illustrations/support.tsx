import { V5Art } from "./device-v5.tsx";
import { c } from "./palette.ts";
import { Head, skin } from "./people.tsx";
import { SvgFrame } from "./svg-frame.tsx";
import type { IllustrationProps } from "./types.ts";

export function Support({ className, title }: IllustrationProps) {
  return (
    <SvgFrame viewBox="0 0 480 360" className={className} title={title}>
      <rect x="20" y="20" width="440" height="320" rx="40" className={c.backdrop} />
      <ellipse cx="240" cy="332" rx="200" ry="8" className={c.floor} />
      {/* chat bubble */}
      <path
        d="M72 56h84a14 14 0 0 1 14 14v34a14 14 0 0 1-14 14h-56l-16 14v-14H72a14 14 0 0 1-14-14V70a14 14 0 0 1 14-14Z"
        className={c.paper}
      />
      <path
        d="M98 88l10 10 22-22"
        fill="none"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={c.tealStroke}
      />
      {/* bench and device */}
      <g className={c.side}>
        <rect x="56" y="270" width="10" height="62" rx="5" />
        <rect x="266" y="270" width="10" height="62" rx="5" />
      </g>
      <rect x="40" y="262" width="254" height="14" rx="7" className={c.shell} />
      <g transform="translate(66 130) scale(.55)">
        <V5Art simple />
      </g>
      {/* toolbox */}
      <path
        d="M388 296v-8a6 6 0 0 1 6-6h20a6 6 0 0 1 6 6v8"
        fill="none"
        strokeWidth="4"
        className="stroke-gray-500 dark:stroke-gray-400"
      />
      <rect x="366" y="294" width="76" height="40" rx="6" className={c.amber} />
      <rect x="366" y="306" width="76" height="4" className="fill-amber-500 dark:fill-amber-500" />
      {/* technician with headset and wrench */}
      <g fill="none" strokeLinecap="round" strokeWidth="16" className="stroke-gray-700 dark:stroke-gray-500">
        <path d="M334 240l-4 86m22-86l4 86" />
      </g>
      <path d="M318 156c2-10 12-16 24-16s22 6 24 16l4 90h-56Z" className="fill-bdblue-600 dark:fill-bdblue-500" />
      <rect x="328" y="190" width="28" height="6" rx="3" className="fill-bdblue-300 dark:fill-bdblue-300" />
      <path
        d="M326 160l-22 28-14 0"
        fill="none"
        strokeWidth="14"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-bdblue-700 dark:stroke-bdblue-600"
      />
      <path
        d="M286 188l-26-16m-4-10a8 8 0 1 0 2 13"
        fill="none"
        strokeWidth="6"
        strokeLinecap="round"
        className="stroke-gray-400 dark:stroke-gray-300"
      />
      <circle cx="288" cy="188" r="7" className={skin("mid")} />
      <Head x={342} y={114} tone="mid" hair="short" flip />
      <g fill="none" strokeLinecap="round" strokeWidth="4" className="stroke-gray-800 dark:stroke-gray-300">
        <path d="M325 110a17 17 0 0 1 34 0" />
        <path d="M352 122c0 10-8 14-20 14" strokeWidth="3" />
      </g>
      <rect x="348" y="104" width="10" height="18" rx="5" className={c.brand} />
    </SvgFrame>
  );
}
