import { checkNavigation, NavigationError } from "../../shared/safe-navigation.ts";
import type { AuthNotice } from "./notices.ts";

/**
 * Spec §8 on the server: a sign-in asked to return to another site, or to an address with a
 * disallowed scheme (`javascript:`, `data:`…), is refused with the notice that says so. What
 * stays on the site but cannot be returned to (the sign-in endpoints, control characters)
 * still falls back quietly in `safeReturnTo`.
 */
export function returnToRefusal(value: string | undefined, origin: string): AuthNotice | undefined {
  if (value === undefined || value === "") return undefined;
  try {
    checkNavigation(value, origin);
    return undefined;
  } catch (error) {
    if (!(error instanceof NavigationError)) throw error;
    if (error.reason === "external") return "signin-return-elsewhere";
    if (error.reason === "protocol") return "signin-return-protocol";
    return undefined;
  }
}
