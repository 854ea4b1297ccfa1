import { parseSessionStatus, type SessionStatus } from "../lib/site/session-status.ts";
import { toast } from "./toaster.ts";

function apply(status: SessionStatus) {
  for (const region of document.querySelectorAll<HTMLElement>("[data-session]")) {
    region.dataset.sessionState = status.signedIn ? "signed-in" : "signed-out";
    for (const input of region.querySelectorAll<HTMLInputElement>('input[name="csrf"]')) {
      input.value = status.signedIn ? status.csrfToken : "";
    }
  }
}

async function fetchStatus(): Promise<SessionStatus> {
  try {
    const response = await fetch("/auth/session", { headers: { Accept: "application/json" }, cache: "no-store" });
    return response.ok ? parseSessionStatus(await response.json()) : { signedIn: false };
  } catch {
    return { signedIn: false };
  }
}

/**
 * The header of a prerendered page learns who is signed in from one small request,
 * so the HTML itself never carries one person's state. A message left by sign-in or
 * sign-out (say, an expired sign-in) arrives with it and shows as a toast.
 */
export async function initSession() {
  if (!document.querySelector("[data-session]")) return;
  const status = await fetchStatus();
  apply(status);
  if (status.notice) toast({ title: status.notice, color: "warning", timeout: 0 });
}
