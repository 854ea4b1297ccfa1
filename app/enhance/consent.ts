import {
  analyticsBlockAttribute,
  consentCategories,
  readAnalyticsBlock,
  type ConsentCategory,
  type SiteAnalytics,
} from "../../shared/analytics.ts";
import {
  allowedLoaders,
  categoriesOf,
  choose,
  consentStorageKey,
  needsAsking,
  parseChoice,
  toolsOf,
  withdrawsConsent,
  type ConsentChoice,
} from "../lib/site/consent.ts";
import { load, tellGoogle } from "./analytics-loaders.ts";
import { toast } from "./toaster.ts";

/**
 * Consent first, then the analytics loaders (ADR 030). Loaded by the site module only
 * on a page that carries the loaders' data block, so a site with none configured ships
 * none of this. The banner is a region, not a dialog: it never traps focus, sits first
 * in the reading order after the skip link, and shows at the foot of the window.
 */

/** After a reload that stopped a loader, the next page says the choice was saved. */
const savedNoteKey = "densara-consent-saved";

const buttonBase =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2";
// "Accept all" and "Reject all" look alike: neither answer is the easier one to give.
const answerButton = `${buttonBase} bg-bdblue-600 text-white shadow-sm hover:bg-bdblue-700 dark:bg-bdblue-400 dark:text-gray-950 dark:hover:bg-bdblue-300`;
const saveButton = `${buttonBase} bg-white text-gray-900 ring-1 ring-gray-300 ring-inset hover:bg-gray-50 dark:bg-gray-900 dark:text-white dark:ring-gray-700 dark:hover:bg-gray-800`;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function readChoice(): ConsentChoice | null {
  try {
    return parseChoice(localStorage.getItem(consentStorageKey));
  } catch {
    // Storage refused (a locked-down browser): nothing was chosen, and nothing loads.
    return null;
  }
}

function storeChoice(choice: ConsentChoice): boolean {
  try {
    localStorage.setItem(consentStorageKey, JSON.stringify(choice));
    return true;
  } catch {
    return false;
  }
}

/** First-party cookies and storage the loaders leave on this site, cleared when their category is refused. */
const leftBehind = /^(_ga|_gid|_gat|_gcl|_fbp|_fbc|_uet|li_|ajs_)/;

function clearLeftBehind(): void {
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim() ?? "";
    if (!leftBehind.test(name)) continue;
    // Set on this host or any domain above it (the registrable one is among them; the browser ignores the rest).
    const labels = location.hostname.split(".");
    const domains = ["", ...labels.map((_, index) => labels.slice(index).join("."))];
    for (const domain of domains) {
      document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ""}`;
    }
  }
  try {
    for (const key of Object.keys(localStorage)) if (leftBehind.test(key)) localStorage.removeItem(key);
  } catch {
    // Nothing to clear where storage is refused.
  }
}

export function initConsent(): void {
  const block = document.querySelector<HTMLScriptElement>(`script[${analyticsBlockAttribute}]`);
  const analytics = readAnalyticsBlock(block?.textContent);
  if (analytics) startConsent(analytics);
}

function startConsent(analytics: SiteAnalytics): void {
  const categories = categoriesOf(analytics);
  const opener = document.querySelector<HTMLButtonElement>("[data-consent-open]");
  let choice = readChoice();
  let banner: HTMLElement | null = null;
  const root = document.documentElement;

  const google = Boolean(analytics.tagManager ?? analytics.webAnalytics);
  /** Loads what the choice allows (a loader already loaded is not loaded twice), Google told first. */
  function loadAllowed(allowed: ConsentChoice | null): void {
    const names = allowedLoaders(allowed, analytics);
    if (google && allowed) {
      tellGoogle({
        measurement: allowed.categories.measurement === true,
        marketing: allowed.categories.marketing === true,
      });
    }
    for (const name of names) load(name, analytics[name] ?? "");
  }

  loadAllowed(choice);

  try {
    if (sessionStorage.getItem(savedNoteKey)) {
      sessionStorage.removeItem(savedNoteKey);
      toast({ title: "Your choices are saved", color: "success" });
    }
  } catch {
    // No note to show.
  }

  /** Keeps what the banner covers in view: the page scrolls past it, and focus never hides under it. */
  const fitter =
    typeof ResizeObserver === "function"
      ? new ResizeObserver(([entry]) => {
          const height = `${Math.ceil(entry?.borderBoxSize[0]?.blockSize ?? 0)}px`;
          root.style.scrollPaddingBottom = height;
          document.body.style.paddingBottom = height;
        })
      : null;

  /** Puts the banner away. Focus goes back to the footer's button it was opened from, or stays where the reader was. */
  function close(fromOpener: boolean): void {
    if (!banner) return;
    fitter?.disconnect();
    root.style.scrollPaddingBottom = "";
    document.body.style.paddingBottom = "";
    const hadFocus = banner.contains(document.activeElement);
    banner.remove();
    banner = null;
    if (fromOpener && opener) opener.focus();
    // A first visit's banner answered: the page goes on from its main content, not scrolled anywhere.
    else if (hadFocus) document.getElementById("main")?.focus({ preventScroll: true });
  }

  function save(answers: Partial<Record<ConsentCategory, boolean>>, fromOpener: boolean): void {
    const before = choice;
    const after = choose(before, answers, analytics, new Date());
    if (!storeChoice(after)) {
      toast({
        title: "Your choices could not be saved",
        description: "This browser does not let the site keep them. Nothing was loaded.",
        color: "warning",
      });
      return;
    }
    choice = after;
    if (withdrawsConsent(before, after)) {
      // A script that has run cannot be unloaded: the page starts again without it.
      clearLeftBehind();
      try {
        sessionStorage.setItem(savedNoteKey, "1");
      } catch {
        // The reload happens all the same.
      }
      location.reload();
      return;
    }
    close(fromOpener);
    loadAllowed(after);
    toast({ title: "Your choices are saved", color: "success" });
  }

  function open(fromOpener: boolean): void {
    if (banner) {
      banner.querySelector<HTMLElement>("h2")?.focus();
      return;
    }
    const section = element(
      "section",
      "fixed inset-x-0 bottom-0 z-50 max-h-[70vh] overflow-y-auto [@media(max-height:30rem)]:max-h-[50vh] border-t border-gray-200 bg-white shadow-[0_-8px_24px_rgb(0_0_0/0.12)] dark:border-gray-700 dark:bg-gray-900",
    );
    section.dataset.consentBanner = "";
    section.setAttribute("aria-labelledby", "consent-title");
    const inner = element(
      "div",
      "mx-auto grid max-w-7xl gap-4 px-4 py-5 sm:px-6 lg:grid-cols-[minmax(0,1fr)_auto] lg:px-8",
    );
    const text = element("div", "grid gap-2");
    const heading = element(
      "h2",
      "text-lg font-semibold text-gray-950 focus:outline-none dark:text-white",
      "Your privacy choices",
    );
    heading.id = "consent-title";
    heading.tabIndex = -1;
    const intro = element(
      "p",
      "text-base text-gray-700 dark:text-gray-300",
      "With your agreement, we use tools from other companies on these pages. Nothing of theirs loads until you say yes, and you can change your mind at any time under “Cookie choices” at the foot of every page.",
    );
    text.append(heading, intro);

    const fieldset = element("fieldset", "grid gap-3");
    fieldset.append(element("legend", "sr-only", "What to allow"));
    const boxes = new Map<ConsentCategory, HTMLInputElement>();
    for (const category of categories) {
      const row = element("div", "flex items-start gap-3");
      const box = element("input", "mt-1 size-5 shrink-0 accent-bdblue-600 dark:accent-bdblue-400");
      box.type = "checkbox";
      box.name = category;
      box.id = `consent-${category}`;
      box.checked = choice?.categories[category] === true;
      boxes.set(category, box);
      const label = element(
        "label",
        "font-semibold text-gray-900 dark:text-gray-100",
        consentCategories[category].label,
      );
      label.htmlFor = box.id;
      // The box is named by its category; what it allows is its description.
      const about = element(
        "p",
        "text-sm text-gray-700 dark:text-gray-300",
        `${consentCategories[category].description} Tools: ${toolsOf(analytics, category).join(", ")}.`,
      );
      about.id = `consent-${category}-about`;
      box.setAttribute("aria-describedby", about.id);
      const words = element("div", "grid");
      words.append(label, about);
      row.append(box, words);
      fieldset.append(row);
    }
    text.append(fieldset);

    const actions = element("div", "flex flex-wrap items-center gap-3 lg:flex-col lg:items-stretch lg:self-center");
    const everything = (value: boolean) => Object.fromEntries(categories.map((category) => [category, value]));
    const button = (label: string, className: string, answers: () => Partial<Record<ConsentCategory, boolean>>) => {
      const control = element("button", className, label);
      control.type = "button";
      control.addEventListener("click", () => save(answers(), fromOpener));
      return control;
    };
    actions.append(
      button("Accept all", answerButton, () => everything(true)),
      button("Reject all", answerButton, () => everything(false)),
      button("Save my choices", saveButton, () =>
        Object.fromEntries(categories.map((category) => [category, boxes.get(category)?.checked === true])),
      ),
    );
    inner.append(text, actions);
    section.append(inner);
    // Escape puts away a banner opened from the footer; a first visit's banner waits for an answer.
    section.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && choice && !needsAsking(choice, analytics)) close(true);
    });
    // First in the reading order after the skip link.
    const skip = document.querySelector('a[href="#main"]');
    if (skip) skip.after(section);
    else document.body.prepend(section);
    banner = section;
    fitter?.observe(section);
    if (fromOpener) heading.focus();
  }

  if (opener) {
    opener.hidden = false;
    opener.addEventListener("click", () => open(true));
  }
  if (needsAsking(choice, analytics)) open(false);
}
