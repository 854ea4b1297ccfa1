import { c } from "./palette.ts";
import { SvgFrame } from "./svg-frame.tsx";
import type { IllustrationProps } from "./types.ts";

/** Trabecular struts inside a radius-92 cross-section centred on the origin. */
const healthy =
  "M-68 58l4 9M-68 58l-4-0M82 11l-28 3M82 11l0 22M68 36l13-3M68 36l-16-14M53 22l1-8M63 56l9 2M63 56l6-20M82 33l3 2M83 10l9-1M83 10l-6-19M77-9l11-14M88-23l1 0M82 11l1-1M-18 89l9 1M-9 89l3 3M25 86l-5 4M25 86l2 2M-49-74l-3-2M-59-54l-15-1M-59-54l11-11M-47-65l-2-9M-49-74l10-9M-23-89l-1-0M-23-89l2-1M-33-58l15-9M-33-58l-15-7M-23-89l6 22M-29-39l20-0M-29-39l-4-19M-8-39l3-25M-5-64l-12-3M-21 86l-11 0M-21 86l-5-23M-37 60l11 4M-37 60l-16 11M-53 71l2 6M-18 89l-2-2M-53 71l-9-4M60-56l-0 24M60-56l13-1M83-31l1-7M83-31l-24-1M60-56l-6-5M50-72l3 12M50-72l4-2M88-23l-5-8M50-72l-10-8M-1-32l-13 20M-1-32l12 1M12-31l9 19M20-12l-27 15M-7 3l-7-14M52-24l-3-1M52-24l6 14M49-25l-26 14M58-10l-7 19M51 9l-22-6M29 3l-6-13M59-32l-8 7M53-60l-21 16M32-45l16 20M77-9l-19-1M23-46l10 1M23-46l-11 15M20-12l3 1M54 14l-2-5M-7 4l23 19M-7 4l0-2M16 24l12-21M26 73l0 1M26 73l12-27M27 73l27 2M38 46l21 12M59 57l-4 17M6 64l20 8M6 64l-15 25M25 86l1-12M35 39l3 6M35 39l18-17M63 56l-4 2M-68 58l3-9M-80 29l-6 4M-80 29l15 19M-28-16l-3-19M-28-16l-12 10M-40-6l-20-13M-31-35l-22 2M-54-33l-7 10M-61-23l0 4M-29-39l-3 3M-8-39l8 7M-14-12l-15-4M-59-54l5 20M-61-23l-24-14M-12 53l-3-18M-12 53l17 8M-16 35l33-4M5 61l14-28M19 33l-2-2M6 64l-1-3M-26 64l14-11M35 39l-16-6M16 24l1 7M-79 23l13-9M-79 23l-12-8M-66 14l-6-20M-72-7l-20-3M-80 29l1-6M-60-20l-11 13M-40 10l-14 7M-40 10l18 9M-55 17l4 23M-23 19l2 11M-21 30l-20 13M-41 44l-10-4M-40-6l-0 16M-66 14l11 3M-7 4l-16 15M-65 48l14-9M-16 35l-5-5M-37 60l-4-17M32-82l-12 29M32-82l-0-0M31-82l-27 4M20-53l-21-12M-1-65l6-13M40-81l-8-1M23-46l-3-7M31-82l-2-5M4-79l-6-13M-5-64l4-2";
const thinner =
  "M61-32l25 15M45-63l9-12M45-63l17 23M88 2l-3-19M-41-76l-26 19M-67-56l-5-1M-54-33l-27 21M-54-33l-13-24M-81-12l-6-18M-72-57l-1 1M-25-67l30-19M-25-67l4 24M-8-34l27-15M5-86l9 5M14-81l9 17M19-49l4-14M-41-76l16 9M-54-33l9 2M-45-30l24-13M-4-13l-5-22M-4-13l-16 16M-20 3l-19-2M-39 1l-6-31M40-20l-30 13M40-20l-22-29M14-81l12-7M45-63l-22-1M61-32l-16 12M-23 77l-1-2M-23 77l32 0M-25 75l1-32M8 77l5-6M13 72l-3-34M11 38l-21-4M-25 75l-36-7M40 74l-27-3M-20 3l10 31M11-7l12 37M22 30l-12 8M22 30l10-0M40 74l17-29M44-19l5 19M49-0l-18 30M-24 43l-31-8M-50 9l-32-18M-64 43l2 25M-64 43l10-7M-84-7l2-1M60 45l14 10M81 13l8 8M81 13l-2 1M57 46l3-0M49-0l30 15M-74 40l-16-20M-64 43l-9-3";

function Section({ x, d, strut, rim }: { x: number; d: string; strut: number; rim: number }) {
  return (
    <g transform={`translate(${x} 138)`}>
      <circle r="100" className={c.paper} />
      <path
        d={d}
        fill="none"
        strokeWidth={strut}
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-bdblue-300 dark:stroke-bdblue-500"
      />
      <circle r="96" fill="none" strokeWidth={rim} className="stroke-bdblue-400 dark:stroke-bdblue-400" />
    </g>
  );
}

export function BoneStructure({ className, title }: IllustrationProps) {
  return (
    <SvgFrame viewBox="0 0 480 300" className={className} title={title}>
      <rect x="10" y="14" width="460" height="272" rx="40" className={c.backdrop} />
      <Section x={130} d={healthy} strut={7} rim={10} />
      <Section x={350} d={thinner} strut={2.5} rim={4} />
      <path
        d="M232 138h16m-6-6 6 6-6 6"
        fill="none"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={c.line}
      />
      <g className={c.muted}>
        <rect x="80" y="254" width="100" height="8" rx="4" />
        <rect x="300" y="254" width="100" height="8" rx="4" />
      </g>
      <rect x="80" y="254" width="88" height="8" rx="4" className={c.teal} />
      <rect x="300" y="254" width="42" height="8" rx="4" className={c.amber} />
    </SvgFrame>
  );
}
