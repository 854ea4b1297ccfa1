import type { ReactNode } from "react";
import { cn } from "./cn.ts";

/** Spec §9: the main layout grid has 10 columns; content spans narrow 6, base 8 or full 10. */
export type GridWidth = "narrow" | "base" | "full";

const spans: Record<GridWidth, string> = {
  narrow: "col-span-10 md:col-span-8 md:col-start-2 lg:col-span-6 lg:col-start-3",
  base: "col-span-10 lg:col-span-8 lg:col-start-2",
  full: "col-span-10",
};

export function PageGrid({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn("mx-auto grid w-full max-w-7xl grid-cols-10 gap-x-6 px-4 sm:px-6 lg:px-8", className)}>
      {children}
    </div>
  );
}

export function GridItem({
  width = "base",
  children,
  className,
}: {
  width?: GridWidth;
  children: ReactNode;
  className?: string;
}) {
  return <div className={cn(spans[width], className)}>{children}</div>;
}
