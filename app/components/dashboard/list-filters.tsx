import { SlidersHorizontal, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { useHydrated } from "../../lib/portal/hydrated.ts";
import { withParams } from "../../lib/list-params.ts";
import { buttonClasses } from "../ui/button.tsx";
import { cn } from "../ui/cn.ts";

/** A filter that is set, as a removable chip: its URL parameter, and how it reads ("Role: Admin"). */
export type FilterChip = { param: string; label: string };

/** How many rows a list holds with its filters: "23 people", "1,000+ events". */
export type ListTotal = { count: number; more: boolean; one: string; many: string };

const pageParams = ["after", "before"];

/**
 * A list's filters: a GET form, so the filters live in the URL, and every change starts
 * again from page 1. They apply as they change: a choice at once, typed words after a
 * short pause (the field keeps focus and what was typed). Below them, always in the same
 * place, the number of results and a chip for each filter that is set, to remove it.
 * Without JavaScript the form has an Apply button.
 */
export function ListFilters({
  children,
  label,
  total,
  chips,
}: {
  children: ReactNode;
  label: string;
  total: ListTotal;
  chips: readonly FilterChip[];
}) {
  const { search, pathname } = useLocation();
  const params = new URLSearchParams(search);
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const live = useHydrated();
  // Folded on a phone from the first paint (nothing moves when the page hydrates).
  const [open, setOpen] = useState(false);
  const formId = useId();
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Only the filters that are set go in the URL (no "kind=&listing=").
    const send = () => {
      const query = new URLSearchParams();
      for (const [name, value] of new FormData(element)) {
        if (typeof value === "string" && value !== "") query.append(name, value);
      }
      void submit(query, { method: "get", replace: true, preventScrollReset: true });
    };
    const onInput = (event: Event) => {
      const target = event.target;
      if (!(target instanceof HTMLInputElement) || target.type !== "search" || !target.name) return;
      clearTimeout(timer);
      timer = setTimeout(send, searchPauseMs);
    };
    const onChange = (event: Event) => {
      const target = event.target;
      // Typed words go by the pause above; a picker's own text box is not a filter.
      if (target instanceof HTMLInputElement && (target.type === "search" || !target.name)) return;
      clearTimeout(timer);
      send();
    };
    element.addEventListener("input", onInput);
    element.addEventListener("change", onChange);
    return () => {
      clearTimeout(timer);
      element.removeEventListener("input", onInput);
      element.removeEventListener("change", onChange);
    };
  }, [submit]);
  const keep = (changes: Record<string, string | null>) =>
    `${pathname}${withParams(search, { ...Object.fromEntries(pageParams.map((name) => [name, null])), ...changes })}`;
  const count = `${new Intl.NumberFormat("en-US").format(total.count)}${total.more ? "+" : ""} ${
    total.count === 1 && !total.more ? total.one : total.many
  }`;
  return (
    <div className="grid gap-3">
      {/* On a phone the fields fold away behind one button; the chips below say what is set. */}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen(!open)}
        className={buttonClasses("secondary", "md", "justify-self-start sm:hidden")}
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {open ? "Hide the filters" : "Filters"}
        {chips.length > 0 ? (
          <span className="rounded-full bg-bdblue-600 px-1.5 text-xs text-white dark:bg-bdblue-300 dark:text-gray-950">
            {chips.length}
          </span>
        ) : null}
      </button>
      <Form
        ref={form}
        id={formId}
        method="get"
        role="search"
        aria-label={label}
        className={cn("flex flex-wrap items-end gap-3", !open && "max-sm:hidden")}
      >
        {children}
        {["sort", "direction"].map((name) => {
          const value = params.get(name);
          return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
        })}
        {live ? null : (
          <button type="submit" className={buttonClasses("primary", "md")}>
            Apply
          </button>
        )}
      </Form>
      <div className="flex min-h-8 flex-wrap items-center gap-2 text-sm">
        <p role="status" className="mr-2 font-semibold text-gray-900 dark:text-gray-100">
          {count}
        </p>
        {chips.length > 0 ? (
          <ul aria-label="Filters in use" className="flex flex-wrap gap-2">
            {chips.map((chip) => (
              <li key={chip.param}>
                <Link
                  to={keep({ [chip.param]: null })}
                  replace
                  preventScrollReset
                  aria-label={`Remove the filter ${chip.label}`}
                  className="inline-flex min-h-8 items-center gap-1 rounded-full bg-bdblue-50 py-1 pr-2 pl-3 font-medium text-bdblue-900 ring-1 ring-bdblue-200 ring-inset hover:bg-bdblue-100 dark:bg-bdblue-950 dark:text-bdblue-100 dark:ring-bdblue-800 dark:hover:bg-bdblue-900"
                >
                  {chip.label}
                  <X aria-hidden="true" className="size-3.5" />
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {chips.length > 1 ? (
          <Link
            to={`${pathname}${withParams("", { sort: params.get("sort"), direction: params.get("direction") })}`}
            replace
            preventScrollReset
            className="ml-1 font-semibold text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300"
          >
            Clear all
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** How long typing pauses before the list follows it. */
const searchPauseMs = 300;

/**
 * Keeps an uncontrolled field in step with the URL (a chip removed, Back pressed), except
 * while it has focus: what someone is typing is never replaced under them.
 */
function useFollowUrl<E extends HTMLInputElement | HTMLSelectElement>(value: string) {
  const ref = useRef<E>(null);
  useEffect(() => {
    const field = ref.current;
    if (field && document.activeElement !== field && field.value !== value) field.value = value;
  }, [value]);
  return ref;
}

const fieldClasses =
  "min-h-11 rounded-lg border border-gray-500 bg-white px-3 text-base text-gray-950 dark:border-gray-500 dark:bg-gray-900 dark:text-white";

/** A filter's label above its control, in the small type of a filter row. */
function FilterFrame({
  label,
  className,
  control,
}: {
  label: string;
  className: string;
  control: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn("grid gap-1", className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {control(id)}
    </div>
  );
}

export function SearchField({ label, defaultValue }: { label: string; defaultValue: string | undefined }) {
  const ref = useFollowUrl<HTMLInputElement>(defaultValue ?? "");
  return (
    <FilterFrame
      label={label}
      className="min-w-40 flex-1"
      control={(id) => (
        <input
          ref={ref}
          id={id}
          type="search"
          name="q"
          defaultValue={defaultValue ?? ""}
          maxLength={100}
          // Its own width (about 20 characters) must not push it past its column into the next field.
          className={cn(fieldClasses, "w-full min-w-0")}
        />
      )}
    />
  );
}

export function SelectField({
  label,
  name,
  options,
  defaultValue,
  anyLabel,
  className,
}: {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  defaultValue: string | undefined;
  anyLabel?: string;
  /** A fixed width from the small breakpoint up, so a row of filters fits on one line. */
  className?: string;
}) {
  const ref = useFollowUrl<HTMLSelectElement>(defaultValue ?? "");
  return (
    <FilterFrame
      label={label}
      // A long option (an action's name) must not make the form wider than a small screen.
      className={cn("max-w-full min-w-0 max-sm:w-full", className)}
      control={(id) => (
        <select
          ref={ref}
          id={id}
          name={name}
          defaultValue={defaultValue ?? ""}
          className={cn(fieldClasses, "w-full max-w-full")}
        >
          {anyLabel ? <option value="">{anyLabel}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

export function DateField({
  label,
  name,
  defaultValue,
  className,
}: {
  label: string;
  name: string;
  defaultValue: string | undefined;
  className?: string;
}) {
  const ref = useFollowUrl<HTMLInputElement>(defaultValue ?? "");
  return (
    <FilterFrame
      label={label}
      className={className ?? ""}
      control={(id) => (
        <input
          ref={ref}
          id={id}
          type="date"
          name={name}
          defaultValue={defaultValue ?? ""}
          className={cn(fieldClasses, "w-full min-w-0")}
        />
      )}
    />
  );
}
