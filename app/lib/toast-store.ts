import { type ToastAvatar, type ToastIconName } from "../../shared/contracts/toast.ts";

/** Spec §3 "Notification (toast)" and §9: toasts close after 5000 ms unless told otherwise, and pause while hovered. */
export const defaultToastTimeout = 5000;

export type ToastColor = "info" | "success" | "warning" | "error";

/** A toast that names no icon shows its colour's. */
export const defaultToastIcon = {
  success: "circle-check",
  error: "circle-alert",
  warning: "triangle-alert",
  info: "info",
} as const satisfies Record<ToastColor, ToastIconName>;

type ToastAction = { label: string; href?: string; onClick?: () => void };

export type ToastInput = {
  id?: string;
  title: string;
  description?: string;
  /** By default the colour's own icon; an avatar, when given, is drawn instead. */
  icon?: ToastIconName;
  avatar?: ToastAvatar;
  /** Milliseconds before it closes by itself; 0 keeps it until dismissed. */
  timeout?: number;
  actions?: ToastAction[];
  color?: ToastColor;
  /** Called once when the toast closes, however it closes. */
  callback?: () => void;
};

export type Toast = Omit<ToastInput, "id" | "timeout" | "color"> & { id: string; timeout: number; color: ToastColor };

export type Clock = {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

type Entry = { toast: Toast; remaining: number; startedAt: number; timer: unknown; paused: boolean };

const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createToastStore(clock: Clock = systemClock) {
  const entries = new Map<string, Entry>();
  const listeners = new Set<(toasts: Toast[]) => void>();
  let counter = 0;

  const emit = () => {
    const list = [...entries.values()].map((entry) => entry.toast);
    for (const listener of listeners) listener(list);
  };

  const arm = (entry: Entry) => {
    if (entry.toast.timeout <= 0) return;
    entry.startedAt = clock.now();
    entry.timer = clock.setTimeout(() => remove(entry.toast.id), entry.remaining);
  };

  function add(input: ToastInput): string {
    const id = input.id ?? `toast-${++counter}`;
    if (entries.has(id)) remove(id);
    const toast: Toast = { ...input, id, timeout: input.timeout ?? defaultToastTimeout, color: input.color ?? "info" };
    const entry: Entry = { toast, remaining: toast.timeout, startedAt: clock.now(), timer: undefined, paused: false };
    entries.set(id, entry);
    arm(entry);
    emit();
    return id;
  }

  function remove(id: string) {
    const entry = entries.get(id);
    if (!entry) return;
    clock.clearTimeout(entry.timer);
    entries.delete(id);
    emit();
    entry.toast.callback?.();
  }

  function pause(id: string) {
    const entry = entries.get(id);
    if (!entry || entry.paused || entry.toast.timeout <= 0) return;
    clock.clearTimeout(entry.timer);
    entry.remaining = Math.max(0, entry.remaining - (clock.now() - entry.startedAt));
    entry.paused = true;
  }

  function resume(id: string) {
    const entry = entries.get(id);
    if (!entry || !entry.paused) return;
    entry.paused = false;
    arm(entry);
  }

  function subscribe(listener: (toasts: Toast[]) => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return { add, remove, pause, resume, subscribe, list: () => [...entries.values()].map((entry) => entry.toast) };
}
