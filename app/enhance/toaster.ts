import { toastCardClasses, toastTones } from "../components/ui/toast-tones.ts";
import { createToastStore, defaultToastIcon, type Toast, type ToastInput } from "../lib/toast-store.ts";

const store = createToastStore();

export function toast(input: ToastInput): string {
  return store.add(input);
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The toast's avatar when it has one, else its icon, copied from the page's prerendered templates. */
function picture(item: Toast): Node | null {
  if (item.avatar) {
    const img = element("img", "size-10 shrink-0 rounded-full object-cover");
    img.src = item.avatar.src;
    img.alt = item.avatar.alt;
    img.width = 40;
    img.height = 40;
    img.decoding = "async";
    img.dataset.toastAvatar = "";
    return img;
  }
  const name = item.icon ?? defaultToastIcon[item.color];
  const template = document.querySelector<HTMLTemplateElement>(`template[data-toast-icon="${name}"]`);
  const icon = template?.content.firstElementChild?.cloneNode(true);
  if (!(icon instanceof SVGElement)) return null;
  icon.classList.add(...toastTones[item.color].icon.split(" "));
  icon.dataset.toastIcon = name;
  return icon;
}

function renderToast(item: Toast): HTMLLIElement {
  const li = element("li", `${toastCardClasses} ${toastTones[item.color].border}`);
  li.dataset.toastId = item.id;
  const drawn = picture(item);
  if (drawn) li.append(drawn);
  const body = element("div", "min-w-0 flex-1");
  body.append(element("p", "text-base font-semibold text-gray-950 dark:text-white", item.title));
  if (item.description) body.append(element("p", "mt-1 text-sm text-gray-700 dark:text-gray-300", item.description));
  if (item.actions?.length) {
    const actions = element("div", "mt-3 flex gap-3");
    for (const action of item.actions) {
      const control = action.href ? element("a", "", action.label) : element("button", "", action.label);
      control.className = "text-sm font-semibold text-bdblue-700 underline underline-offset-2 dark:text-bdblue-300";
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
    "-m-1 inline-flex size-9 shrink-0 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800",
  );
  // The cross, copied from the template beside the toaster's list (see ToastIconTemplates).
  const cross = document.querySelector<HTMLTemplateElement>("template[data-toast-dismiss]")?.content.firstElementChild;
  if (cross) close.append(cross.cloneNode(true));
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
}
