import { useEffect } from "react";
import type { ActionFailure } from "../../lib/action-failure.ts";
import { toast } from "./toaster.tsx";

/** A failed write is said twice: in a toast now, and beside the form that sent it. */
export function useFailureToast(failure: ActionFailure | undefined): void {
  useEffect(() => {
    if (failure) toast({ title: "Nothing was changed", description: failure.message, color: "error" });
  }, [failure]);
}

/** The failure's message for one form, or nothing. */
export function failureFor(failure: ActionFailure | undefined, intent: string): ActionFailure | undefined {
  return failure?.intent === intent ? failure : undefined;
}
