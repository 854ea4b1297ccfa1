/** What an action returns when the write failed: nothing changed, and the page says why (beside the form, and in a toast). */
export type ActionFailure = {
  intent: string;
  message: string;
  fields: Record<string, string>;
  /** What was typed, so the form shows it again and nothing is lost. */
  values: Record<string, string>;
};
