/**
 * The portal's keyboard shortcuts, in one module: the help dialog lists these, and the
 * shell's one key listener acts on them. Shortcuts never fire while typing in a field
 * (except ⌘K/Ctrl K, which opens the palette from anywhere).
 */
export type Shortcut = {
  /** What the help dialog shows, e.g. ["G", "U"] or ["⌘", "K"]. */
  keys: string[];
  /** Whether the keys are held together (a chord: Ctrl + K) rather than pressed one after the other (G then U). */
  together?: boolean;
  description: string;
  action: ShortcutAction;
};

export type ShortcutAction =
  | { kind: "palette" }
  | { kind: "help" }
  | { kind: "sidebar" }
  /** To a page; `document` ones are outside the portal's app and load whole. */
  | { kind: "go"; to: string; document?: true };

/** "g" then a letter: the two keys must come within this long of each other. */
export const sequenceTimeoutMs = 1_500;

export function paletteKeys(platform: string): string[] {
  return /Mac|iPhone|iPad/i.test(platform) ? ["⌘", "K"] : ["Ctrl", "K"];
}

export function shortcutsFor(
  pages: readonly { label: string; to: string; shortcut: string; document?: true }[],
  platform: string,
): Shortcut[] {
  return [
    {
      keys: paletteKeys(platform),
      together: true,
      description: "Open the command palette",
      action: { kind: "palette" },
    },
    { keys: ["?"], description: "Show the keyboard shortcuts", action: { kind: "help" } },
    { keys: ["["], description: "Collapse or expand the sidebar", action: { kind: "sidebar" } },
    ...pages.map((page) => ({
      keys: page.shortcut.toUpperCase().split(" "),
      description: `Go to ${page.label}`,
      action: { kind: "go" as const, to: page.to, ...(page.document ? { document: true as const } : {}) },
    })),
  ];
}

type KeyEventLike = {
  key: string;
  metaKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  target: unknown;
};

function isTyping(target: unknown): boolean {
  if (typeof target !== "object" || target === null) return false;
  const element = target as { tagName?: string; isContentEditable?: boolean };
  return (
    element.isContentEditable === true ||
    element.tagName === "INPUT" ||
    element.tagName === "TEXTAREA" ||
    element.tagName === "SELECT"
  );
}

/**
 * Reads key presses one at a time and says which shortcut, if any, they complete.
 * It remembers a pending "g" for `sequenceTimeoutMs`.
 */
export function createShortcutReader(shortcuts: readonly Shortcut[], now: () => number = () => Date.now()) {
  let pending: { key: string; at: number } | null = null;
  return (event: KeyEventLike): ShortcutAction | null => {
    if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === "k") {
      return { kind: "palette" };
    }
    if (event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) {
      pending = null;
      return null;
    }
    const key = event.key.length === 1 ? event.key.toUpperCase() : event.key;
    if (pending && now() - pending.at <= sequenceTimeoutMs) {
      const first = pending.key;
      pending = null;
      const match = shortcuts.find(
        (shortcut) => shortcut.keys.length === 2 && shortcut.keys[0] === first && shortcut.keys[1] === key,
      );
      if (match) return match.action;
    }
    pending = null;
    const single = shortcuts.find((shortcut) => shortcut.keys.length === 1 && shortcut.keys[0] === key);
    if (single) return single.action;
    if (shortcuts.some((shortcut) => shortcut.keys.length === 2 && shortcut.keys[0] === key)) {
      pending = { key, at: now() };
    }
    return null;
  };
}
