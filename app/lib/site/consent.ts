import {
  analyticsLoaders,
  consentCategories,
  jsonObject,
  loaderNames,
  type ConsentCategory,
  type LoaderName,
  type SiteAnalytics,
} from "../../../shared/analytics.ts";

/**
 * A visitor's consent to the analytics loaders, kept in their browser (localStorage): an
 * answer per category, and the loaders they were shown when they gave it. Consent is to
 * the tools named: a loader turned on since (of a new category, or a new tool in an
 * answered one) brings the banner back, and does not load until it is answered.
 */
export type ConsentChoice = {
  categories: Partial<Record<ConsentCategory, boolean>>;
  loaders: LoaderName[];
  savedAt: string;
};

export const consentStorageKey = "densara-consent";

const categoryOrder = Object.keys(consentCategories) as ConsentCategory[];

const onIn = (analytics: SiteAnalytics) => loaderNames.filter((name) => analytics[name]);

/** The categories of the loaders that are on, in the banner's order. */
export function categoriesOf(analytics: SiteAnalytics): ConsentCategory[] {
  const present = new Set(onIn(analytics).map((name) => analyticsLoaders[name].category));
  return categoryOrder.filter((category) => present.has(category));
}

/** The tools of one category that are on, by name, for the banner. */
export function toolsOf(analytics: SiteAnalytics, category: ConsentCategory): string[] {
  return onIn(analytics)
    .filter((name) => analyticsLoaders[name].category === category)
    .map((name) => analyticsLoaders[name].tool);
}

/** A stored choice read back; anything else (absent, edited, from an older form) is no choice. */
export function parseChoice(raw: string | null): ConsentChoice | null {
  const value = jsonObject(raw);
  if (!value) return null;
  const { categories, loaders, savedAt } = value;
  if (typeof savedAt !== "string" || typeof categories !== "object" || categories === null) return null;
  if (!Array.isArray(loaders)) return null;
  const answers: ConsentChoice["categories"] = {};
  for (const category of categoryOrder) {
    const answer: unknown = (categories as Record<string, unknown>)[category];
    if (typeof answer === "boolean") answers[category] = answer;
  }
  const shown = loaderNames.filter((name) => loaders.includes(name));
  return { categories: answers, loaders: shown, savedAt };
}

/** Whether to ask: no choice yet, or a loader now on was not among those the answer was given for. */
export function needsAsking(choice: ConsentChoice | null, analytics: SiteAnalytics): boolean {
  return !choice || onIn(analytics).some((name) => !choice.loaders.includes(name));
}

/** The loaders the choice allows, of those that are on: shown when it was given, and of an allowed category. */
export function allowedLoaders(choice: ConsentChoice | null, analytics: SiteAnalytics): LoaderName[] {
  if (!choice) return [];
  return onIn(analytics).filter(
    (name) => choice.loaders.includes(name) && choice.categories[analyticsLoaders[name].category] === true,
  );
}

/**
 * The new choice: the answers given now over the earlier ones (a category not asked about
 * keeps its answer), given for the loaders on now and those of the earlier answer.
 */
export function choose(
  earlier: ConsentChoice | null,
  answers: Partial<Record<ConsentCategory, boolean>>,
  analytics: SiteAnalytics,
  now: Date,
): ConsentChoice {
  const shown = new Set([...(earlier?.loaders ?? []), ...onIn(analytics)]);
  return {
    categories: { ...earlier?.categories, ...answers },
    loaders: loaderNames.filter((name) => shown.has(name)),
    savedAt: now.toISOString(),
  };
}

/** Whether a category allowed before is refused now: scripts already running cannot be stopped but by a reload. */
export function withdrawsConsent(before: ConsentChoice | null, after: ConsentChoice): boolean {
  return categoryOrder.some((category) => before?.categories[category] === true && !after.categories[category]);
}
