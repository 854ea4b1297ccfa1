import type { NavigateFunction } from "react-router";
import type { ColorModePreference } from "../../lib/color-mode.ts";
import { pageActions, type Capabilities } from "../../lib/portal/nav.ts";
import type { PaletteAction } from "./command-palette.tsx";
import { navigateTo } from "../../../shared/safe-navigation.ts";
import { toast } from "./toaster.tsx";

/**
 * What the command palette can do besides going to a page: the pages' own actions (from
 * the navigation model, as the person's capabilities allow), then the portal's.
 */
export function portalPaletteActions({
  capabilities,
  navigate,
  chooseColorMode,
  openHelp,
}: {
  capabilities: Capabilities;
  navigate: NavigateFunction;
  chooseColorMode: (mode: ColorModePreference) => void;
  openHelp: () => void;
}): PaletteAction[] {
  const actions: PaletteAction[] = pageActions(capabilities).map((action) => ({
    id: action.id,
    label: action.label,
    keywords: action.keywords,
    run: () =>
      navigateTo(action.to, {
        go: action.download ? undefined : (path) => void navigate(path),
        report: (title) => toast({ title, color: "error" }),
      }),
  }));
  actions.push(
    {
      id: "dark",
      label: "Switch to dark mode",
      keywords: ["colour", "color", "theme"],
      run: () => chooseColorMode("dark"),
    },
    {
      id: "light",
      label: "Switch to light mode",
      keywords: ["colour", "color", "theme"],
      run: () => chooseColorMode("light"),
    },
    { id: "help", label: "Show the keyboard shortcuts", keywords: ["keys", "help"], run: openHelp },
    {
      id: "website",
      label: "Open the website",
      keywords: ["home", "public"],
      run: () => navigateTo("/", { report: (title) => toast({ title, color: "error" }) }),
    },
  );
  return actions;
}
