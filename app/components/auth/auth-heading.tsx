import type { ReactNode } from "react";

/** The title of a hosted account page, with one line on what it is for. */
export function AuthHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="grid gap-2">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {children ? <p className="text-base text-gray-700 dark:text-gray-300">{children}</p> : null}
    </div>
  );
}
