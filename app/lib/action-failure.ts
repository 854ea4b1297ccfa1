/** What an action returns when the write failed: nothing changed, and the page says why (beside the form, and in a toast). */
export type ActionFailure = {
  intent: string;
  message: string;
  fields: Record<string, string>;
  /** What was typed, so the form shows it again and nothing is lost. */
  values: Record<string, string>;
};

/**
 * A form field's name, what it shows (after a refusal, what was typed; else what is
 * saved) and its message: spread onto a field, `{...fieldProps(failure, "city", saved.city)}`.
 */
export function fieldProps(failure: ActionFailure | undefined, name: string, saved: string | null | undefined) {
  return { name, defaultValue: failure?.values[name] ?? saved ?? "", error: failure?.fields[name] };
}
