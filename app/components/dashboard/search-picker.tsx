import { Check, LoaderCircle, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "../ui/cn.ts";

/**
 * One thing a picker offers: the form fields it sends when picked (a person's id and the
 * version of their row, say), how it reads, and a second line to tell look-alikes apart.
 */
export type PickerOption = {
  key: string;
  fields: Record<string, string>;
  label: string;
  detail?: string | undefined;
  disabled?: boolean;
};

/**
 * A searching picker (the ARIA combobox pattern with a list box): typing asks the server
 * for matches (`find`), arrows move through them, Enter or a click picks one, Escape
 * closes the list. The pick travels in hidden fields (`emptyFields` until something is
 * picked), so the picker sits in a plain form. `find` is asked after a short pause, and an older answer never replaces a
 * newer one.
 */
export function SearchPicker({
  label,
  hint,
  emptyFields,
  placeholder,
  find,
  initial = null,
  error,
  noneLabel,
  density = "form",
}: {
  label: string;
  hint?: string;
  /** The fields sent while nothing is picked (a cleared organization sends an empty one). */
  emptyFields: Record<string, string>;
  placeholder?: string;
  find: (text: string) => Promise<PickerOption[]>;
  initial?: PickerOption | null;
  error?: string | undefined;
  /** When set, the pick can be cleared, and this says what "nothing" means ("No organization"). */
  noneLabel?: string;
  /**
   * "filter" sits in a row of list filters: the small label and field height of the
   * selects beside it, and a pick shown in a field-sized box with a clear button.
   */
  density?: "form" | "filter";
}) {
  const compact = density === "filter";
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [picked, setPicked] = useState<PickerOption | null>(initial);
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [answer, setAnswer] = useState<{ text: string; options: PickerOption[]; failed: boolean }>({
    text: "",
    options: [],
    failed: false,
  });
  const input = useRef<HTMLInputElement>(null);
  const query = text.trim();
  const searching = open && query.length >= 1 && answer.text !== query;
  const options = answer.text === query ? answer.options : [];

  useEffect(() => {
    if (!open || query.length < 1) return;
    let current = true;
    const timer = setTimeout(() => {
      find(query)
        .then((found) => current && setAnswer({ text: query, options: found, failed: false }))
        .catch(() => current && setAnswer({ text: query, options: [], failed: true }));
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, open, find]);

  // A person's pick (or clearing it) is a change, as a select's is: a list's live filters
  // listen for it. A new `initial` (the URL changed: a filter chip removed) is followed
  // quietly.
  const container = useRef<HTMLDivElement>(null);
  const pickedByPerson = useRef(false);
  // After a pick, focus goes to the button that undoes it (its name says what was picked),
  // not to the page: the text box it was typed in is gone.
  const undo = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!pickedByPerson.current) return;
    pickedByPerson.current = false;
    if (picked) undo.current?.focus();
    container.current?.dispatchEvent(new Event("change", { bubbles: true }));
  }, [picked]);
  const initialKey = initial?.key ?? null;
  const [followed, setFollowed] = useState(initialKey);
  if (followed !== initialKey) {
    setFollowed(initialKey);
    setPicked(initial);
  }

  const choose = (option: PickerOption) => {
    if (option.disabled) return;
    pickedByPerson.current = true;
    setPicked(option);
    setText("");
    setOpen(false);
  };

  /** What the button that undoes a pick says. */
  const undoWords = noneLabel ? `Clear (${noneLabel.toLowerCase()})` : "Choose another";
  const clear = () => {
    pickedByPerson.current = true;
    setPicked(null);
    requestAnimationFrame(() => input.current?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (options.length > 0) {
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((current) => (current + step + options.length) % options.length);
      }
    } else if (event.key === "Enter" && open) {
      const option = options[active];
      if (option) {
        event.preventDefault();
        choose(option);
      }
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const status = searching
    ? "Searching…"
    : answer.failed && answer.text === query
      ? "The search did not answer. Try again."
      : query.length >= 1 && options.length === 0
        ? "Nothing matches. Try another word."
        : null;

  return (
    <div ref={container} className={cn("grid", compact ? "gap-1" : "gap-1.5")}>
      <label
        htmlFor={compact && picked ? undefined : id}
        id={`${id}-label`}
        className={cn("font-semibold text-gray-900 dark:text-gray-100", compact ? "text-sm" : "text-base")}
      >
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-gray-600 dark:text-gray-300">
          {hint}
        </p>
      ) : null}
      {Object.entries(picked?.fields ?? emptyFields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      {picked && compact ? (
        <div
          role="group"
          aria-labelledby={`${id}-label`}
          className="flex min-h-11 min-w-0 items-center gap-1 rounded-lg border border-gray-500 bg-white pr-1 pl-3 text-base text-gray-950 dark:bg-gray-900 dark:text-white"
        >
          <span
            className="min-w-0 flex-1 truncate"
            title={picked.detail ? `${picked.label} · ${picked.detail}` : picked.label}
          >
            {picked.label}
          </span>
          <button
            ref={undo}
            type="button"
            onClick={clear}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 hover:text-gray-950 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white"
          >
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">
              {undoWords}: {picked.label}
              {picked.detail ? ` (${picked.detail})` : ""}
            </span>
          </button>
        </div>
      ) : picked ? (
        <p className="flex min-h-11 flex-wrap items-center gap-2 text-base">
          <Check aria-hidden="true" className="size-5 text-emerald-700 dark:text-emerald-300" />
          <span>
            <span className="font-semibold">{picked.label}</span>
            {picked.detail ? <span className="text-gray-700 dark:text-gray-300"> · {picked.detail}</span> : null}
          </span>
          <button
            ref={undo}
            type="button"
            onClick={clear}
            className="inline-flex min-h-9 items-center gap-1 rounded-md px-2 text-sm font-semibold text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300"
          >
            <X aria-hidden="true" className="size-4" />
            {undoWords}
            <span className="sr-only">: {picked.label}</span>
          </button>
        </p>
      ) : (
        <div className="relative">
          <input
            ref={input}
            id={id}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open && query.length >= 1}
            aria-controls={listId}
            aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            placeholder={placeholder}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActive(0);
              setOpen(true);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
            className={cn(
              "w-full rounded-lg border bg-white text-base text-gray-950 dark:bg-gray-900 dark:text-white",
              compact ? "min-h-11 px-3" : "min-h-12 px-3.5 shadow-sm",
              error ? "border-red-600 dark:border-red-400" : "border-gray-500",
            )}
          />
          {open && query.length >= 1 ? (
            <div className="absolute z-20 mt-1 w-full min-w-64 overflow-hidden rounded-lg bg-white shadow-lg ring-1 ring-gray-300 dark:bg-gray-900 dark:ring-gray-700">
              <ul id={listId} role="listbox" aria-label={label} className="max-h-64 overflow-y-auto py-1">
                {options.map((option, index) => (
                  <li
                    key={option.key}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === active}
                    aria-disabled={option.disabled ? true : undefined}
                    // Picked on mouse down, before the input's blur closes the list.
                    onMouseDown={(event) => {
                      event.preventDefault();
                      choose(option);
                    }}
                    onMouseEnter={() => setActive(index)}
                    className={cn(
                      "flex min-h-11 cursor-pointer flex-col justify-center px-3 py-1.5 text-base",
                      index === active && "bg-bdblue-50 text-bdblue-950 dark:bg-bdblue-950 dark:text-bdblue-50",
                      option.disabled && "cursor-not-allowed opacity-70",
                    )}
                  >
                    <span>{option.label}</span>
                    {option.detail ? (
                      <span className="text-sm text-gray-700 dark:text-gray-300">{option.detail}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
              {status ? (
                <p className="flex items-center gap-2 px-3 py-2 text-sm text-gray-700 dark:text-gray-300">
                  {searching ? <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" /> : null}
                  {status}
                </p>
              ) : null}
            </div>
          ) : null}
          <p className="sr-only" aria-live="polite">
            {open && !searching && query.length >= 1
              ? options.length === 0
                ? status
                : `${options.length} ${options.length === 1 ? "match" : "matches"}: use the arrow keys to choose.`
              : ""}
          </p>
        </div>
      )}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
