import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "./cn.ts";

/**
 * `primary` is the one main action of a form or page; `secondary` and `ghost` the rest;
 * `danger` an action that removes or ends something (outlined, so it never reads as the
 * main action), `dangerSolid` the button that confirms one.
 */
export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "dangerSolid";
export type ButtonSize = "md" | "lg" | "icon";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-progress aria-disabled:opacity-70";

const variants: Record<ButtonVariant, string> = {
  primary:
    "bg-bdblue-600 text-white shadow-sm hover:bg-bdblue-700 dark:bg-bdblue-400 dark:text-gray-950 dark:hover:bg-bdblue-300",
  secondary:
    "bg-white text-gray-900 ring-1 ring-gray-300 ring-inset hover:bg-gray-50 dark:bg-gray-900 dark:text-white dark:ring-gray-700 dark:hover:bg-gray-800",
  ghost:
    "text-gray-700 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-200 dark:hover:bg-gray-800 dark:hover:text-white",
  danger:
    "bg-white text-red-700 ring-1 ring-red-300 ring-inset hover:bg-red-50 dark:bg-gray-900 dark:text-red-300 dark:ring-red-800 dark:hover:bg-red-950",
  dangerSolid:
    "bg-red-700 text-white shadow-sm hover:bg-red-800 dark:bg-red-400 dark:text-gray-950 dark:hover:bg-red-300",
};

const sizes: Record<ButtonSize, string> = {
  md: "min-h-11 px-4 text-sm",
  lg: "min-h-12 px-6 text-base",
  icon: "size-11 shrink-0",
};

export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string): string {
  return cn(base, variants[variant], sizes[size], extra);
}

type ButtonLinkProps = Omit<ComponentProps<typeof Link>, "className"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children: ReactNode;
};

export function ButtonLink({ variant, size, className, children, ...props }: ButtonLinkProps) {
  return (
    <Link {...props} className={buttonClasses(variant, size, className)}>
      {children}
    </Link>
  );
}

type ButtonProps = ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} {...props} className={buttonClasses(variant, size, className)} />;
}
