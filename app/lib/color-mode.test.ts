import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import {
  applyColorMode,
  colorModeScript,
  colorModeStorageKey,
  forcedSystemWarning,
  isColorModePreference,
} from "./color-mode.ts";

/** Just enough of the DOM for the head script: a root element, storage and media queries. */
class FakeRoot {
  readonly classes = new Set<string>();
  readonly dataset: Record<string, string | undefined> = {};
  readonly classList = {
    add: (...names: string[]) => {
      for (const name of names) this.classes.add(name);
    },
    toggle: (name: string, force: boolean) => {
      if (force) this.classes.add(name);
      else this.classes.delete(name);
      return force;
    },
    contains: (name: string) => this.classes.has(name),
  };
}

type Env = {
  root: FakeRoot;
  storage: Map<string, string>;
  setSystemDark: (dark: boolean) => void;
  /** Calls every "change" listener registered on the dark-scheme query. */
  fireSystemChange: () => void;
  mediaQueries: string[];
};

function installFakeDom(
  options: { systemDark?: boolean; stored?: string; storageBlocked?: boolean; forced?: string } = {},
): Env {
  const root = new FakeRoot();
  if (options.forced !== undefined) root.dataset.forceColorMode = options.forced;
  const storage = new Map<string, string>();
  if (options.stored !== undefined) storage.set(colorModeStorageKey, options.stored);
  let systemDark = options.systemDark ?? false;
  const listeners: (() => void)[] = [];
  const mediaQueries: string[] = [];
  vi.stubGlobal("document", { documentElement: root });
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => {
      if (options.storageBlocked) throw new DOMException("The operation is insecure.", "SecurityError");
      return storage.get(key) ?? null;
    },
  });
  vi.stubGlobal("matchMedia", (query: string) => {
    mediaQueries.push(query);
    return {
      matches: query === "(prefers-color-scheme: dark)" && systemDark,
      addEventListener: (type: string, listener: () => void) => {
        if (type === "change") listeners.push(listener);
      },
    };
  });
  return {
    root,
    storage,
    mediaQueries,
    setSystemDark: (dark) => {
      systemDark = dark;
    },
    fireSystemChange: () => {
      for (const listener of listeners) listener();
    },
  };
}

function modeOf(root: FakeRoot): "dark" | "light" | "both" | "none" {
  const dark = root.classes.has("dark");
  const light = root.classes.has("light");
  return dark && light ? "both" : dark ? "dark" : light ? "light" : "none";
}

let warn: MockInstance<typeof console.warn>;

beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const apply = (forced: string | null = null) => {
  applyColorMode(colorModeStorageKey, forced, forcedSystemWarning);
};

describe("applyColorMode", () => {
  it("a stored 'dark' preference paints dark, even when the OS is light", () => {
    const { root } = installFakeDom({ stored: "dark", systemDark: false });
    apply();
    expect(modeOf(root)).toBe("dark");
    expect(root.dataset.colorModePreference).toBe("dark");
  });

  it("a stored 'light' preference paints light, even when the OS is dark", () => {
    const { root } = installFakeDom({ stored: "light", systemDark: true });
    apply();
    expect(modeOf(root)).toBe("light");
    expect(root.dataset.colorModePreference).toBe("light");
  });

  it.each([
    [true, "dark"],
    [false, "light"],
  ] as const)("with no stored preference it follows the OS (OS dark: %s → %s)", (systemDark, expected) => {
    const env = installFakeDom({ systemDark });
    apply();
    expect(modeOf(env.root)).toBe(expected);
    expect(env.root.dataset.colorModePreference).toBe("system");
    expect(env.mediaQueries).toContain("(prefers-color-scheme: dark)");
  });

  it("a stored 'system' or unknown value follows the OS", () => {
    for (const stored of ["system", "purple"]) {
      const { root } = installFakeDom({ stored, systemDark: true });
      apply();
      expect(modeOf(root), stored).toBe("dark");
      expect(root.dataset.colorModePreference, stored).toBe("system");
    }
  });

  it("a forced 'light' overrides a stored 'dark' but keeps the visitor's preference on record", () => {
    const { root } = installFakeDom({ stored: "dark", systemDark: true });
    apply("light");
    expect(modeOf(root)).toBe("light");
    expect(root.dataset.colorModePreference).toBe("dark");
  });

  it("a forced 'dark' overrides a stored 'light'", () => {
    const { root } = installFakeDom({ stored: "light" });
    apply("dark");
    expect(modeOf(root)).toBe("dark");
  });

  it("a forced 'system' warns exactly once, however often it runs, and uses the visitor's preference", () => {
    const { root } = installFakeDom({ stored: "dark", systemDark: false });
    apply("system");
    apply("system");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(forcedSystemWarning);
    expect(modeOf(root)).toBe("dark");
  });

  it("a forced 'system' without a stored preference follows the OS", () => {
    const { root } = installFakeDom({ systemDark: true });
    apply("system");
    expect(modeOf(root)).toBe("dark");
  });

  it("no warning without a forced 'system'", () => {
    installFakeDom({ stored: "dark" });
    apply();
    apply("light");
    expect(warn).not.toHaveBeenCalled();
  });

  it("blocked storage (getItem throws) falls back to the OS setting", () => {
    const { root } = installFakeDom({ storageBlocked: true, systemDark: true });
    expect(() => apply()).not.toThrow();
    expect(modeOf(root)).toBe("dark");
    expect(root.dataset.colorModePreference).toBe("system");
  });

  it("adds the js class", () => {
    const { root } = installFakeDom();
    apply();
    expect(root.classes.has("js")).toBe(true);
  });

  it("switching modes leaves exactly one of dark/light", () => {
    const env = installFakeDom({ systemDark: true });
    apply();
    expect(modeOf(env.root)).toBe("dark");
    env.setSystemDark(false);
    apply();
    expect(modeOf(env.root)).toBe("light");
  });
});

describe("colorModeScript", () => {
  const run = (script: string) => {
    // The script is what the document head runs; evaluate it as the browser would.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const headScript = new Function(script) as () => void;
    headScript();
  };

  it("evaluates and applies the mode stored under the nuxt-color-mode key", () => {
    expect(colorModeStorageKey).toBe("nuxt-color-mode");
    const { root, storage } = installFakeDom({ systemDark: false });
    storage.set("nuxt-color-mode", "dark");
    const script = colorModeScript();
    expect(script).toContain('"nuxt-color-mode"');
    run(script);
    expect(modeOf(root)).toBe("dark");
    expect(root.classes.has("js")).toBe(true);
  });

  it("ignores other storage keys", () => {
    const { root, storage } = installFakeDom({ systemDark: false });
    storage.set("color-mode", "dark");
    run(colorModeScript());
    expect(modeOf(root)).toBe("light");
  });

  it("reads the forced mode from data-force-color-mode on the root element", () => {
    const { root } = installFakeDom({ stored: "dark", forced: "light" });
    run(colorModeScript());
    expect(modeOf(root)).toBe("light");
  });

  it("warns once for a forced 'system' through the script", () => {
    installFakeDom({ forced: "system" });
    run(colorModeScript());
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(forcedSystemWarning);
  });

  it("re-applies the mode when the OS setting changes", () => {
    const env = installFakeDom({ systemDark: false });
    run(colorModeScript());
    expect(modeOf(env.root)).toBe("light");
    env.setSystemDark(true);
    env.fireSystemChange();
    expect(modeOf(env.root)).toBe("dark");
  });
});

describe("isColorModePreference", () => {
  it("accepts only system, light and dark", () => {
    expect(["system", "light", "dark"].every(isColorModePreference)).toBe(true);
    expect([undefined, null, "", "Dark", 1].some(isColorModePreference)).toBe(false);
  });
});
