import {
  Bold,
  Code,
  Heading2,
  Image,
  Info,
  Italic,
  Link,
  List,
  ListChecks,
  ListOrdered,
  Quote,
  SquareCode,
  Table,
  type LucideIcon,
} from "lucide-react";
import { useRef, useState, type KeyboardEvent } from "react";
import { ToolMenu, type MenuButtonProps } from "./tool-menu.tsx";
import { calloutKinds, codeLanguages, type FormatName, type FormatRequest } from "./tools.ts";

type Tool = { label: string; icon: LucideIcon; keys?: string; format: FormatName | "codeBlock" | "callout" };

const tools: readonly Tool[] = [
  { label: "Section heading", icon: Heading2, keys: "Mod+Alt+2", format: "headingLine" },
  { label: "Bold", icon: Bold, keys: "Mod+B", format: "bold" },
  { label: "Italic", icon: Italic, keys: "Mod+I", format: "italic" },
  { label: "Inline code", icon: Code, keys: "Mod+E", format: "inlineCode" },
  { label: "Link", icon: Link, keys: "Mod+K", format: "insertLink" },
  { label: "Bulleted list", icon: List, keys: "Mod+Shift+8", format: "bulletList" },
  { label: "Numbered list", icon: ListOrdered, keys: "Mod+Shift+7", format: "numberedList" },
  { label: "Checklist", icon: ListChecks, format: "taskList" },
  { label: "Quote", icon: Quote, format: "quote" },
  { label: "Code block", icon: SquareCode, format: "codeBlock" },
  { label: "Table", icon: Table, format: "table" },
  { label: "Callout", icon: Info, format: "callout" },
];

function keysFor(keys: string, mac: boolean): string {
  return keys.replace("Mod", mac ? "⌘" : "Ctrl").replace("Alt", mac ? "⌥" : "Alt");
}

const languageItems = codeLanguages.map((language) => ({ value: language.fence, label: language.label }));
const calloutItems = calloutKinds.map((kind) => ({ value: kind.kind, label: kind.label }));

/**
 * The formatting toolbar: one tab stop, arrow keys move along it (the ARIA toolbar
 * pattern). Each button names its shortcut; the code block and callout buttons open a
 * menu of languages and kinds.
 */
export function Toolbar({ onFormat, onImage }: { onFormat: (request: FormatRequest) => void; onImage: () => void }) {
  const [focus, setFocus] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const mac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
  const count = tools.length + 1;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, Home: -focus, End: count - 1 - focus };
    const step = moves[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = (focus + step + count) % count;
    setFocus(next);
    buttons.current[next]?.focus();
  };
  const button = (
    index: number,
    tool: { label: string; icon: LucideIcon; keys?: string | undefined },
    onClick: () => void,
    menu?: MenuButtonProps,
  ) => {
    const name = tool.keys ? `${tool.label} (${keysFor(tool.keys, mac)})` : tool.label;
    return (
      <button
        key={tool.label}
        ref={(element) => {
          buttons.current[index] = element;
        }}
        type="button"
        tabIndex={index === focus ? 0 : -1}
        {...menu}
        onClick={() => {
          setFocus(index);
          menu?.onClick();
          onClick();
        }}
        aria-label={name}
        title={name}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 hover:text-gray-950 focus-visible:outline-2 focus-visible:outline-bdblue-600 aria-expanded:bg-gray-100 aria-expanded:text-gray-950 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white dark:focus-visible:outline-bdblue-300 dark:aria-expanded:bg-gray-800 dark:aria-expanded:text-white"
      >
        <tool.icon aria-hidden="true" className="size-4" />
      </button>
    );
  };
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      onKeyDown={onKeyDown}
      className="relative flex flex-wrap items-center gap-0.5 border-b border-gray-200 px-2 py-1 dark:border-gray-800"
    >
      {tools.map((tool, index) => {
        const { format } = tool;
        if (format === "codeBlock") {
          return (
            <ToolMenu
              key={tool.label}
              button={(menu) => button(index, tool, () => undefined, menu)}
              heading="Language"
              items={languageItems}
              onChoose={(language) => onFormat({ block: "code", language })}
            />
          );
        }
        if (format === "callout") {
          return (
            <ToolMenu
              key={tool.label}
              button={(menu) => button(index, tool, () => undefined, menu)}
              heading="Kind of callout"
              items={calloutItems}
              onChoose={(kind) => onFormat({ block: "callout", kind })}
            />
          );
        }
        return button(index, tool, () => onFormat(format));
      })}
      <span aria-hidden="true" className="mx-1 h-5 w-px bg-gray-200 dark:bg-gray-700" />
      {button(tools.length, { label: "Image from the media library", icon: Image }, onImage)}
    </div>
  );
}
