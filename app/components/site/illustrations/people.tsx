import { c } from "./palette.ts";

export type Skin = "light" | "mid" | "deep";
type Hair = "short" | "bun" | "curly" | "long" | "none";

const skinClass: Record<Skin, string> = { light: c.skinLight, mid: c.skinMid, deep: c.skinDeep };

/** Skin fill class for hands and other small shapes. */
export const skin = (s: Skin) => skinClass[s];

type HeadProps = {
  x: number;
  y: number;
  tone: Skin;
  hair: Hair;
  hairClass?: string;
  /** Faces right by default; flip to face left. */
  flip?: boolean;
};

/** A friendly featureless head (radius 16) with a neck and a choice of hair. */
export function Head({ x, y, tone, hair, hairClass = c.hairDark, flip }: HeadProps) {
  return (
    <g transform={`translate(${x} ${y})${flip ? " scale(-1 1)" : ""}`}>
      {hair === "curly" && <circle cx="-3" cy="-4" r="20" className={hairClass} />}
      {hair === "long" && <path d="M-18 -2c0 14 0 26 -4 34h18V0Z" className={hairClass} />}
      {hair === "bun" && <circle cx="-13" cy="-14" r="8" className={hairClass} />}
      <g className={skinClass[tone]}>
        <rect x="-6" y="10" width="12" height="16" rx="5" />
        <circle r="16" />
      </g>
      {hair !== "none" && hair !== "curly" && (
        <path d="M-17 6c-3-14 4-24 15-24 10 0 18 6 18 14-8-4-17-3-23 3-3 3-5 6-6 9Z" className={hairClass} />
      )}
      {hair === "curly" && <path d="M-16 4c-2-10 2-20 14-22 10 0 16 4 18 12-10-4-20 0-26 6Z" className={hairClass} />}
    </g>
  );
}
