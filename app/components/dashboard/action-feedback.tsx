import { useEffect } from "react";
import type { ActionFailure } from "../../lib/action-failure.ts";
import { toast } from "./toaster.tsx";

/**
 * A failed write is said once, where it happened: beside the form that sent it (its
 * `FormAlert`, which takes focus, and its fields' messages). Only a failure that no form
 * on the page shows (a button in a table row, say) is said in a toast instead. The
 * check runs after the page has drawn the answer, so it sees what is really shown.
 */
export function useFailureToast(failure: ActionFailure | undefined): void {
  useEffect(() => {
    if (!failure) return;
    const shown = [...document.querySelectorAll('[data-form-alert="error"]')].some(
      (alert) => alert.textContent === failure.message,
    );
    if (!shown) toast({ title: "Nothing was changed", description: failure.message, color: "error" });
  }, [failure]);
}

/** The failure's message for one form, or nothing. */
export function failureFor(failure: ActionFailure | undefined, intent: string): ActionFailure | undefined {
  return failure?.intent === intent ? failure : undefined;
}
