import { c } from "./palette.ts";
import { SvgFrame } from "./svg-frame.tsx";
import type { IllustrationProps } from "./types.ts";

/**
 * The v5 unit alone, drawn in a 346 x 240 box (origin top left). Reused by other
 * scenes; `simple` drops the small screen text marks for small renderings.
 */
export function V5Art({ simple }: { simple?: boolean }) {
  return (
    <g>
      {/* stand and tilted 10-inch screen */}
      <path d="M114 170 126 100h18l8 70Z" className={c.side} />
      <path d="M48 8h164l8 108H40Z" strokeWidth="12" strokeLinejoin="round" className={c.shellEdge} />
      <path d="M52 12h156l6 98H46Z" className={c.display} />
      <path d="M72 84a24 24 0 0 1 48 0" fill="none" strokeWidth="7" className="stroke-bdblue-800" />
      <path d="M72 84a24 24 0 0 1 33-22.3" fill="none" strokeWidth="7" className="stroke-teal-400" />
      <circle cx="105" cy="61.7" r="5" className="fill-white" />
      <g className="fill-bdblue-400">
        <rect x="140" y="66" width="10" height="30" rx="3" />
        <rect x="156" y="52" width="10" height="44" rx="3" />
        <rect x="172" y="72" width="10" height="24" rx="3" />
      </g>
      {!simple && (
        <g className="fill-bdblue-800">
          <rect x="62" y="22" width="44" height="6" rx="3" />
          <rect x="140" y="22" width="52" height="6" rx="3" />
          <rect x="140" y="34" width="34" height="6" rx="3" />
          <rect x="62" y="96" width="66" height="6" rx="3" />
        </g>
      )}
      {/* contoured base, foot well and the two transducer pads at the heel */}
      <rect x="0" y="172" width="260" height="68" rx="32" className={c.side} />
      <rect x="0" y="150" width="260" height="66" rx="32" className={c.shell} />
      <path d="M34 228h150" strokeWidth="3" strokeLinecap="round" className={c.brandStroke} />
      <path
        d="M62 166c42-3 78 1 112-4 22-3 44-2 52 10 6 10-2 24-22 26-40 4-96 0-142-1a15.5 15.5 0 0 1 0-31Z"
        className={c.side}
      />
      <path
        d="M62 171c42-3 78 1 112-4 20-2 40 0 46 9 4 9-2 19-18 21-38 4-94 0-140-1a12.5 12.5 0 0 1 0-25Z"
        className={c.well}
      />
      <g className={c.brand}>
        <rect x="50" y="161" width="26" height="9" rx="4.5" />
        <rect x="50" y="192" width="26" height="9" rx="4.5" />
      </g>
      {!simple && (
        <path
          d="M58 177q4 4 0 8m8-8q4 4 0 8"
          fill="none"
          strokeWidth="2"
          strokeLinecap="round"
          className={c.brandStroke}
        />
      )}
      {/* hand-held body-composition module on its dock, cabled to the base */}
      <path
        d="M236 222c20 4 18 26 34 16 6-4 4-10 4-14"
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        className={c.line}
      />
      <rect x="278" y="214" width="60" height="26" rx="10" className={c.side} />
      <rect x="270" y="194" width="76" height="24" rx="12" className={c.shell} />
      <g className="fill-bdblue-200 dark:fill-bdblue-300">
        <rect x="270" y="194" width="20" height="24" rx="10" />
        <rect x="326" y="194" width="20" height="24" rx="10" />
      </g>
      <rect x="298" y="200" width="20" height="12" rx="3" className={c.display} />
    </g>
  );
}

export function DeviceV5({ className, title }: IllustrationProps) {
  return (
    <SvgFrame viewBox="0 0 480 360" className={className} title={title}>
      <rect x="30" y="30" width="420" height="300" rx="40" className={c.backdrop} />
      <ellipse cx="240" cy="304" rx="190" ry="14" className={c.floor} />
      <g transform="translate(70 62)">
        <V5Art />
      </g>
    </SvgFrame>
  );
}
