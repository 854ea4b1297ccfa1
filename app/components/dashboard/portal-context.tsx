import { createContext, useContext } from "react";
import type { Capabilities } from "../../lib/portal/nav.ts";

/** What every portal page knows about the person using it, from the dashboard layout's loader. */
export type PortalViewer = {
  id: string;
  name: string | null;
  email: string | null;
  picture: string | null;
  role: string;
  colorMode: "light" | "dark" | "system";
  sessionId: string | null;
};

export type Portal = { viewer: PortalViewer; capabilities: Capabilities; csrfToken: string };

export const PortalContext = createContext<Portal | null>(null);

export function usePortal(): Portal {
  const portal = useContext(PortalContext);
  if (!portal) throw new Error("usePortal() is for pages inside the dashboard layout");
  return portal;
}

/** The session's CSRF token, which every form that writes carries (the server checks it). */
export function CsrfField() {
  return <input type="hidden" name="csrf" value={usePortal().csrfToken} />;
}
