import { c } from "./palette.ts";
import { SvgFrame } from "./svg-frame.tsx";
import type { IllustrationProps } from "./types.ts";

function Pin({ x, y, big }: { x: number; y: number; big?: boolean }) {
  return (
    <g transform={`translate(${x} ${y})${big ? " scale(1.4)" : ""}`}>
      <ellipse rx="9" ry="3" className="fill-gray-400/50 dark:fill-gray-950/60" />
      <path
        d="M0 0C-10-12-16-20-16-28a16 16 0 0 1 32 0C16-20 10-12 0 0Z"
        className={big ? c.brand : "fill-bdblue-400 dark:fill-bdblue-300"}
      />
      <circle cy="-28" r="6" className="fill-white dark:fill-gray-900" />
    </g>
  );
}

export function Map({ className, title }: IllustrationProps) {
  return (
    <SvgFrame viewBox="0 0 480 360" className={className} title={title}>
      <rect x="20" y="20" width="440" height="320" rx="40" className={c.backdrop} />
      {/* folded map */}
      <path d="M60 76l120-20 120 20 120-20v236l-120 20-120-20-120 20Z" className={c.paper} />
      <path d="M180 56l120 20v236l-120-20Z" className="fill-gray-100 dark:fill-gray-700" />
      <path
        d="M330 60c10 40 60 50 60 90 0 30-50 40-50 80 0 20 10 40 20 70"
        fill="none"
        strokeWidth="14"
        strokeLinecap="round"
        className="stroke-bdblue-200 dark:stroke-bdblue-800"
      />
      <rect x="142" y="214" width="44" height="34" rx="10" className="fill-teal-100 dark:fill-teal-900" />
      <rect x="74" y="84" width="44" height="60" rx="10" className="fill-teal-100 dark:fill-teal-900" />
      <g fill="none" strokeWidth="6" strokeLinecap="round" className="stroke-bdblue-100 dark:stroke-gray-600">
        <path d="M60 200l360-40" />
        <path d="M130 64v236" />
        <path d="M250 68l-20 230" />
        <path d="M60 260c80-10 150 0 240-30 40-14 80-14 120-10" />
        <path d="M300 120l120-20" />
      </g>
      <Pin x={110} y={186} />
      <Pin x={276} y={262} />
      <Pin x={370} y={130} />
      <ellipse cx="206" cy="176" rx="30" ry="11" className="fill-bdblue-500/15 dark:fill-bdblue-400/20" />
      <Pin x={206} y={176} big />
    </SvgFrame>
  );
}
