import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "../ui/button.tsx";
import { rememberFocusAnchor } from "../ui/focus-anchor.ts";

/**
 * Whether the form sent with this `intent` (and, for a form about one row, this `id`) is
 * on its way or its page is reloading after it.
 */
export function useSending(intent: string, id?: string): boolean {
  const navigation = useNavigation();
  const data = navigation.formData;
  return navigation.state !== "idle" && data?.get("intent") === intent && (id === undefined || data.get("id") === id);
}

/** Whether the form that sent exactly these fields (a confirmed form's hidden ones) is on its way, or its page reloading after it. */
export function useSendingFields(fields: Record<string, string | number>): boolean {
  const navigation = useNavigation();
  const data = navigation.formData;
  return (
    navigation.state !== "idle" &&
    data !== undefined &&
    Object.entries(fields).every(([name, value]) => data.get(name) === String(value))
  );
}

/**
 * A form's submit button that shows it is working: a spinner and `pendingLabel` while its
 * form is on its way. It stays focusable (marked `aria-disabled`, and a second press does
 * nothing), so focus is where it was when the answer comes.
 */
export function SubmitButton({
  intent,
  id,
  children,
  pendingLabel = "Saving…",
  variant = "primary",
  size = "md",
  className,
  name,
  value,
  form,
  label,
}: {
  intent: string;
  id?: string;
  children: ReactNode;
  pendingLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** A button that sends its own value (`name="intent" value="…"`). */
  name?: string;
  value?: string;
  form?: string;
  /** An accessible name, when the visible words need the record's name beside them. */
  label?: string;
}) {
  const sending = useSending(intent, id);
  return (
    <button
      type="submit"
      name={name}
      value={value}
      form={form}
      aria-label={sending ? undefined : label}
      aria-disabled={sending || undefined}
      onClick={(event) => {
        if (sending) event.preventDefault();
        else rememberFocusAnchor(event.currentTarget);
      }}
      className={buttonClasses(variant, size, className)}
    >
      <Pending sending={sending} label={pendingLabel}>
        {children}
      </Pending>
    </button>
  );
}

/** A button's words, or while its form is on its way a spinner and `label` ("Saving…"). */
export function Pending({ sending, label, children }: { sending: boolean; label: string; children: ReactNode }) {
  if (!sending) return children;
  return (
    <>
      <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
      {label}
    </>
  );
}
