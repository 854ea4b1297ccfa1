import { useCallback, useEffect, useState } from "react";
import {
  applyColorMode,
  colorModeStorageKey,
  forcedSystemWarning,
  isColorModePreference,
  type ColorModePreference,
} from "../../lib/color-mode.ts";
import { graphql } from "../../lib/graphql.ts";
import type { PortalViewer } from "./portal-context.tsx";
import { toast } from "./toaster.tsx";

const portalApi = () => import("../../lib/portal/api.ts").then((module) => module.portalApi);

const SavePreferences = graphql(`
  mutation SaveColorMode($input: UpdatePreferencesInput!) {
    updatePreferences(input: $input) {
      version
      colorMode
    }
  }
`);

function storedPreference(): ColorModePreference {
  try {
    const stored = localStorage.getItem(colorModeStorageKey);
    return isColorModePreference(stored) ? stored : "system";
  } catch {
    return "system";
  }
}

function showColorMode(preference: ColorModePreference): void {
  try {
    localStorage.setItem(colorModeStorageKey, preference);
  } catch {
    // Without storage the choice still applies to this page.
  }
  applyColorMode(colorModeStorageKey, document.documentElement.dataset.forceColorMode ?? null, forcedSystemWarning);
}

/**
 * The signed-in person's colour mode: shown at once in this browser when chosen (from
 * the user menu or the palette), then saved to their account, so it follows them from
 * device to device. A save that fails says so, and the choice still holds here.
 */
export function useAccountColorMode(
  viewer: Pick<PortalViewer, "id" | "colorMode">,
  version: number,
): [ColorModePreference, (mode: ColorModePreference) => void] {
  const [colorMode, setColorMode] = useState<ColorModePreference>(viewer.colorMode);
  const [savedVersion, setSavedVersion] = useState(version);

  // The account's colour mode follows the person from device to device.
  useEffect(() => {
    if (storedPreference() !== viewer.colorMode) showColorMode(viewer.colorMode);
  }, [viewer.colorMode]);

  const chooseColorMode = useCallback(
    (mode: ColorModePreference) => {
      setColorMode(mode);
      showColorMode(mode);
      portalApi()
        .then((api) =>
          api.request(SavePreferences, { input: { id: viewer.id, version: savedVersion, colorMode: mode } }),
        )
        .then((saved) => setSavedVersion(saved.updatePreferences.version))
        .catch((error: unknown) =>
          toast({
            title: "Your colour mode was not saved to your account",
            description: `${error instanceof Error ? error.message : ""} It still applies in this browser.`,
            color: "warning",
          }),
        );
    },
    [viewer.id, savedVersion],
  );

  return [colorMode, chooseColorMode];
}
