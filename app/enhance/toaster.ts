import { createToastStore, type Toast, type ToastInput } from "../lib/toast-store.ts";

/** Other modules raise a toast with `document.dispatchEvent(new CustomEvent(toastEvent, { detail: input }))`. */
export const toastEvent = "densara:toast";

const store = createToastStore();

export function toast(input: ToastInput): string {
  return store.add(input);
}

const colorClasses: Record<Toast["color"], string> = {
  info: "border-bdblue-300 dark:border-bdblue-700",
  success: "border-emerald-400 dark:border-emerald-700",
  warning: "border-amber-400 dark:border-amber-700",
  error: "border-red-400 dark:border-red-700",
};

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function renderToast(item: Toast): HTMLLIElement {
  const li = element(
    "li",
    `pointer-events-auto flex gap-3 rounded-xl border-l-4 bg-white p-4 shadow-lg ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800 ${colorClasses[item.color]}`,
  );
  li.dataset.toastId = item.id;
  if (item.avatar) {
    const img = element("img", "size-10 shrink-0 rounded-full");
    img.src = item.avatar.src;
    img.alt = item.avatar.alt;
    img.width = 40;
    img.height = 40;
    li.append(img);
  }
  const body = element("div", "min-w-0 flex-1");
  body.append(element("p", "text-sm font-semibold text-gray-950 dark:text-white", item.title));
  if (item.description) body.append(element("p", "mt-1 text-sm text-gray-700 dark:text-gray-300", item.description));
  if (item.actions?.length) {
    const actions = element("div", "mt-3 flex gap-3");
    for (const action of item.actions) {
      const control = action.href ? element("a", "", action.label) : element("button", "", action.label);
      control.className =
        "text-sm font-semibold text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300";
      if (control instanceof HTMLAnchorElement && action.href) control.href = action.href;
      if (control instanceof HTMLButtonElement) control.type = "button";
      control.addEventListener("click", () => {
        action.onClick?.();
        store.remove(item.id);
      });
      actions.append(control);
    }
    body.append(actions);
  }
  const close = element(
    "button",
    "-m-1 inline-flex size-9 shrink-0 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 dark:text-gray-400 dark:hover:bg-gray-800",
    "×",
  );
  close.type = "button";
  close.setAttribute("aria-label", `Dismiss: ${item.title}`);
  close.addEventListener("click", () => store.remove(item.id));
  li.append(body, close);
  // Hovering or focusing a toast stops its clock, so nobody loses a message while reading it.
  li.addEventListener("pointerenter", () => store.pause(item.id));
  li.addEventListener("pointerleave", () => store.resume(item.id));
  li.addEventListener("focusin", () => store.pause(item.id));
  li.addEventListener("focusout", () => store.resume(item.id));
  return li;
}

/** Renders toasts into the page's notification region, whose live region announces them. */
export function initToaster() {
  const list = document.querySelector<HTMLOListElement>("[data-toaster] ol");
  if (!list) return;
  store.subscribe((toasts) => {
    const ids = new Set(toasts.map((item) => item.id));
    for (const node of list.querySelectorAll<HTMLLIElement>("li[data-toast-id]")) {
      if (!ids.has(node.dataset.toastId ?? "")) node.remove();
    }
    for (const item of toasts) {
      if (!list.querySelector(`li[data-toast-id="${CSS.escape(item.id)}"]`)) list.append(renderToast(item));
    }
  });
  document.addEventListener(toastEvent, (event) => {
    const detail: unknown = (event as CustomEvent<unknown>).detail;
    if (typeof detail === "object" && detail !== null && typeof (detail as { title?: unknown }).title === "string") {
      toast(detail as ToastInput);
    }
  });
}
