import { V5Art } from "./device-v5.tsx";
import { c } from "./palette.ts";
import { SvgFrame } from "./svg-frame.tsx";
import type { IllustrationProps } from "./types.ts";

const days = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const booked = new Set([1, 4, 5, 7, 10]);

export function BusinessGrowth({ className, title }: IllustrationProps) {
  return (
    <SvgFrame viewBox="0 0 480 360" className={className} title={title}>
      <rect x="20" y="20" width="440" height="320" rx="40" className={c.backdrop} />
      {/* pharmacy shelves and sign */}
      <rect x="56" y="52" width="44" height="44" rx="12" className={c.brand} />
      <path d="M78 62v24M66 74h24" strokeWidth="8" strokeLinecap="round" className="stroke-white" />
      <g className={c.side}>
        <rect x="50" y="146" width="150" height="6" rx="3" />
        <rect x="50" y="206" width="150" height="6" rx="3" />
      </g>
      <g className={c.brandSoft}>
        <rect x="60" y="116" width="22" height="30" rx="4" />
        <rect x="140" y="176" width="26" height="30" rx="4" />
      </g>
      <g className={c.paper}>
        <rect x="88" y="124" width="20" height="22" rx="4" />
        <rect x="172" y="186" width="18" height="20" rx="4" />
        <rect x="62" y="180" width="30" height="26" rx="4" />
      </g>
      <g className="fill-teal-200 dark:fill-teal-800">
        <rect x="114" y="110" width="16" height="36" rx="6" />
        <rect x="98" y="184" width="16" height="22" rx="6" />
      </g>
      <rect x="136" y="126" width="28" height="20" rx="4" className="fill-amber-200 dark:fill-amber-700" />
      {/* appointment calendar */}
      <rect x="300" y="56" width="130" height="120" rx="14" className={c.paper} />
      <path d="M300 70a14 14 0 0 1 14-14h102a14 14 0 0 1 14 14v14H300Z" className={c.brand} />
      {days.map((d) => (
        <rect
          key={d}
          x={314 + (d % 4) * 27}
          y={94 + Math.floor(d / 4) * 26}
          width="20"
          height="18"
          rx="5"
          className={booked.has(d) ? "fill-bdblue-200 dark:fill-bdblue-700" : c.muted}
        />
      ))}
      <path
        d="M372 148l4 4 8-8"
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={c.brandStroke}
      />
      <circle cx="428" cy="176" r="20" className={c.teal} />
      <path
        d="M418 184l8-8 4 4 8-9m-6 0h6v6"
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-white dark:stroke-gray-900"
      />
      {/* counter with the device */}
      <path d="M20 250h440v50a40 40 0 0 1-40 40H60a40 40 0 0 1-40-40Z" className={c.side} />
      <rect x="20" y="240" width="440" height="16" rx="8" className={c.shell} />
      <path d="M60 290h120" strokeWidth="4" strokeLinecap="round" className={c.brandStroke} />
      <g transform="translate(190 120) scale(.5)">
        <V5Art simple />
      </g>
    </SvgFrame>
  );
}
