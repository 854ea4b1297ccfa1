import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement } from "react";

/** What a toolbar button needs to open its menu (the ARIA menu button pattern). */
export type MenuButtonProps = {
  "aria-haspopup": "menu";
  "aria-expanded": boolean;
  "aria-controls": string | undefined;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
};

/**
 * A toolbar button that asks which kind before it acts (a code block's language, a
 * callout's kind). Enter, Space (the button's click) or ArrowDown opens the menu on its
 * first item (ArrowUp on its last); the arrow keys, Home, End and typed letters move
 * along it; Enter or Space chooses; Escape or Tab closes it with focus back on the
 * button, and a click elsewhere closes it. A choice moves focus to the editor, with the
 * block's text selected to type over. Hand-made rather than Radix's menu, whose
 * positioning and scroll lock would add about 30 KB to the editor's first load. On a
 * phone the menu spans the toolbar's width.
 */
export function ToolMenu<Value extends string>({
  button,
  heading,
  items,
  onChoose,
}: {
  /** The toolbar's button (its roving tab stop, label and icon), given what opens the menu. */
  button: (props: MenuButtonProps) => ReactElement;
  /** The menu's name, shown at its top: "Language". */
  heading: string;
  items: readonly { value: Value; label: string }[];
  onChoose: (value: Value) => void;
}) {
  const [open, setOpen] = useState<"first" | "last" | null>(null);
  const id = useId();
  const menu = useRef<HTMLDivElement>(null);
  const typed = useRef({ text: "", at: 0 });

  const entries = () => [...(menu.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];
  useEffect(() => {
    if (!open) return;
    const list = entries();
    menu.current?.scrollIntoView({ block: "nearest" });
    (open === "first" ? list[0] : list.at(-1))?.focus();
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(null);
    if (refocus) menu.current?.parentElement?.querySelector<HTMLButtonElement>(":scope > button")?.focus();
  };
  const choose = (value: Value) => {
    setOpen(null);
    onChoose(value);
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = entries();
    const at = list.findIndex((entry) => entry === document.activeElement);
    const go = (index: number) => list[(index + list.length) % list.length]?.focus();
    const letter = event.key.length === 1 && /\S/.test(event.key) ? event.key.toLowerCase() : null;
    // The menu's keys are its own: the toolbar's arrow keys must not move on under it.
    event.stopPropagation();
    if (event.key === "ArrowDown") go(at + 1);
    else if (event.key === "ArrowUp") go(at - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(-1);
    else if (event.key === "Escape" || event.key === "Tab") close(true);
    else if (letter) {
      // Letters typed together spell the start of a name ("py"); a lone one steps through its names.
      const text = event.timeStamp - typed.current.at < 800 ? typed.current.text + letter : letter;
      typed.current = { text, at: event.timeStamp };
      const from = text.length > 1 ? at : at + 1;
      const order = [...list.slice(from), ...list.slice(0, from)];
      order.find((entry) => entry.textContent.toLowerCase().startsWith(text))?.focus();
    } else return;
    event.preventDefault();
  };

  return (
    <div className="sm:relative">
      {button({
        "aria-haspopup": "menu",
        "aria-expanded": open !== null,
        "aria-controls": open ? id : undefined,
        onClick: () => setOpen((now) => (now ? null : "first")),
        onKeyDown: (event) => {
          if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
          event.preventDefault();
          setOpen(event.key === "ArrowDown" ? "first" : "last");
        },
      })}
      {open ? (
        <div
          ref={menu}
          id={id}
          role="menu"
          tabIndex={-1}
          aria-labelledby={`${id}-heading`}
          onKeyDown={onMenuKey}
          onBlur={(event) => {
            const next = event.relatedTarget;
            if (!(next instanceof Node) || !event.currentTarget.parentElement?.contains(next)) close(false);
          }}
          className="absolute inset-x-2 top-full z-20 mt-1 max-h-[min(26rem,calc(100dvh-6rem))] overflow-y-auto rounded-lg bg-white p-1 shadow-lg ring-1 ring-gray-300 sm:inset-x-auto sm:left-0 sm:w-max sm:min-w-48 dark:bg-gray-900 dark:ring-gray-700"
        >
          <div id={`${id}-heading`} className="px-3 pt-1.5 pb-1 text-xs font-semibold text-gray-700 dark:text-gray-300">
            {heading}
          </div>
          {items.map((item) => (
            <div
              key={item.value}
              role="menuitem"
              tabIndex={-1}
              onClick={() => choose(item.value)}
              onKeyDown={(event) => {
                if (event.key !== "Enter" && event.key !== " ") return;
                event.preventDefault();
                event.stopPropagation();
                choose(item.value);
              }}
              className="flex min-h-10 cursor-pointer items-center rounded-md px-3 text-sm text-gray-900 outline-none select-none hover:bg-gray-100 focus:bg-bdblue-50 focus:text-bdblue-950 focus:outline-2 focus:-outline-offset-2 focus:outline-bdblue-600 focus:outline-solid dark:text-gray-100 dark:hover:bg-gray-800 dark:focus:bg-bdblue-950 dark:focus:text-white dark:focus:outline-bdblue-300"
            >
              {item.label}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
