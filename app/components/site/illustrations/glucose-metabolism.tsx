import { c } from "./palette.ts";
import { SvgFrame } from "./svg-frame.tsx";
import type { IllustrationProps } from "./types.ts";

export function GlucoseMetabolism({ className, title }: IllustrationProps) {
  return (
    <SvgFrame viewBox="0 0 480 360" className={className} title={title}>
      <rect x="20" y="20" width="440" height="320" rx="40" className={c.backdrop} />
      <circle cx="240" cy="184" r="128" className={c.brandPale} />
      <path
        d="M96 250c30 50 110 70 150 40m60-150c40-40 90-30 110 10"
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray="1 12"
        className="stroke-bdblue-300 dark:stroke-bdblue-600"
      />
      {/* drop */}
      <path
        d="M108 96c22 30 38 50 38 72a38 38 0 0 1-76 0c0-22 16-42 38-72Z"
        className="fill-bdblue-400 dark:fill-bdblue-500"
      />
      <path
        d="M90 170a18 18 0 0 0 14 18"
        fill="none"
        strokeWidth="5"
        strokeLinecap="round"
        className="stroke-white/70"
      />
      {/* glucose meter with a test strip */}
      <g transform="rotate(-8 240 200)">
        <rect x="226" y="92" width="28" height="40" rx="3" className={c.receipt} />
        <rect x="226" y="92" width="28" height="10" rx="3" className={c.teal} />
        <rect x="190" y="122" width="100" height="150" rx="26" className={c.shell} />
        <rect x="206" y="140" width="68" height="52" rx="10" className={c.display} />
        <path
          d="M214 172c8 0 10-12 18-12s10 14 18 14 8-8 16-8"
          fill="none"
          strokeWidth="3"
          strokeLinecap="round"
          className={c.tealStroke}
        />
        <circle cx="240" cy="226" r="14" className={c.brandPale} />
        <circle cx="240" cy="226" r="6" className={c.brand} />
      </g>
      {/* bone */}
      <g transform="rotate(-28 368 238)" className="fill-white dark:fill-gray-300">
        <rect x="318" y="228" width="100" height="20" rx="10" />
        <circle cx="318" cy="226" r="15" />
        <circle cx="318" cy="250" r="15" />
        <circle cx="418" cy="226" r="15" />
        <circle cx="418" cy="250" r="15" />
      </g>
      <g className={c.amber}>
        <circle cx="378" cy="110" r="5" />
        <circle cx="150" cy="286" r="4" />
      </g>
      <circle cx="402" cy="146" r="3" className={c.teal} />
    </SvgFrame>
  );
}
