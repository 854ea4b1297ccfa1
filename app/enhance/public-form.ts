import { alertClasses } from "../components/ui/alert.ts";
import { toast } from "./toaster.ts";

/**
 * A public form (the contact form, the certification application), enhanced: each field is checked as it is left, with
 * the browser's own message in the field's error slot; the form is sent without a reload.
 * The server stays the judge: what it refuses comes back as the page it would have shown
 * without JavaScript, and its form (the visitor's words kept, the server's messages beside
 * them, a fresh ticket) takes the place of this one. Without JavaScript none of this runs
 * and the form posts as a plain form.
 */

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const errorClasses = ["text-sm", "font-medium", "text-red-700", "dark:text-red-300"];

function controls(form: HTMLFormElement): Control[] {
  return [...form.elements].filter(
    (element): element is Control =>
      (element instanceof HTMLInputElement && element.type !== "hidden") ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement,
  );
}

/** The element that says a control's error: its fieldset for radios, else itself. */
function owner(control: Control): HTMLElement {
  return (control instanceof HTMLInputElement && control.type === "radio" && control.closest("fieldset")) || control;
}

function errorSlotId(target: HTMLElement): string {
  if (!target.id) target.id = `field-${Math.random().toString(36).slice(2, 10)}`;
  return `${target.id}-live-error`;
}

/** Keeps the descriptions of a control that pass the test, and removes the others' elements. */
function describedBy(target: HTMLElement, keep: (element: HTMLElement | null, id: string) => boolean): void {
  const kept = (target.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => {
    if (!id) return false;
    const element = document.getElementById(id);
    if (keep(element, id)) return true;
    element?.remove();
    return false;
  });
  if (kept.length) target.setAttribute("aria-describedby", kept.join(" "));
  else target.removeAttribute("aria-describedby");
}

/** Shows (or clears) the browser's message for a control, tied to it like the server's own. */
function showValidity(control: Control): boolean {
  const target = owner(control);
  const slotId = errorSlotId(target);
  let slot = document.getElementById(slotId);
  const message = control.validity.valid ? "" : control.validationMessage;
  // The server's message for this field, from the last answer, gives way to the live one.
  describedBy(target, (element) => !element?.hasAttribute("data-server-error"));
  frame(target, !message);
  if (!message) {
    describedBy(target, (_element, id) => id !== slotId);
    target.removeAttribute("aria-invalid");
    return true;
  }
  if (!slot) {
    slot = document.createElement("p");
    slot.id = slotId;
    slot.classList.add(...errorClasses);
    (target instanceof HTMLFieldSetElement ? target : (target.closest(".grid") ?? target)).append(slot);
    const described = target.getAttribute("aria-describedby");
    target.setAttribute("aria-describedby", described ? `${described} ${slotId}` : slotId);
  }
  slot.textContent = message;
  if (!(target instanceof HTMLFieldSetElement)) target.setAttribute("aria-invalid", "true");
  return false;
}

function alertIn(form: HTMLFormElement, message: string): void {
  form.querySelector("[data-form-alert]")?.remove();
  const alert = document.createElement("div");
  alert.setAttribute("role", "alert");
  alert.dataset.formAlert = "error";
  alert.tabIndex = -1;
  alert.className = alertClasses.error;
  alert.textContent = message;
  form.prepend(alert);
  alert.focus();
}

/** The thanks that takes the form's place once the message is kept (its words are the form's). */
function sent(form: HTMLFormElement, reference: string | null): void {
  const panel = document.createElement("div");
  panel.className =
    "grid max-w-3xl gap-4 rounded-2xl bg-emerald-50 p-6 ring-1 ring-emerald-200 dark:bg-emerald-950 dark:ring-emerald-800";
  panel.dataset.formSent = "";
  const heading = document.createElement("h3");
  heading.className = "text-xl font-bold text-gray-950 dark:text-white";
  heading.tabIndex = -1;
  heading.textContent = form.dataset.sentTitle ?? "Thank you: it reached us";
  panel.append(heading);
  if (reference) {
    const line = document.createElement("p");
    line.className = "text-lg text-gray-800 dark:text-gray-100";
    line.append("Your reference is ");
    const code = document.createElement("strong");
    code.className = "font-mono tracking-wider";
    code.textContent = reference;
    line.append(code, ". Please quote it when you write or call about this request.");
    panel.append(line);
  }
  const next = document.createElement("p");
  next.className = "text-base text-gray-700 dark:text-gray-300";
  next.textContent = form.dataset.sentBody ?? "";
  panel.append(next);
  form.replaceWith(panel);
  heading.focus();
  toast({
    title: form.dataset.sentToast ?? "Sent",
    description: reference ? `Your reference is ${reference}.` : form.dataset.sentBody,
    color: "success",
  });
}

async function send(form: HTMLFormElement, button: HTMLButtonElement | null): Promise<void> {
  const label = button?.textContent ?? "";
  if (button) {
    button.setAttribute("aria-disabled", "true");
    button.textContent = "Sending…";
  }
  try {
    const response = await fetch(form.action, {
      method: "POST",
      body: new URLSearchParams(
        [...new FormData(form)].map(([name, value]) => [name, typeof value === "string" ? value : ""]),
      ),
      headers: { Accept: "text/html" },
    });
    const landed = new URL(response.url);
    if (response.ok && landed.pathname === form.dataset.sentPath) {
      sent(form, landed.searchParams.get("reference"));
      return;
    }
    const answer = new DOMParser().parseFromString(await response.text(), "text/html");
    const refused = answer.querySelector<HTMLFormElement>(
      `form[data-public-form][action="${form.getAttribute("action") ?? ""}"]`,
    );
    if (!refused) {
      alertIn(form, "Your message could not be sent just now. Nothing was lost: try again in a minute, or call us.");
      return;
    }
    form.replaceChildren(...[...refused.childNodes].map((node) => document.importNode(node, true)));
    enhance(form);
    form.querySelector<HTMLElement>("[data-form-alert]")?.focus();
  } catch {
    alertIn(form, "We could not reach the server. Nothing was lost: check your connection and send it again.");
  } finally {
    if (button?.isConnected) {
      button.removeAttribute("aria-disabled");
      button.textContent = label;
    }
  }
}

/** The field's frame says whether it holds a problem (the server draws the same classes). */
function frame(target: HTMLElement, valid: boolean): void {
  if (target instanceof HTMLFieldSetElement || (target instanceof HTMLInputElement && target.type === "checkbox"))
    return;
  for (const name of ["border-red-600", "dark:border-red-400"]) target.classList.toggle(name, !valid);
  for (const name of ["border-gray-500", "dark:border-gray-500"]) target.classList.toggle(name, valid);
}

function enhance(form: HTMLFormElement): void {
  form.noValidate = true;
  // A form the server refused: its messages give way to live ones as soon as the field changes.
  const refused = form.querySelector("[data-form-alert]") !== null;
  for (const message of form.querySelectorAll("p[id$='-error']")) message.setAttribute("data-server-error", "");
  for (const control of controls(form)) {
    if (control.name === "website") continue;
    if (refused) control.dataset.touched = "";
    const check = () => control.dataset.touched !== undefined && showValidity(control);
    control.addEventListener("blur", () => {
      control.dataset.touched = "";
      check();
    });
    control.addEventListener("input", check);
    control.addEventListener("change", check);
  }
}

export function initPublicForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-public-form]")) {
    enhance(form);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
      if (button?.getAttribute("aria-disabled") === "true") return;
      const checked = controls(form).filter((control) => control.name !== "website");
      // From now on each field's message follows the typing, rather than waiting for it to be left.
      for (const control of checked) control.dataset.touched = "";
      const invalid = checked.filter((control) => !showValidity(control));
      if (invalid.length > 0) {
        const count = new Set(invalid.map((control) => control.name)).size;
        alertIn(
          form,
          count === 1
            ? "One field needs your attention: see below."
            : `${count} fields need your attention: see below.`,
        );
        invalid[0]?.focus();
        return;
      }
      void send(form, button);
    });
  }
}
