import { V5Art } from "./device-v5.tsx";
import { c } from "./palette.ts";
import { SvgFrame } from "./svg-frame.tsx";
import type { IllustrationProps } from "./types.ts";

export function ResearchLab({ className, title }: IllustrationProps) {
  return (
    <SvgFrame viewBox="0 0 480 360" className={className} title={title}>
      <rect x="20" y="20" width="440" height="320" rx="40" className={c.backdrop} />
      {/* chart board */}
      <rect x="44" y="40" width="250" height="140" rx="16" className={c.paper} />
      <g transform="translate(0 -10)">
        <path d="M64 70v104h130" fill="none" strokeWidth="2" strokeLinecap="round" className={c.line} />
        <path
          d="M72 156l28-20 26 8 30-34 30-16"
          fill="none"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
          className={c.brandStroke}
        />
        <path
          d="M72 166l28-8 26-6 30-12 30-4"
          fill="none"
          strokeWidth="3"
          strokeLinecap="round"
          strokeDasharray="1 7"
          className={c.tealStroke}
        />
        <g className={c.brand}>
          <circle cx="100" cy="136" r="4" />
          <circle cx="126" cy="144" r="4" />
          <circle cx="156" cy="110" r="4" />
          <circle cx="186" cy="94" r="4" />
        </g>
        <circle
          cx="248"
          cy="102"
          r="24"
          fill="none"
          strokeWidth="10"
          className="stroke-bdblue-100 dark:stroke-gray-700"
        />
        <path d="M248 78a24 24 0 1 1-22.8 31.4" fill="none" strokeWidth="10" className={c.brandStroke} />
        <g className={c.muted}>
          <rect x="224" y="144" width="50" height="6" rx="3" />
          <rect x="224" y="158" width="34" height="6" rx="3" />
        </g>
      </g>
      {/* bench with device */}
      <rect x="20" y="296" width="440" height="12" rx="6" className={c.side} />
      <g transform="translate(78 188) scale(.46)">
        <V5Art simple />
      </g>
      {/* clipboard */}
      <g transform="rotate(6 370 196) translate(0 6)">
        <rect x="316" y="92" width="110" height="190" rx="12" className="fill-bdblue-300 dark:fill-bdblue-800" />
        <rect x="328" y="110" width="86" height="160" rx="6" className={c.paper} />
        <rect x="350" y="84" width="42" height="20" rx="6" className="fill-gray-500 dark:fill-gray-400" />
        <g className={c.brandPale}>
          <rect x="338" y="130" width="14" height="14" rx="4" />
          <rect x="338" y="162" width="14" height="14" rx="4" />
          <rect x="338" y="194" width="14" height="14" rx="4" />
          <rect x="338" y="226" width="14" height="14" rx="4" />
        </g>
        <g className={c.muted}>
          <rect x="360" y="134" width="44" height="6" rx="3" />
          <rect x="360" y="166" width="36" height="6" rx="3" />
          <rect x="360" y="198" width="44" height="6" rx="3" />
          <rect x="360" y="230" width="28" height="6" rx="3" />
        </g>
        <path
          d="M341 137l3 3 5-6m-8 35l3 3 5-6m-8 35l3 3 5-6"
          fill="none"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
          className={c.tealStroke}
        />
      </g>
    </SvgFrame>
  );
}
