/**
 * An event as one sentence that names the actor once. Someone acting on their own
 * account reads "signed in", "changed their profile", not "Aisha signed in Aisha" or
 * "Aisha changed the profile of Aisha".
 */
export function activitySentence(row: { actorLabel: string; words: string; targetLabel: string | null }): {
  words: string;
  target: string | null;
} {
  const target = row.targetLabel;
  if (!target || target !== row.actorLabel) return { words: row.words, target };
  const ownThing = /^(.*) the (.+) of$/.exec(row.words);
  if (ownThing) return { words: `${ownThing[1]} their ${ownThing[2]}`, target: null };
  // Words that end without a preposition ("signed in") already say it all.
  if (!/ (of|to|from|for|with):?$/.test(row.words)) return { words: row.words, target: null };
  return { words: row.words, target };
}
