import {
  analyticsLoaders,
  consentCategories,
  jsonObject,
  loaderNames,
  type ConsentCategory,
  type LoaderName,
  type SiteAnalytics,
} from "./analytics.ts";

/**
 * A visitor's consent to the analytics loaders, kept in their browser (localStorage):
 * an answer per category they were asked about. A category they were never asked about
 * (a loader of a new kind turned on since) has no answer, and the banner asks again.
 */
export type ConsentChoice = { categories: Partial<Record<ConsentCategory, boolean>>; savedAt: string };

export const consentStorageKey = "densara-consent";

const categoryOrder = Object.keys(consentCategories) as ConsentCategory[];

/** The categories of the loaders that are on, in the banner's order. */
export function categoriesOf(analytics: SiteAnalytics): ConsentCategory[] {
  const present = new Set(loaderNames.filter((name) => analytics[name]).map((name) => analyticsLoaders[name].category));
  return categoryOrder.filter((category) => present.has(category));
}

/** The tools of one category that are on, by name, for the banner. */
export function toolsOf(analytics: SiteAnalytics, category: ConsentCategory): string[] {
  return loaderNames
    .filter((name) => analytics[name] && analyticsLoaders[name].category === category)
    .map((name) => analyticsLoaders[name].tool);
}

/** A stored choice read back; anything else (absent, edited, from an older form) is no choice. */
export function parseChoice(raw: string | null): ConsentChoice | null {
  const value = jsonObject(raw);
  if (!value) return null;
  const { categories, savedAt } = value;
  if (typeof savedAt !== "string" || typeof categories !== "object" || categories === null) return null;
  const answers: ConsentChoice["categories"] = {};
  for (const category of categoryOrder) {
    const answer: unknown = (categories as Record<string, unknown>)[category];
    if (typeof answer === "boolean") answers[category] = answer;
  }
  return { categories: answers, savedAt };
}

/** Whether to ask: no choice yet, or a category of a loader now on was never answered. */
export function needsAsking(choice: ConsentChoice | null, analytics: SiteAnalytics): boolean {
  return !choice || categoriesOf(analytics).some((category) => choice.categories[category] === undefined);
}

/** The loaders the choice allows, of those that are on. */
export function allowedLoaders(choice: ConsentChoice | null, analytics: SiteAnalytics): LoaderName[] {
  if (!choice) return [];
  return loaderNames.filter((name) => analytics[name] && choice.categories[analyticsLoaders[name].category] === true);
}

/** The new choice: the answers given now, over the earlier ones (a category not asked about keeps its answer). */
export function choose(
  earlier: ConsentChoice | null,
  answers: Partial<Record<ConsentCategory, boolean>>,
  now: Date,
): ConsentChoice {
  return { categories: { ...earlier?.categories, ...answers }, savedAt: now.toISOString() };
}

/** Whether a category allowed before is refused now: scripts already running cannot be stopped but by a reload. */
export function withdrawsConsent(before: ConsentChoice | null, after: ConsentChoice): boolean {
  return categoryOrder.some((category) => before?.categories[category] === true && !after.categories[category]);
}
