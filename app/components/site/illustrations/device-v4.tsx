import { c } from "./palette.ts";
import { SvgFrame } from "./svg-frame.tsx";
import type { IllustrationProps } from "./types.ts";

/** The v4 unit alone, drawn in a 300 x 240 box (origin top left). Reused by other scenes. */
export function V4Art() {
  return (
    <g>
      {/* thermal printer paper strip */}
      <path d="M134 40V6l6.5-6 6.5 6 6.5-6 6.5 6 6.5-6 6.5 6 6.5-6 6.5 6v34Z" className={c.receipt} />
      <g className="fill-gray-300 dark:fill-gray-600">
        <rect x="140" y="14" width="30" height="4" rx="2" />
        <rect x="140" y="22" width="40" height="4" rx="2" />
        <rect x="140" y="30" width="22" height="4" rx="2" />
      </g>
      {/* boxy console with 7-inch screen and keys */}
      <rect x="96" y="30" width="128" height="12" rx="6" className={c.side} />
      <rect x="96" y="36" width="128" height="130" rx="10" className={c.shell} />
      <rect x="128" y="36" width="64" height="6" rx="3" className="fill-gray-700 dark:fill-gray-900" />
      <rect x="110" y="52" width="100" height="66" rx="6" className="fill-gray-800 dark:fill-gray-950" />
      <rect x="116" y="58" width="88" height="54" rx="3" className={c.display} />
      <g className="fill-bdblue-400">
        <rect x="126" y="82" width="10" height="22" rx="2" />
        <rect x="142" y="72" width="10" height="32" rx="2" />
      </g>
      <g className="fill-bdblue-800">
        <rect x="160" y="70" width="34" height="5" rx="2.5" />
        <rect x="160" y="80" width="24" height="5" rx="2.5" />
        <rect x="126" y="64" width="26" height="4" rx="2" />
      </g>
      <g className={c.side}>
        <circle cx="124" cy="136" r="7" />
        <circle cx="146" cy="136" r="7" />
        <circle cx="168" cy="136" r="7" />
      </g>
      <circle cx="196" cy="136" r="7" className={c.brand} />
      {/* boxier base, foot well, pads with gel */}
      <rect x="0" y="170" width="250" height="66" rx="12" className={c.side} />
      <rect x="0" y="150" width="250" height="58" rx="14" className={c.shell} />
      <rect x="30" y="162" width="170" height="34" rx="17" className={c.well} />
      <g className="fill-gray-400 dark:fill-gray-500">
        <rect x="36" y="156" width="24" height="10" rx="3" />
        <rect x="36" y="192" width="24" height="10" rx="3" />
      </g>
      <g className={c.teal}>
        <ellipse cx="48" cy="169" rx="9" ry="3" />
        <ellipse cx="48" cy="189" rx="9" ry="3" />
      </g>
      <rect x="20" y="218" width="36" height="6" rx="3" className={c.muted} />
      {/* coupling-gel bottle */}
      <path d="M272 150h10l4 14h-18Z" className="fill-gray-300 dark:fill-gray-500" />
      <rect x="258" y="162" width="38" height="76" rx="10" className="fill-teal-200 dark:fill-teal-700" />
      <rect x="264" y="186" width="26" height="28" rx="4" className={c.paper} />
      <path d="M277 191c6 7 6 12 0 14-6-2-6-7 0-14Z" className="fill-teal-500" />
    </g>
  );
}

export function DeviceV4({ className, title }: IllustrationProps) {
  return (
    <SvgFrame viewBox="0 0 480 360" className={className} title={title}>
      <rect x="30" y="30" width="420" height="300" rx="40" className={c.backdrop} />
      <ellipse cx="240" cy="304" rx="190" ry="14" className={c.floor} />
      <g transform="translate(92 66)">
        <V4Art />
      </g>
    </SvgFrame>
  );
}
