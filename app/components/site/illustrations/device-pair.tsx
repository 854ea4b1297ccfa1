import { V4Art } from "./device-v4.tsx";
import { V5Art } from "./device-v5.tsx";
import { c } from "./palette.ts";
import { SvgFrame } from "./svg-frame.tsx";
import type { IllustrationProps } from "./types.ts";

export function DevicePair({ className, title }: IllustrationProps) {
  return (
    <SvgFrame viewBox="0 0 600 450" className={className} title={title}>
      <circle cx="296" cy="224" r="212" className={c.backdrop} />
      <g className={c.floor}>
        <ellipse cx="166" cy="262" rx="136" ry="10" />
        <ellipse cx="410" cy="398" rx="180" ry="14" />
      </g>
      <g transform="translate(44 70) scale(.8)" className="opacity-90">
        <V4Art />
      </g>
      <g transform="translate(232 156)">
        <V5Art />
      </g>
    </SvgFrame>
  );
}
